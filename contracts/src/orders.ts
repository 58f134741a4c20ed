import { MAX_ORDER_SEARCH_LENGTH } from "@howzat/core/rules"
import { Schema } from "effect"
import { AllocationException, Basket } from "./baskets.js"
import { Competition, TicketStatus } from "./catalogue.js"
import { Address, AddressRequest } from "./customers.js"
import { BooleanFromQuery, PageInfo, PagingParams } from "./paging.js"
import { boundedMultilineString, boundedString, DateFromQuery, RangeEndFromQuery } from "./text.js"

/** docs/product/entities.md's order on the wire. Money is integer pence (docs/decisions/0001). */
const Pence = Schema.Int

export const OrderStatus = Schema.Literal(
  "Pending",
  "AwaitingPayment",
  "Completed",
  "Cancelled",
  "SystemCancelled",
  /** Paid, then refunded by staff (an extension of docs/product/states.md's statuses). */
  "Refunded",
)

/** Refunded: the payment succeeded for an order that could no longer take it, and went back. */
export const PaymentStatus = Schema.Literal("Pending", "Succeeded", "Failed", "Refunded")

export const Payment = Schema.Struct({
  id: Schema.String,
  amount: Pence,
  status: PaymentStatus,
  /** The card form starts with this (the payment intent's client token); null once settled. */
  token: Schema.NullOr(Schema.String),
  /** "sandbox" or the real provider's name; the card form picks its script by it. */
  provider: Schema.String,
  failureDetail: Schema.NullOr(Schema.String),
  createdDateUtc: Schema.Date,
  /**
   * Why a credit card cannot pay this attempt, in the words the payment page
   * shows above the card form (decision 0042); null or absent: one may.
   */
  creditCardNotice: Schema.optional(Schema.NullOr(Schema.String)),
})
export type PaymentJson = typeof Payment.Encoded

export const OrderTicketItem = Schema.Struct({
  competition: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    closeDateTimeUtc: Schema.Date,
    drawDateTimeUtc: Schema.NullOr(Schema.Date),
  }),
  /** Tickets allocated, which may be fewer than the basket asked for. */
  quantity: Schema.Int,
  price: Pence,
  preDiscountTotal: Pence,
  lineTotal: Pence,
  /**
   * Ascending, comma-separated; the storefront shows them as ranges. Empty
   * in a customer's answer until the order is paid; staff always get them
   * (core/src/rules/ticket-visibility.ts).
   */
  ticketNumbers: Schema.String,
})
export type OrderTicketItemJson = typeof OrderTicketItem.Encoded

export const Order = Schema.Struct({
  id: Schema.String,
  orderRef: Schema.String,
  status: OrderStatus,
  createdDateUtc: Schema.Date,
  /** An unpaid order is cancelled by the shop after this instant and its tickets go back on sale. */
  expiresDateUtc: Schema.Date,
  totalTicketQuantity: Schema.Int,
  customer: Schema.Struct({ id: Schema.String, fullName: Schema.String }),
  billingAddress: Schema.NullOr(Address),
  shippingAddress: Schema.NullOr(Address),
  ticketItems: Schema.Array(OrderTicketItem),
  /** Sum of the lines after their own discounts. */
  ticketItemTotal: Pence,
  /** Site credit the order buys (docs/decisions/0038); credited when the order is paid. */
  siteCreditItems: Schema.Array(Schema.Struct({ description: Schema.String, lineTotal: Pence })),
  siteCreditItemTotal: Pence,
  discounts: Schema.Array(Schema.Struct({ name: Schema.String, value: Pence })),
  discountTotal: Pence,
  charitableDonationTotal: Pence,
  /** Site credit that pays for part (or all) of the order. */
  siteCreditDebitTotal: Pence,
  /** Site credit given back to the balance when the order was cancelled or expired (0 if none). */
  siteCreditRefundTotal: Pence,
  /** Everything the order costs: goods less discounts plus the donation, before site credit. */
  orderTotal: Pence,
  /** Still to pay by card: 0 once paid, or when site credit covers it all. */
  orderBalance: Pence,
  payments: Schema.Array(Payment),
  ticketAllocationExceptions: Schema.Array(AllocationException),
})
export type OrderJson = typeof Order.Encoded

