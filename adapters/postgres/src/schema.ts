import type { ColumnType, Generated } from "kysely"

/**
 * The tables as TypeScript sees them through CamelCasePlugin: SQL names are
 * snake_case, these are their camelCase twins. Money is integer pence.
 */
type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>

export type DrawTypeColumn = "Live" | "Automatic" | "None"
export type VisibilityStatusColumn = "Visible" | "Hidden"

export interface CategoriesTable {
  id: Generated<string>
  name: string
  description: Generated<string>
  visibilityStatus: Generated<VisibilityStatusColumn>
  createdAt: Generated<Date>
}

export interface AttributeTypesTable {
  id: Generated<string>
  description: string
}

export interface ImageGroupsTable {
  id: Generated<string>
  name: string
  description: Generated<string>
}

export interface ImagesTable {
  id: Generated<string>
  /** Null for an image in the library that no group holds yet. */
  imageGroupId: string | null
  url: string
  description: Generated<string>
  sortOrder: Generated<number>
  /** Where an upload's bytes are in the file store; null for an image known only by its URL. */
  fileKey: Generated<string | null>
  directory: Generated<string>
  contentType: Generated<string | null>
  byteSize: Generated<number | null>
  createdAt: Generated<Date>
}

export interface CompetitionsTable {
  id: Generated<string>
  name: string
  description: string
  ticketPricePence: number
  totalTickets: number
  maxTicketsPerCustomer: number
  defaultTicketSaleQuantity: number
  cashAlternativePence: number | null
  startDateTimeUtc: Timestamp
  closeDateTimeUtc: Timestamp
  drawDateTimeUtc: NullableTimestamp
  drawType: DrawTypeColumn
  /** Automatic only: drawn as soon as every ticket is sold and paid (decision 0081). */
  drawOnSellOut: Generated<boolean>
  /** The draw time first published, once the draw was brought forward; null until then. */
  drawBroughtForwardFrom: Generated<Date | null>
  /** When the draw was brought forward (announced on the competition page). */
  drawBroughtForwardAt: Generated<Date | null>
  visibilityStatus: VisibilityStatusColumn
  imageGroupId: string | null
  createdAt: Generated<Date>
  /** The secret 32-byte draw seed S as hex; revealed only by the draw's proof. */
  drawSeed: string
  /** hex(SHA-256(S)), public from creation. */
  drawSeedCommitment: string
  seedCommittedAt: Timestamp
  /** 32 random bytes as hex, revealed at close; null when no instant-win numbers. */
  instantWinSalt: string | null
  instantWinCommitment: string | null
  /** When the competition was drawn: a checkout's counter bump refuses a drawn competition. */
  drawnAt: Generated<Date | null>
  /** Customers may pick their numbers (decision 0080); never with instant wins. */
  pickYourNumbers: Generated<boolean>
}

export interface CompetitionCategoriesTable {
  competitionId: string
  categoryId: string
}

export interface CompetitionAttributesTable {
  competitionId: string
  attributeTypeId: string
  value: string
}

export interface InstantWinGroupsTable {
  id: Generated<string>
  competitionId: string
  name: string
  imageGroupId: string | null
  sortOrder: Generated<number>
  /** Set when the prize is site credit, credited as soon as the winning order is paid. */
  prizeSiteCreditPence: Generated<number | null>
}

export interface InstantWinTicketsTable {
  id: Generated<string>
  instantWinGroupId: string
  competitionId: string
  ticketNumber: number
  wonAt: NullableTimestamp
  winnerDisplayName: string | null
  winnerCustomerId: Generated<string | null>
  /** The paid order whose ticket won. */
  orderId: Generated<string | null>
  /** The free postal entry whose ticket won (null for a paid order's). */
  postalEntryId: Generated<string | null>
  /** Null while the prize waits for staff; set at once for site credit. */
  processedAt: Generated<Date | null>
  /** The staff member who marked it processed; null when the shop did (site credit). */
  processedByUserId: Generated<string | null>
  /** False when staff keep the winner's name off the public pages (decision 0035). */
  isVisible: Generated<boolean>
}

