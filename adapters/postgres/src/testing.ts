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
export type { SuiteDatabase } from "./repos/catalogue.suite"
export { createCompetition } from "./repos/competition-writer"
export { makeComplaintStore } from "./repos/complaints"
export { makeContactMessageStore } from "./repos/contact-messages"
export { makeCustomerTicketRepo } from "./repos/customer-tickets"
export { recordDraw } from "./repos/draw-records"
export { makeHarmSignalFacts } from "./repos/harm-signal-facts"
export { makeImageStore } from "./repos/images"
export { makeOrderRefundRepo } from "./repos/order-refunds"
export { makeOrderRepo } from "./repos/orders"
export {
  competitionOnSale,
  customerWithEmail,
  NOW,
  newBasket,
  newCustomer,
  poolCounts,
} from "./repos/orders-fixtures"
export { makePostalEntryRepo } from "./repos/postal-entries"
export { makeReferralRepo } from "./repos/referrals"
export { makeResponsiblePlayEvents } from "./repos/responsible-play-events"
export { makeStaffUserRepo } from "./repos/staff-users"
export { makeTicketAllocator } from "./repos/ticket-allocator"
export { addTicketsSold, ticketsSoldOf } from "./repos/tickets-sold"
export { makeWinnerRecords } from "./repos/winner-records"
export { makeTransactions } from "./transactions"