export const OrderResponse = Schema.Struct({ order: Order })
export type OrderResponseJson = typeof OrderResponse.Encoded

export const OrderList = Schema.Struct({ orders: Schema.Array(Order), ...PageInfo })
export type OrderListJson = typeof OrderList.Encoded

export const OrderListParams = Schema.Struct({
  /** A customer may only ask for their own; staff may ask for anyone's. */
  CustomerId: Schema.optional(Schema.UUID),
  /**
   * The back office's search (an extension, docs/decisions/0074): orders
   * whose reference starts with it, or whose customer's name or email
   * address holds it, in any case. Staff who manage orders only: a
   * customer's call with it is refused (403). Blank is no search.
   */
  Search: Schema.optional(boundedString(MAX_ORDER_SEARCH_LENGTH)),
  OrderStatus: Schema.optional(OrderStatus),
  "OrderCreatedDateRange.FromDate": Schema.optional(DateFromQuery),
  "OrderCreatedDateRange.ToDate": Schema.optional(RangeEndFromQuery),
  ...PagingParams,
})

/**
 * POST /api/Baskets/{basketId}/checkout. The caller must be a signed-in
 * customer: the storefront registers or logs in an anonymous visitor first
 * (docs/decisions/0007). Addresses left out are the customer's defaults.
 */
export const CheckoutRequest = Schema.Struct({
  billingAddress: Schema.optional(Schema.NullOr(AddressRequest)),
  shippingAddress: Schema.optional(Schema.NullOr(AddressRequest)),
})
export type CheckoutRequestJson = typeof CheckoutRequest.Encoded

/** The basket afterwards (cut down to what was allocated) and the order. */
export const CheckoutResponse = Schema.Struct({ basket: Basket, order: Order })
export type CheckoutResponseJson = typeof CheckoutResponse.Encoded

/** docs/product/entities.md's ticket.instantWin: the prize (its group's name) and whether this ticket has won it. */
export const TicketInstantWin = Schema.Struct({
  won: Schema.Boolean,
  instantWinGroup: Schema.Struct({ id: Schema.String, name: Schema.String }),
})
export type TicketInstantWinJson = typeof TicketInstantWin.Encoded

export const OrderTicket = Schema.Struct({
  competitionId: Schema.String,
  competitionName: Schema.String,
  ticketNumber: Schema.Int,
  /** Null for a ticket that is no instant-win number. */
  instantWin: Schema.NullOr(TicketInstantWin),
})
export type OrderTicketJson = typeof OrderTicket.Encoded
/** Empty in a customer's answer until the order is paid (core/src/rules/ticket-visibility.ts). */
export const OrderTicketList = Schema.Struct({ tickets: Schema.Array(OrderTicket) })
export type OrderTicketListJson = typeof OrderTicketList.Encoded

/** docs/product/api.md's instant-win flag on a customer's or an order's tickets: only the instant-win numbers. */
export const OwnTicketParams = Schema.Struct({
  InstantWinTicketsOnly: Schema.optionalWith(BooleanFromQuery, { default: () => false }),
  /**
   * Sold (a paid order's, or a postal entry's), not sold (an unpaid order's,
   * which staff alone read, or a refunded one's), or either
   * (core/src/rules/ticket-status.ts).
   */
  TicketStatus: Schema.optionalWith(TicketStatus, { default: () => "All" as const }),
})

/**
 * How many tickets the customer holds in one competition, counted as the
 * per-person maximum counts them (completed and unpaid orders). For the
 * signed-in customer's ticket selector; never on the public competition.
 */
export const TicketsHeldResponse = Schema.Struct({
  competitionId: Schema.String,
  ticketsHeld: Schema.Int,
})
export type TicketsHeldResponseJson = typeof TicketsHeldResponse.Encoded

