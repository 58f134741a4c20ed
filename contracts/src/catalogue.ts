import { Schema } from "effect"
import { BooleanFromQuery, PageInfo, PagingParams, pageSize } from "./paging.js"
import { BoundedIntFromString, boundedString, DateFromQuery, RangeEndFromQuery } from "./text.js"

/** Money on the wire is integer pence, like everywhere else (docs/decisions/0001). */
const Pence = Schema.Int

export const Image = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  description: Schema.String,
})

export const ImageGroup = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  images: Schema.Array(Image),
})

export const CompetitionAttribute = Schema.Struct({
  attributeType: Schema.Struct({ id: Schema.String, description: Schema.String }),
  value: Schema.String,
})

export const InstantWinGroup = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  ticketCount: Schema.Int,
  quantityWonToDate: Schema.Int,
  imageGroup: Schema.NullOr(ImageGroup),
})

export const DrawType = Schema.Literal("Live", "Automatic", "None")

/** A main draw once made; its whole proof is at /api/Draws/proof/{competitionId}. */
export const CompetitionDrawResult = Schema.Struct({
  outcome: Schema.Literal("Winner", "NoEntries"),
  /** Null only when the draw had no entries. */
  winningTicketNumber: Schema.NullOr(Schema.Int),
  drawnAt: Schema.Date,
})
export const VisibilityStatus = Schema.Literal("Visible", "Hidden")

export const Competition = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  ticketPrice: Pence,
  totalTickets: Schema.Int,
  ticketsSoldToDate: Schema.Int,
  maxTicketsPerCustomer: Schema.Int,
  defaultTicketSaleQuantity: Schema.Int,
  cashAlternativeValue: Schema.NullOr(Pence),
  startDateTimeUtc: Schema.Date,
  closeDateTimeUtc: Schema.Date,
  drawDateTimeUtc: Schema.NullOr(Schema.Date),
  /** Server time when the response was made: the storefront corrects its clock with it. */
  currentDateTimeUtc: Schema.Date,
  drawType: DrawType,
  visibilityStatus: VisibilityStatus,
  /** 0 coming soon, 1 open, 3 closed or drawn (docs/product/states.md). */
  status: Schema.Literal(0, 1, 3),
  type: Schema.Literal("InstantWin", "Standard"),
  /**
   * The narrowest of the lists' TimePeriod filters it is in now
   * (core/src/rules/competition.ts, timePeriodOf): "EndingSoon" (on sale and
   * closing within three weeks; also listed under Current), "Current"
   * (coming, open or awaiting its draw) or "Past" (closed for good). Every
   * competition is also listed under "All", which is never its own.
   */
  timePeriod: Schema.Literal("Current", "EndingSoon", "Past"),
  categoryIds: Schema.Array(Schema.String),
  attributes: Schema.Array(CompetitionAttribute),
  imageGroup: Schema.NullOr(ImageGroup),
  instantWinGroups: Schema.Array(InstantWinGroup),
  /** hex(SHA-256(seed)): the draw's seed is fixed from creation (docs/fairness.md). */
  drawCommitment: Schema.String,
  /** The salted hash of the instant-win numbers, fixed before sales; null with none. */
  instantWinCommitment: Schema.NullOr(Schema.String),
  /**
   * The main draw's result once it is made, so every view of the competition
   * can say it is drawn without asking for the proof; null until then, and
   * always for a competition with no main draw.
   */
  drawResult: Schema.NullOr(CompetitionDrawResult),
  /** Automatic, drawn as soon as every ticket is sold and paid (docs/decisions/0081). */
  drawOnSellOut: Schema.Boolean,
  /**
   * Set once a sold-out competition's draw was brought forward: the draw time
   * first published (`from`) and when it moved (`at`); null otherwise.
   */
  drawBroughtForward: Schema.NullOr(Schema.Struct({ from: Schema.Date, at: Schema.Date })),
  /**
   * Customers may pick their numbers from the free ones (docs/decisions/0080),
   * Lucky Dip still the default; never with instant wins. Absent reads as false.
   */
  pickYourNumbers: Schema.optional(Schema.Boolean),
})
export type CompetitionJson = typeof Competition.Encoded

export const TimePeriod = Schema.Literal("Current", "EndingSoon", "Past", "All")
export const CompetitionType = Schema.Literal("All", "InstantWin", "Standard")
/**
 * A list's order: staff's display order, soonest close (those closed last),
 * latest opening, cheapest ticket, or best odds of one ticket. Unset, the
 * time period's own: soonest close for EndingSoon, Featured otherwise.
 */
export const CompetitionSortBy = Schema.Literal(
  "Featured",
  "EndingSoonest",
  "Newest",
  "PriceLowToHigh",
  "BestOdds",
)

export const CompetitionListParams = Schema.Struct({
  CategoryId: Schema.optional(Schema.UUID),
  Name: Schema.optional(boundedString(255)),
  Description: Schema.optional(boundedString(255)),
  TimePeriod: Schema.optionalWith(TimePeriod, { default: () => "Current" as const }),
  SortBy: Schema.optional(CompetitionSortBy),
  /** The storefront always sends VisibleOnly; anything else is for staff. */
  VisibilityStatus: Schema.optionalWith(Schema.Literal("VisibleOnly", "All", "HiddenOnly"), {
    default: () => "VisibleOnly" as const,
  }),
  Type: Schema.optionalWith(CompetitionType, { default: () => "All" as const }),
  ...PagingParams,
})