/** The ticket pool: one row per ticket number, claimed in sort_key order. */
export interface TicketsTable {
  competitionId: string
  ticketNumber: number
  sortKey: Generated<string>
  orderId: string | null
  customerId: string | null
  allocatedAt: NullableTimestamp
  /** The basket whose pick holds the number (decision 0080), while `heldUntil` is to come. */
  heldByBasketId: Generated<string | null>
  heldUntil: Generated<Date | null>
}

/** A basket's picked numbers (decision 0080); the number's row says whether the hold still stands. */
export interface TicketHoldsTable {
  basketId: string
  competitionId: string
  ticketNumber: number
  customerId: string
  heldAt: Timestamp
  expiresAt: Timestamp
}

/**
 * A free postal entry: the ticket (competition_id, ticket_number) has
 * order_id = this id. A snapshot of the postcard's details; customer_id is
 * set when the entrant has an account (decision 0022).
 */
export interface PostalEntriesTable {
  id: string
  competitionId: string
  ticketNumber: number
  customerId: string | null
  firstName: string
  lastName: string
  email: string
  /** Postgres `date`: read back as text (`date_of_birth::text`). */
  dateOfBirth: string
  telephoneNumber: Generated<string>
  addressLine1: string | null
  addressLine2: string | null
  addressCity: string | null
  addressCounty: string | null
  addressPostCode: string | null
  entryReference: string | null
  enteredBy: string
  enteredAt: Timestamp
}

export interface DrawsTable {
  id: Generated<string>
  competitionId: string
  drawDate: NullableTimestamp
  drawType: DrawTypeColumn
  winningTicketNumber: number | null
  /** A snapshot: the winner's name as it was when drawn, not a join to a customer who may rename. */
  winnerFullName: string | null
  winnerCustomerId: string | null
  isVisible: Generated<boolean>
  createdAt: Generated<Date>
  /** When the draw ran; drawDate is the scheduled draw the winners page groups by. */
  drawnAt: Timestamp
  outcome: "Winner" | "NoEntries"
  entriesHash: string
  entryCount: number
  beaconSource: "drand" | "none"
  beaconValue: string
  /** bigint: read back as text by the driver. */
  beaconRound: ColumnType<string | null, number | string | null, number | string | null>
  beaconUrl: string | null
  attempt: number | null
  /** When staff marked the main prize handed over, and who; null while it waits. */
  processedAt: Generated<Date | null>
  processedByUserId: Generated<string | null>
  /** How the main prize was awarded (decision 0045); null until staff record it. */
  prizeAwardedAs: Generated<"Prize" | "CashAlternative" | null>
  /** 0 for the draw itself, 1, 2, ... for redraws of an unclaimed prize. */
  redrawNumber: Generated<number>
  /** A redraw's replaced winning ticket; null on the original. */
  replacesTicketNumber: number | null
  /** A redraw's excluded tickets (every replaced winner), ascending; null on the original. */
  excludedTicketNumbers: number[] | null
  /** A redraw's request time: its beacon round is the first after it. */
  requestedAt: Date | null
  /** This winner's prize was marked unclaimed and a redraw asked for, then. */
  redrawRequestedAt: Generated<Date | null>
}

/** Staff's notes on one winner: a main winner (competition + ticket) or an instant win. */
export interface WinnerNotesTable {
  id: Generated<string>
  competitionId: string | null
  ticketNumber: number | null
  instantWinTicketId: string | null
  text: string
  authorUserId: string | null
  createdAt: Timestamp
  updatedAt: Timestamp
}

/** The entry list exactly as drawn ("\n"-joined decimal ticket numbers). */
export interface DrawEntriesTable {
  drawId: string
  entries: string
}

/** Append-only: the table refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<string>
  at: Date
  actorUserId: string
  actorRole: string
  action: string
  subjectType: string
  subjectId: string
  /** jsonb: written as JSON text, read back parsed. */
  before: ColumnType<unknown, string | null, never>
  after: ColumnType<unknown, string | null, never>
}

