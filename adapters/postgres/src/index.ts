export {
  BackupRefused,
  type BackupTarget,
  type RestoreResult,
  restoreBackup,
  takeBackup,
} from "./backup"
export { checkoutPortsLive } from "./checkout-ports"
export {
  type DatabaseConfig,
  type DatabaseHandle,
  DataFolderInUse,
  DataFolderUnusable,
  Db,
  DbLive,
  lockDataFolder,
  makeDatabase,
  type PoolStats,
  prepareDataFolder,
} from "./database"
export { MigrationFailed, makeMigrator, migrateToLatest, migrations } from "./migrations"
export {
  compareSchema,
  prepareSchema,
  readSchemaState,
  SchemaNewerThanCode,
  SchemaOlderThanCode,
  type SchemaState,
} from "./migrations/schema-version"
export { PGliteDialect } from "./pglite-dialect"
export {
  AccountStandingStoreLive,
  AgeVerificationRecordsLive,
  makeAccountStandingStore,
  makeAgeVerificationRecords,
} from "./repos/account-standing"
export { PostgresAccountsLive } from "./repos/accounts"
export {
  AuditLogLive,
  AuditLogReaderLive,
  makeAuditLog,
  makeAuditLogReader,
} from "./repos/audit-log"
export { BackOfficeFiguresLive, makeBackOfficeFigures } from "./repos/back-office-figures"
export { BasketRepoLive, makeBasketRepo } from "./repos/baskets"
export { CatalogueAdminStoreLive, makeCatalogueAdminStore } from "./repos/catalogue-admin"
export { CategoryRepoLive, makeCategoryRepo } from "./repos/categories"
export { ClubDirectoryLive, ClubStoreLive, makeClubDirectory, makeClubStore } from "./repos/clubs"
export { CompetitionAdminStoreLive, makeCompetitionAdminStore } from "./repos/competition-admin"
export {
  CompetitionWriterLive,
  createCompetition,
  makeCompetitionWriter,
} from "./repos/competition-writer"
export { CompetitionRepoLive, makeCompetitionRepo } from "./repos/competitions"
export { ComplaintStoreLive, makeComplaintStore } from "./repos/complaints"
export { ContactMessageStoreLive, makeContactMessageStore } from "./repos/contact-messages"
export { CreditCardSpendLive, makeCreditCardSpend } from "./repos/credit-card-spend"
export { CustomerTicketRepoLive, makeCustomerTicketRepo } from "./repos/customer-tickets"
export { CustomerRepoLive, makeCustomerRepo } from "./repos/customers"
export {
  DrawRecordsLive,
  makeDrawRecords,
  recordDraw,
  soldEntries,
  ticketHolder,
} from "./repos/draw-records"
export { DrawRepoLive, makeDrawRepo } from "./repos/draws"
export { HarmSignalFactsLive, makeHarmSignalFacts } from "./repos/harm-signal-facts"
export { ImageStoreLive, makeImageStore } from "./repos/images"
export {
  PostgresCatalogueAdminLive,
  PostgresCatalogueLive,
  PostgresInstantWinsLive,
  PostgresOrdersLive,
} from "./repos/index"
export { InstantWinGroupStoreLive, makeInstantWinGroupStore } from "./repos/instant-win-groups"
export { InstantWinRepoLive, makeInstantWinRepo } from "./repos/instant-wins"
export { LiveCompetitionsLive, makeLiveCompetitions } from "./repos/live-competitions"
export {
  type DueDraws,
  LIVE_SALES_LIMIT,
  type LiveSales,
  makeOperatorFigures,
  type OperatorFigures,
} from "./repos/operator-figures"
export { makeOrderRefundRepo, OrderRefundRepoLive } from "./repos/order-refunds"
export { makeOrderRepo, OrderRepoLive } from "./repos/orders"
export {
  makeOutboxMailer,
  makeOutboxQueue,
  OutboxMailerLive,
  type OutboxMessage,
  type OutboxQueue,
} from "./repos/outbox"
export { makePaymentRepo, PaymentRepoLive } from "./repos/payments"
export { makePickedNumberStore, PickedNumberStoreLive } from "./repos/picked-numbers"
export { makePostalEntryRepo, PostalEntryRepoLive } from "./repos/postal-entries"
export { makePromotionStore, PromotionStoreLive } from "./repos/promotion-store"
export { makePromotionUses, PromotionUsesLive } from "./repos/promotion-uses"
export { makeRateLimiter, purgeRateLimits, RateLimiterLive } from "./repos/rate-limits"
export { makeReferralRepo, ReferralRepoLive } from "./repos/referrals"
export {
  makeResourceRepo,
  makeResourceWriter,
  ResourceRepoLive,
  ResourceWriterLive,
  upsertResource,
} from "./repos/resources"
export {
  makeResponsiblePlayEvents,
  ResponsiblePlayEventsLive,
} from "./repos/responsible-play-events"
export {
  makeSandboxIntentStore,
  type SandboxIntentStoreOnPostgres,
} from "./repos/sandbox-intents"
export {
  makeSecondFactorStore,
  purgeExpiredChallenges,
  SecondFactorStoreLive,
} from "./repos/second-factors"
export {
  makeOneTimeTokenRepo,
  makeRefreshTokenRepo,
  OneTimeTokenRepoLive,
  purgeExpiredTokens,
  RefreshTokenRepoLive,
} from "./repos/session-tokens"
export { settingOrCreate } from "./repos/settings"
export { makeSettlementRecords, SettlementRecordsLive } from "./repos/settlements"
export { makeSiteCreditLedger, SiteCreditLedgerLive } from "./repos/site-credit"
export { makeSpendLimitStore, SpendLimitStoreLive } from "./repos/spend-limits"
export { makeStaffCustomerRepo, StaffCustomerRepoLive } from "./repos/staff-customers"
export { makeStaffTicketReads, StaffTicketReadsLive } from "./repos/staff-tickets"
export { makeStaffUserRepo, StaffUserRepoLive } from "./repos/staff-users"
export { makeTicketAllocator, TicketAllocatorLive } from "./repos/ticket-allocator"
export { makeUserRepo, UserRepoLive } from "./repos/users"
export { makeWinnerRecords, WinnerRecordsLive } from "./repos/winner-records"
export { RichTextSanitiserLive } from "./rich-text"
export type { Database } from "./schema"
export { NodeSecureRandomLive } from "./secure-random-node"
export { CLUBS as DEMO_CLUBS } from "./seed/content"
export { DEMO_SOLD_ORDER_ID, type DemoSeedResult, LUCKY_DIP, seedDemoData } from "./seed/demo"
export { atomically, makeTransactions, runQuery, TransactionsLive } from "./transactions"