/**
 * The competitions still open in which the signed-in customer owns tickets,
 * soonest to close first: the storefront's tiles invite these customers,
 * and only these, to purchase more. Never on the public competition.
 */
export const OpenCompetitionsHeldResponse = Schema.Struct({
  competitionIds: Schema.Array(Schema.String),
})
export type OpenCompetitionsHeldResponseJson = typeof OpenCompetitionsHeldResponse.Encoded

/** /Account/Tickets: UPCOMING is status 1 (open or awaiting the draw), DRAWN is 3. */
export const CustomerCompetitionParams = Schema.Struct({
  Status: Schema.optionalWith(Schema.Literal("1", "3"), { default: () => "1" as const }),
  ...PagingParams,
})

export const CustomerCompetition = Schema.Struct({
  competition: Competition,
  /** Tickets of completed orders only: an unpaid order's tickets are not the customer's yet. */
  ticketCount: Schema.Int,
  ticketNumbers: Schema.String,
  /** Those of the tickets that are instant-win numbers, ascending: WON! with the prize. */
  instantWins: Schema.Array(
    Schema.Struct({ ticketNumber: Schema.Int, ...TicketInstantWin.fields }),
  ),
})
export type CustomerCompetitionJson = typeof CustomerCompetition.Encoded
export const CustomerCompetitionList = Schema.Struct({
  competitions: Schema.Array(CustomerCompetition),
  ...PageInfo,
})
export type CustomerCompetitionListJson = typeof CustomerCompetitionList.Encoded

/** docs/product/entities.md's site credit account entry: positive credit given, negative credit spent. */
export const SiteCreditAccountEntry = Schema.Struct({
  transactionDateTime: Schema.Date,
  description: Schema.String,
  amount: Pence,
})
/** GET /api/Customers/{customerId}/site-credit-account: the balance and its entries, newest first. */
export const SiteCreditAccountResponse = Schema.Struct({
  siteCreditAccount: Schema.Struct({
    balance: Pence,
    accountEntries: Schema.Array(SiteCreditAccountEntry),
    ...PageInfo,
  }),
})
export type SiteCreditAccountResponseJson = typeof SiteCreditAccountResponse.Encoded

/** POST /api/Logging (docs/product/api.md): what the storefront reports; its own failures stay in the console. */
export const LogEvent = Schema.Literal(
  "navigation",
  "create-order",
  "payment-succeeded",
  "payment-failed",
  "client-error",
  "external-link",
  "basket-error",
)
export const LoggingRequest = Schema.Struct({
  /** A URL never holds a raw line break; a report's title and detail may (basket errors list lines). */
  requestedUrl: boundedString(2000),
  event: Schema.optionalWith(LogEvent, { default: () => "navigation" as const }),
  title: Schema.optional(boundedMultilineString(500)),
  detail: Schema.optional(boundedMultilineString(4000)),
  orderId: Schema.optional(Schema.UUID),
})
export type LoggingRequestJson = typeof LoggingRequest.Encoded

/**
 * The sandbox card provider's own call (not /api): the payment page posts
 * the card to it with the payment's token, as a real provider's script
 * would. Succeeded or Failed with the provider's words for why.
 */
export const SandboxConfirmRequest = Schema.Struct({
  clientToken: boundedString(500),
  cardNumber: boundedString(30),
  cardholderName: boundedString(100),
  /** "MM/YY". */
  expiry: boundedString(7),
  securityCode: boundedString(4),
})
export type SandboxConfirmRequestJson = typeof SandboxConfirmRequest.Encoded
export const SandboxConfirmResponse = Schema.Struct({
  status: Schema.Literal("Succeeded", "Failed"),
  failureDetail: Schema.NullOr(Schema.String),
})
export type SandboxConfirmResponseJson = typeof SandboxConfirmResponse.Encoded
export const SANDBOX_CONFIRM_PATH = "/sandbox-gateway/confirm"