/** The responsible-play log (decision 0041): appended to, never changed. */
export interface ResponsiblePlayEventsTable {
  id: Generated<string>
  customerId: string
  kind: string
  at: Date
  /** jsonb: written as JSON text, read back parsed. */
  detail: ColumnType<unknown, string, never>
}

/** A customer's breaks and closure (decision 0043): one row, kept after a break ends. */
export interface AccountStandingsTable {
  customerId: string
  pausedUntil: Date | null
  pauseLength: string | null
  pausedAt: Date | null
  closedAt: Date | null
}

/** Every age-verification outcome (decision 0043): only ever added to. */
export interface AgeVerificationsTable {
  id: Generated<string>
  customerId: string
  method: string
  outcome: string
  reason: string
  at: Date
}

/** A monthly spend limit (decision 0041); kinds are "Amount" (pence set) or "NoLimit" (null). */
export interface SpendLimitsTable {
  customerId: string
  limitKind: string
  limitPence: number | null
  pendingKind: string | null
  pendingPence: number | null
  pendingAppliesAt: NullableTimestamp
  updatedAt: Timestamp
}

export interface SpendLimitChangesTable {
  id: Generated<string>
  customerId: string
  changedBy: string
  /** Null: never answered before this change. */
  fromKind: string | null
  fromPence: number | null
  toKind: string
  toPence: number | null
  requestedAt: Timestamp
  appliesAt: Timestamp
}

export interface ResourcesTable {
  key: string
  value: string
}

export type RoleColumn = "Customer" | "Staff" | "Admin"
export type OneTimeTokenPurposeColumn = "VerifyEmail" | "ResetPassword" | "Login"

export interface UsersTable {
  id: Generated<string>
  email: string
  emailVerified: Generated<boolean>
  /** argon2id, PHC string format; never the password. */
  passwordHash: string
  firstName: string
  lastName: string
  role: RoleColumn
  createdAt: Generated<Date>
}

/** A customer's details beyond the user's; names and email live on the user. */
export interface CustomersTable {
  id: Generated<string>
  userId: string
  /** Postgres `date`: read back as text (`date_of_birth::text`) so no time zone shifts it. */
  dateOfBirth: string
  telephoneNumber: string
  billingLine1: string | null
  billingLine2: string | null
  billingCity: string | null
  billingCounty: string | null
  billingPostCode: string | null
  shippingLine1: string | null
  shippingLine2: string | null
  shippingCity: string | null
  shippingCounty: string | null
  shippingPostCode: string | null
  allowMarketingByEmail: Generated<boolean>
  allowMarketingByPhone: Generated<boolean>
  allowMarketingByText: Generated<boolean>
  allowMarketingByPost: Generated<boolean>
  createdAt: Generated<Date>
  /** When the person's data was erased (UK GDPR, decision 0029); null while they are a customer. */
  erasedAt: Generated<Date | null>
}

/** Refresh tokens by SHA-256; a family is one login's chain of rotations. */
export interface RefreshTokensTable {
  tokenHash: string
  userId: string
  familyId: string
  createdAt: Timestamp
  expiresAt: Timestamp
  spentAt: NullableTimestamp
}

export interface OneTimeTokensTable {
  tokenHash: string
  userId: string
  purpose: OneTimeTokenPurposeColumn
  email: string
  createdAt: Timestamp
  expiresAt: Timestamp
  usedAt: NullableTimestamp
}

/** An Admin's authenticator (decision 0032): the confirmed secret, or one being set up. */
export interface SecondFactorsTable {
  userId: string
  secret: string | null
  pendingSecret: string | null
  lastUsedStep: number | null
  confirmedAt: NullableTimestamp
  /** Wrong codes since the last accepted one; locked at ten (docs/decisions/0064). */
  consecutiveFailures: Generated<number>
}

export interface SecondFactorRecoveryCodesTable {
  userId: string
  codeHash: string
  createdAt: Timestamp
  usedAt: NullableTimestamp
}

/** A sign-in waiting for its second factor, by the SHA-256 of its challenge. */
export interface SecondFactorChallengesTable {
  tokenHash: string
  userId: string
  createdAt: Timestamp
  expiresAt: Timestamp
  attempts: Generated<number>
  spentAt: NullableTimestamp
}

