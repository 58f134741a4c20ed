import { Layer } from "effect"
import { AuditLogLive } from "./audit-log"
import { BasketRepoLive } from "./baskets"
import { CatalogueAdminStoreLive } from "./catalogue-admin"
import { CategoryRepoLive } from "./categories"
import { ClubDirectoryLive } from "./clubs"
import { CompetitionAdminStoreLive } from "./competition-admin"
import { CompetitionWriterLive } from "./competition-writer"
import { CompetitionRepoLive } from "./competitions"
import { CreditCardSpendLive } from "./credit-card-spend"
import { CustomerTicketRepoLive } from "./customer-tickets"
import { DrawRecordsLive } from "./draw-records"
import { DrawRepoLive } from "./draws"
import { InstantWinGroupStoreLive } from "./instant-win-groups"
import { InstantWinRepoLive } from "./instant-wins"
import { LiveCompetitionsLive } from "./live-competitions"
import { OrderRepoLive } from "./orders"
import { OutboxMailerLive } from "./outbox"
import { PaymentRepoLive } from "./payments"
import { PickedNumberStoreLive } from "./picked-numbers"
import { PromotionUsesLive } from "./promotion-uses"
import { ReferralRepoLive } from "./referrals"
import { ResourceRepoLive } from "./resources"
import { ResponsiblePlayEventsLive } from "./responsible-play-events"
import { SiteCreditLedgerLive } from "./site-credit"
import { SpendLimitStoreLive } from "./spend-limits"
import { StaffTicketReadsLive } from "./staff-tickets"
import { TicketAllocatorLive } from "./ticket-allocator"

/** Every catalogue port on one database: needs the Db tag. */
export const PostgresCatalogueLive = Layer.mergeAll(
  CompetitionRepoLive,
  CategoryRepoLive,
  DrawRepoLive,
  DrawRecordsLive,
  ResourceRepoLive,
  CompetitionWriterLive,
  ClubDirectoryLive,
)

/**
 * Baskets, orders, the ticket allocator, payments, site credit, voucher
 * uses and club credit, the instant wins a paid order's tickets win, the
 * customer's tickets, and the outbox a paid order's confirmation goes
 * through, on one database: needs the Db tag.
 */
export const PostgresOrdersLive = Layer.mergeAll(
  BasketRepoLive,
  // Picked numbers' holds (decision 0080): the baskets' use cases let them go with an item.
  PickedNumberStoreLive,
  OrderRepoLive,
  TicketAllocatorLive,
  PaymentRepoLive,
  SiteCreditLedgerLive,
  CustomerTicketRepoLive,
  PromotionUsesLive,
  InstantWinRepoLive,
  OutboxMailerLive,
  ReferralRepoLive,
  // Checkout enforces the monthly spend limit and logs a refusal (decision 0041).
  SpendLimitStoreLive,
  // Decision 0042: settling a card payment checks the credit-card rule and logs refusals.
  CreditCardSpendLive,
  ResponsiblePlayEventsLive,
)

/** Staff's instant-win groups and ticket reads, on one database: needs the Db tag. */
export const PostgresInstantWinsLive = Layer.mergeAll(
  InstantWinGroupStoreLive,
  LiveCompetitionsLive,
  StaffTicketReadsLive,
  CompetitionRepoLive,
)

/** Staff's competitions, categories and attribute types, with the audit log: needs the Db tag. */
export const PostgresCatalogueAdminLive = Layer.mergeAll(
  CompetitionAdminStoreLive,
  CatalogueAdminStoreLive,
  LiveCompetitionsLive,
  CompetitionRepoLive,
  AuditLogLive,
)
