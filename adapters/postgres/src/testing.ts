/**
 * The package's second public entry (decision 0056): rows written straight to
 * the tables, the sold-count SQL and each port's constructor on a database,
 * for the suites (the contract tests of test/contracts among them), the apps' API tests and
 * the benches that set up or check a database below the ports. Kept apart
 * from "." so production code has no reason to reach for them.
 */
export { makeDatabase } from "./database"
export { migrateToLatest } from "./migrations"
export { makeAccountStandingStore, makeAgeVerificationRecords } from "./repos/account-standing"
export { makeAuditLog, makeAuditLogReader } from "./repos/audit-log"
export { makeBasketRepo } from "./repos/baskets"
export { makeClubDirectory, makeClubStore } from "./repos/clubs"
export { at, DAY, HOUR, MINUTE, newCompetition } from "./repos/competition-fixtures"
export { createCompetition } from "./repos/competition-writer"
export { makeComplaintStore } from "./repos/complaints"
export { makeContactMessageStore } from "./repos/contact-messages"
export { makeCustomerTicketRepo } from "./repos/customer-tickets"
export { makeDrawRecords, recordDraw } from "./repos/draw-records"
export { makeDrawRepo } from "./repos/draws"
export { makeHarmSignalFacts } from "./repos/harm-signal-facts"
export { makeImageStore } from "./repos/images"
export { makeInstantWinGroupStore } from "./repos/instant-win-groups"
export { makeInstantWinRepo } from "./repos/instant-wins"
export { makeOrderRefundRepo } from "./repos/order-refunds"
export { makeOrderRepo } from "./repos/orders"
export {
  competitionOnSale,
  customerPerson,
  customerWithEmail,
  NOW,
  newBasket,
  newClub,
  newCustomer,
  newOrder,
  newPromotion,
  poolCounts,
} from "./repos/orders-fixtures"
export { makePostalEntryRepo } from "./repos/postal-entries"
export {
  POSTAL_STAFF,
  personForm,
  postalEntriesOn,
  postalEntryPortsOn,
} from "./repos/postal-entries-fixtures"
export { makePromotionUses } from "./repos/promotion-uses"
export { makeReferralRepo } from "./repos/referrals"
export { makeResponsiblePlayEvents } from "./repos/responsible-play-events"
export { makeSecondFactorStore } from "./repos/second-factors"
export { makeStaffTicketReads } from "./repos/staff-tickets"
export { makeStaffUserRepo } from "./repos/staff-users"
export type { SuiteDatabase } from "./repos/suite-database"
export { makeTicketAllocator } from "./repos/ticket-allocator"
export { addTicketsSold, ticketsSoldOf } from "./repos/tickets-sold"
export { makeWinnerRecords } from "./repos/winner-records"
export { makeTransactions } from "./transactions"