export interface OutboxTable {
  id: Generated<string>
  kind: string
  toAddress: string
  subject: string
  textBody: string
  htmlBody: string
  createdAt: Generated<Date>
  attempts: Generated<number>
  claimedUntil: NullableTimestamp
  sentAt: NullableTimestamp
  failedAt: NullableTimestamp
  lastError: string | null
}

export interface RateLimitsTable {
  key: string
  windowStart: Timestamp
  hits: number
}

export interface SettingsTable {
  key: string
  value: string
}

export interface BasketsTable {
  id: Generated<string>
  customerId: string | null
  autoRoundup: Generated<boolean>
  siteCreditRequestedPence: Generated<number>
  /** Site credit the basket buys (deferred purchase, docs/decisions/0038); 0 for none. */
  siteCreditPurchasePence: Generated<number>
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
}

/** One row per competition in a basket (unique basket_id, competition_id). */
export interface BasketItemsTable {
  id: Generated<string>
  basketId: string
  competitionId: string
  quantity: number
  createdAt: Generated<Date>
}

export type DiscountKindColumn = "Percentage" | "Fixed"

export interface PromotionsTable {
  id: Generated<string>
  code: string
  description: string
  discountKind: DiscountKindColumn
  percent: number | null
  amountPence: number | null
  competitionId: string | null
  validFrom: NullableTimestamp
  validTo: NullableTimestamp
  usageLimit: number | null
  usageCount: Generated<number>
  clubId: Generated<string | null>
  minimumSpendPence: Generated<number | null>
  perCustomerLimit: Generated<number | null>
  freeEntry: Generated<boolean>
  createdAt: Generated<Date>
}

export interface ClubsTable {
  id: Generated<string>
  name: string
  createdAt: Generated<Date>
  /** The code the club-perks list shows (decision 0033). */
  voucherPromotionId: Generated<string | null>
}

/** The contact form's messages, for staff (decision 0037). */
export interface ContactMessagesTable {
  id: Generated<string>
  firstName: string
  lastName: string
  email: string
  telephoneNumber: string
  message: string
  createdAt: Date
  handledAt: Date | null
  handledBy: string | null
}

/** Append-only: money the operator paid a club (decision 0033). */
export interface ClubPayoutsTable {
  id: Generated<string>
  clubId: string
  amountPence: number
  reference: string
  recordedBy: string
  paidAt: Date
}

export interface PromotionUsesTable {
  orderId: string
  promotionId: string
  /** The order's customer: what the per-customer limit counts. */
  customerId: string
  createdAt: Generated<Date>
}

export interface ClubCreditEntriesTable {
  id: Generated<string>
  clubId: string
  orderId: string
  /** Negative for a reversal (the order was refunded, decision 0029); a club's balance is the sum. */
  amountPence: number
  createdAt: Date
  reversal: Generated<boolean>
}

export interface BasketPromotionsTable {
  basketId: string
  promotionId: string
  position: number
}

export type OrderStatusColumn =
  | "Pending"
  | "AwaitingPayment"
  | "Completed"
  | "Cancelled"
  | "SystemCancelled"
  | "Refunded"

export interface OrdersTable {
  id: Generated<string>
  orderRef: Generated<string>
  basketId: string
  customerId: string
  status: Generated<OrderStatusColumn>
  itemTotalPence: Generated<number>
  discountTotalPence: Generated<number>
  donationPence: Generated<number>
  siteCreditDebitPence: Generated<number>
  orderTotalPence: Generated<number>
  /** JSON text of [{ competitionName, exceptionReason }]. */
  allocationExceptions: ColumnType<unknown, string | undefined, string>
  createdAt: Timestamp
  expiresAt: Timestamp
  /** Expiry attempts put off, and when the next may be made (null: never put off). */
  expiryAttempts: Generated<number>
  expiryRetryAt: NullableTimestamp
  updatedAt: Generated<Date>
}