export const CompetitionList = Schema.Struct({
  competitions: Schema.Array(Competition),
  ...PageInfo,
})
export type CompetitionListJson = typeof CompetitionList.Encoded
export const CompetitionResponse = Schema.Struct({ competition: Competition })
export type CompetitionResponseJson = typeof CompetitionResponse.Encoded

export const INSTANT_WIN_TICKET_PAGE_SIZE = 50

/** A ticket list's sale filter (core/src/rules/ticket-status.ts). */
export const TicketStatus = Schema.Literal("All", "Sold", "Unsold")

export const TicketListParams = Schema.Struct({
  FromTicketNumber: Schema.optional(BoundedIntFromString(1)),
  ToTicketNumber: Schema.optional(BoundedIntFromString(1)),
  /** Which instant-win tickets: all of them, those already won, or those still to win. */
  InstantWinTicketStatus: Schema.optionalWith(Schema.Literal("All", "Won", "NotWon"), {
    default: () => "All" as const,
  }),
  /**
   * Sold (what the draw counts: a paid order's or a postal entry's), not
   * sold (still to buy, or held by an unpaid order), or either
   * (core/src/rules/ticket-status.ts). Only "All" for a caller who is not
   * staff: Sold or Unsold from anyone else is refused (401/403).
   */
  TicketStatus: Schema.optionalWith(TicketStatus, { default: () => "All" as const }),
  /** Public callers see instant-win tickets only; every sold ticket with its owner is for staff. */
  InstantWinTicketsOnly: Schema.optionalWith(BooleanFromQuery, { default: () => true }),
  PageNumber: PagingParams.PageNumber,
  PageSize: pageSize(INSTANT_WIN_TICKET_PAGE_SIZE),
})

export const Ticket = Schema.Struct({
  ticketNumber: Schema.Int,
  /**
   * Publicly only a winner's display name, once the ticket has won. Staff
   * see every sold ticket's holder, with the customer's id and email.
   */
  customer: Schema.NullOr(
    Schema.Struct({
      fullName: Schema.String,
      customerId: Schema.optional(Schema.String),
      email: Schema.optional(Schema.String),
    }),
  ),
  instantWin: Schema.NullOr(
    Schema.Struct({
      won: Schema.Boolean,
      instantWinGroup: Schema.Struct({ id: Schema.String, name: Schema.String }),
    }),
  ),
})
export type TicketJson = typeof Ticket.Encoded
export const TicketList = Schema.Struct({ tickets: Schema.Array(Ticket), ...PageInfo })
export type TicketListJson = typeof TicketList.Encoded

export const Category = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  description: Schema.String,
  visibilityStatus: VisibilityStatus,
})
export type CategoryJson = typeof Category.Encoded
export const CategoryListParams = Schema.Struct({
  Name: Schema.optional(boundedString(255)),
  Description: Schema.optional(boundedString(255)),
  VisibilityStatus: Schema.optionalWith(Schema.Literal("VisibleOnly", "All", "HiddenOnly"), {
    default: () => "VisibleOnly" as const,
  }),
  ...PagingParams,
})
export const CategoryList = Schema.Struct({ categories: Schema.Array(Category), ...PageInfo })
export type CategoryListJson = typeof CategoryList.Encoded
export const CategoryResponse = Schema.Struct({ category: Category })
export const CategoryCompetitionParams = Schema.Struct({
  TimePeriod: Schema.optionalWith(TimePeriod, { default: () => "Current" as const }),
  ...PagingParams,
})

export const DrawResponse = Schema.Struct({
  draw: Schema.Struct({ drawDate: Schema.NullOr(Schema.Date), drawType: DrawType }),
})
export type DrawResponseJson = typeof DrawResponse.Encoded

export const CompetitionWinner = Schema.Struct({
  isVisible: Schema.Boolean,
  competition: Schema.Struct({ id: Schema.String, name: Schema.String }),
  customer: Schema.Struct({ fullName: Schema.String }),
  ticketNumber: Schema.Int,
  drawDate: Schema.Date,
  images: Schema.Array(Schema.Struct({ url: Schema.String })),
})
export type CompetitionWinnerJson = typeof CompetitionWinner.Encoded
export const CompetitionWinnerParams = Schema.Struct({
  DrawFromDate: Schema.optional(DateFromQuery),
  DrawToDate: Schema.optional(RangeEndFromQuery),
  CompetitionId: Schema.optional(Schema.UUID),
  /** One customer's wins: that customer's own, or anyone's for staff. */
  CustomerId: Schema.optional(Schema.UUID),
  /** Part of the winner's name, case-insensitively. */
  CustomerName: Schema.optional(boundedString(100)),
  IncludeHiddenRecords: Schema.optionalWith(BooleanFromQuery, { default: () => false }),
  ...PagingParams,
})
export const CompetitionWinnerList = Schema.Struct({
  competitionWinners: Schema.Array(CompetitionWinner),
  ...PageInfo,
})
export type CompetitionWinnerListJson = typeof CompetitionWinnerList.Encoded

export const ResourceKey = Schema.String.pipe(Schema.pattern(/^[a-z0-9-]{1,100}$/))
export const ResourceResponse = Schema.Struct({
  resource: Schema.Struct({ key: Schema.String, value: Schema.String }),
})
export type ResourceResponseJson = typeof ResourceResponse.Encoded