export interface OrderLinesTable {
  orderId: string
  competitionId: string
  quantityRequested: number
  quantity: number
  unitPricePence: number
  preDiscountTotalPence: number
  lineTotalPence: number
}

/** Site credit an order buys (docs/decisions/0038): credited to the ledger once it is paid. */
export interface OrderCreditItemsTable {
  orderId: string
  position: number
  description: string
  lineTotalPence: number
}

export interface PaymentsTable {
  id: Generated<string>
  orderId: string
  amountPence: number
  status: "Pending" | "Succeeded" | "Failed" | "Refunded"
  provider: string
  providerReference: string | null
  clientToken: string | null
  failureDetail: string | null
  createdAt: Generated<Date>
  updatedAt: Generated<Date>
  /** Sweep voids put off on a closed order, and when the next may be made (null: never). */
  voidAttempts: Generated<number>
  voidRetryAt: NullableTimestamp
  /** The provider's fingerprint of the card that paid (never its number), for referrals. */
  cardFingerprint: Generated<string | null>
  /** Credit, debit, prepaid or unknown, once it succeeded (decision 0042). */
  cardFunding: Generated<"Credit" | "Debit" | "Prepaid" | "Unknown" | null>
  /** When it succeeded: the credit-card month counts by it. */
  succeededAt: Generated<Date | null>
  /** Why a credit card may not pay this attempt, as the customer was told; null: it may. */
  creditCardNotice: Generated<string | null>
}

/** The sandbox card provider's intents (adapters/payments); a real provider keeps these itself. */
export interface SandboxPaymentIntentsTable {
  providerReference: string
  clientToken: string
  idempotencyKey: string
  orderId: string
  amountPence: number
  status: Generated<"Pending" | "Succeeded" | "Failed">
  failureDetail: string | null
  eventId: string | null
  createdAt: Generated<Date>
  settledAt: NullableTimestamp
  refundReference: Generated<string | null>
  refundIdempotencyKey: Generated<string | null>
  refundedAmountPence: Generated<number | null>
  refundedAt: Generated<Date | null>
  /** An HMAC of the card number the intent was paid with (decision 0039); never the number. */
  cardFingerprint: Generated<string | null>
  /** The test card's kind, once paid (decision 0042). */
  cardFunding: Generated<"Credit" | "Debit" | "Prepaid" | "Unknown" | null>
  /** False: the shop will not keep a credit card's money, so the card form refuses one. */
  creditCardsAllowed: Generated<boolean>
  /** The shop's words for that refusal. */
  creditCardNotice: Generated<string | null>
}

/** Money the shop owes back on a card payment: due until the provider accepts the refund. */
export interface PaymentRefundsTable {
  id: Generated<string>
  paymentId: string
  orderId: string
  amountPence: number
  reason: "OrderCancelled" | "OrderExpired" | "StaffRefund" | "CreditCardRefused"
  status: Generated<"Due" | "Refunded">
  providerRefundReference: string | null
  attempts: Generated<number>
  lastError: string | null
  dueAt: Timestamp
  retryAt: Timestamp
  refundedAt: NullableTimestamp
}

export type SiteCreditReasonColumn =
  | "OrderDebit"
  | "OrderRefund"
  | "Grant"
  | "InstantWin"
  | "Adjustment"
  | "ReferralReward"
  | "Purchase"
  | "PurchaseReversal"

/** The site-credit ledger: positive credit, negative debit; the balance is the sum. */
export interface SiteCreditEntriesTable {
  id: Generated<string>
  customerId: string
  amountPence: number
  reason: SiteCreditReasonColumn
  description: Generated<string>
  orderId: string | null
  /** The winning ticket an InstantWin entry pays for: credited once per ticket. */
  instantWinTicketId: Generated<string | null>
  /** The referral a ReferralReward entry pays: once per referral and customer. */
  referralId: Generated<string | null>
  createdAt: Timestamp
}

/** Provider notifications already acted on, so a replay changes nothing. */
export interface PaymentNotificationsTable {
  provider: string
  eventId: string
  receivedAt: Timestamp
}

/** Refer a friend (docs/decisions/0039). */
export interface ReferralCodesTable {
  customerId: string
  code: string
  createdAt: Generated<Date>
}

export interface ReferralsTable {
  id: Generated<string>
  friendCustomerId: string
  referrerCustomerId: string
  joinedAt: Timestamp
  rewardedAt: NullableTimestamp
  /** Refused because the friend matched the referrer (decision 0065); never with rewardedAt. */
  refusedAt: NullableTimestamp
  /** The matches that refused it, comma-separated core words ("Card,Telephone"). */
  refusedBecause: string | null
}

/** Invitations by a hash of the mailbox, so none goes twice in a week. */
export interface ReferralInvitationsTable {
  id: Generated<string>
  inviterCustomerId: string
  mailboxHash: string
  sentAt: Timestamp
}

/** A complaint (decision 0044); its status is the last step's. */
export interface ComplaintsTable {
  id: Generated<string>
  reference: string
  source: "Form" | "Email"
  customerId: string | null
  name: string
  email: string
  orderNumber: string
  category: string
  description: string
  status: "Received" | "InProgress" | "Resolved" | "Escalated"
  receivedAt: Date
  updatedAt: Date
}

/** Append-only: each status reached or note added, in order. */
export interface ComplaintStepsTable {
  id: Generated<string>
  complaintId: string
  at: Date
  status: "Received" | "InProgress" | "Resolved" | "Escalated"
  note: string | null
  byUserId: string | null
  seq: Generated<string>
}

export interface Database {
  categories: CategoriesTable
  attributeTypes: AttributeTypesTable
  imageGroups: ImageGroupsTable
  images: ImagesTable
  competitions: CompetitionsTable
  competitionTicketsSold: CompetitionTicketsSoldTable
  competitionCategories: CompetitionCategoriesTable
  competitionAttributes: CompetitionAttributesTable
  instantWinGroups: InstantWinGroupsTable
  instantWinTickets: InstantWinTicketsTable
  tickets: TicketsTable
  ticketHolds: TicketHoldsTable
  postalEntries: PostalEntriesTable
  draws: DrawsTable
  drawEntries: DrawEntriesTable
  winnerNotes: WinnerNotesTable
  resources: ResourcesTable
  auditLog: AuditLogTable
  responsiblePlayEvents: ResponsiblePlayEventsTable
  accountStandings: AccountStandingsTable
  ageVerifications: AgeVerificationsTable
  spendLimits: SpendLimitsTable
  spendLimitChanges: SpendLimitChangesTable
  users: UsersTable
  customers: CustomersTable
  refreshTokens: RefreshTokensTable
  oneTimeTokens: OneTimeTokensTable
  secondFactors: SecondFactorsTable
  secondFactorRecoveryCodes: SecondFactorRecoveryCodesTable
  secondFactorChallenges: SecondFactorChallengesTable
  outbox: OutboxTable
  rateLimits: RateLimitsTable
  settings: SettingsTable
  baskets: BasketsTable
  basketItems: BasketItemsTable
  promotions: PromotionsTable
  basketPromotions: BasketPromotionsTable
  orders: OrdersTable
  orderLines: OrderLinesTable
  orderCreditItems: OrderCreditItemsTable
  payments: PaymentsTable
  paymentRefunds: PaymentRefundsTable
  sandboxPaymentIntents: SandboxPaymentIntentsTable
  siteCreditEntries: SiteCreditEntriesTable
  paymentNotifications: PaymentNotificationsTable
  clubs: ClubsTable
  promotionUses: PromotionUsesTable
  clubCreditEntries: ClubCreditEntriesTable
  clubPayouts: ClubPayoutsTable
  contactMessages: ContactMessagesTable
  referralCodes: ReferralCodesTable
  referrals: ReferralsTable
  referralInvitations: ReferralInvitationsTable
  complaints: ComplaintsTable
  complaintSteps: ComplaintStepsTable
}

/** A competition's sold count is the sum of its rows (decision 0046). */
export interface CompetitionTicketsSoldTable {
  competitionId: string
  shard: number
  sold: number
}
