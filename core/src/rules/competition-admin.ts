/**
 * What staff may set on a competition, and when (decision 0027,
 * docs/decisions/0027): pure rules shared by the server and the back
 * office's form. Field messages are keyed by the wire's field names, as the
 * validation problem lists them (docs/product/errors.md); refusals depend on what has
 * already happened to the competition (sales, the start, the draw).
 */
import type { DrawType, VisibilityStatus } from "../competitions/model.js"
import { MAX_NAME_LENGTH, messages } from "./validation.js"

/** A million-ticket pool is created in seconds (npm run bench); more is not a prize draw we test. */
export const MAX_TOTAL_TICKETS = 1_000_000
export const MAX_DESCRIPTION_LENGTH = 100_000
export const MAX_ATTRIBUTE_VALUE_LENGTH = 1000

export interface CompetitionAttributeValue {
  readonly attributeTypeId: string
  readonly value: string
}

/** A whole competition as staff send it. Money in pence. */
export interface CompetitionDraft {
  readonly name: string
  readonly description: string
  readonly ticketPrice: number
  readonly totalTickets: number
  readonly maxTicketsPerCustomer: number
  readonly defaultTicketSaleQuantity: number
  readonly cashAlternativeValue: number | null
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly drawDateTimeUtc: Date | null
  readonly drawType: DrawType
  /**
   * An automatic draw made as soon as every ticket is sold and paid rather
   * than at the draw time (docs/decisions/0081); false for any other draw.
   */
  readonly drawOnSellOut: boolean
  readonly visibilityStatus: VisibilityStatus
  readonly categoryIds: readonly string[]
  readonly attributes: readonly CompetitionAttributeValue[]
  readonly imageGroupId: string | null
  /**
   * Customers may pick their numbers (docs/decisions/0080). Absent is off;
   * refused with instant wins (rules/picked-numbers).
   */
  readonly pickYourNumbers?: boolean
}

export type CompetitionDraftErrors = Partial<Record<keyof CompetitionDraft, string>>

export const competitionMessages = {
  nameRequired: "A name is required",
  nameTooLong: messages.nameTooLong,
  descriptionTooLong: `Please keep the description to ${MAX_DESCRIPTION_LENGTH.toLocaleString("en-GB")} characters or fewer`,
  ticketPriceNegative: "The ticket price cannot be below £0.00",
  totalTicketsOutOfRange: `A competition needs between 1 and ${MAX_TOTAL_TICKETS.toLocaleString("en-GB")} tickets`,
  maxPerPersonTooSmall: "The per-person maximum must be at least 1",
  maxPerPersonAboveTotal: "The per-person maximum cannot be more than the total tickets",
  defaultQuantityOutOfRange: "The default quantity must be between 1 and the per-person maximum",
  cashAlternativeNegative: "The cash alternative cannot be below £0.00",
  closeNotAfterStart: "The close date must be after the start date",
  closeInPast: "The close date must be in the future",
  drawDateRequired: "A live or automatic draw needs a draw date",
  drawBeforeClose: "The draw date must be at or after the close date",
  drawInPast: "The draw date must be in the future",
  drawOnSellOutNeedsAutomatic: "Only an automatic draw can be made as soon as it sells out",
  attributeRepeated: "Each attribute type can be given once",
  attributeValueTooLong: `Each attribute value must be ${MAX_ATTRIBUTE_VALUE_LENGTH} characters or fewer`,
  unknownCategory: "There is no such category",
  unknownAttributeType: "There is no such attribute type",
  unknownImageGroup: "There is no such image group",
} as const

const isCount = (n: number, min: number, max = Number.MAX_SAFE_INTEGER) =>
  Number.isSafeInteger(n) && n >= min && n <= max

const sameInstant = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : a.getTime() === b.getTime()

/**
 * The first problem with each field of a draft, or an empty object.
 * `previous` is the competition as stored when the draft edits one: a date
 * left as it was is not judged against the clock again, so staff can still
 * change the name of a competition whose dates have passed.
 */
export const validateCompetitionDraft = (
  draft: CompetitionDraft,
  now: Date,
  previous?: Pick<CompetitionDraft, "closeDateTimeUtc" | "drawDateTimeUtc">,
): CompetitionDraftErrors => {
  const errors: CompetitionDraftErrors = {}
  const name = draft.name.trim()
  if (name === "") errors.name = competitionMessages.nameRequired
  else if (name.length > MAX_NAME_LENGTH) errors.name = competitionMessages.nameTooLong
  if (draft.description.length > MAX_DESCRIPTION_LENGTH)
    errors.description = competitionMessages.descriptionTooLong
  if (!isCount(draft.ticketPrice, 0)) errors.ticketPrice = competitionMessages.ticketPriceNegative
  if (!isCount(draft.totalTickets, 1, MAX_TOTAL_TICKETS))
    errors.totalTickets = competitionMessages.totalTicketsOutOfRange
  if (!isCount(draft.maxTicketsPerCustomer, 1))
    errors.maxTicketsPerCustomer = competitionMessages.maxPerPersonTooSmall
  else if (errors.totalTickets === undefined && draft.maxTicketsPerCustomer > draft.totalTickets)
    errors.maxTicketsPerCustomer = competitionMessages.maxPerPersonAboveTotal
  if (
    !isCount(draft.defaultTicketSaleQuantity, 1) ||
    (isCount(draft.maxTicketsPerCustomer, 1) &&
      draft.defaultTicketSaleQuantity > draft.maxTicketsPerCustomer)
  )
    errors.defaultTicketSaleQuantity = competitionMessages.defaultQuantityOutOfRange
  if (draft.cashAlternativeValue !== null && !isCount(draft.cashAlternativeValue, 0))
    errors.cashAlternativeValue = competitionMessages.cashAlternativeNegative

  const closeMoved =
    previous === undefined || !sameInstant(previous.closeDateTimeUtc, draft.closeDateTimeUtc)
  if (draft.closeDateTimeUtc <= draft.startDateTimeUtc)
    errors.closeDateTimeUtc = competitionMessages.closeNotAfterStart
  else if (closeMoved && draft.closeDateTimeUtc <= now)
    errors.closeDateTimeUtc = competitionMessages.closeInPast

  const drawMoved =
    previous === undefined || !sameInstant(previous.drawDateTimeUtc, draft.drawDateTimeUtc)
  if (draft.drawDateTimeUtc === null) {
    if (draft.drawType !== "None") errors.drawDateTimeUtc = competitionMessages.drawDateRequired
  } else if (draft.drawDateTimeUtc < draft.closeDateTimeUtc)
    errors.drawDateTimeUtc = competitionMessages.drawBeforeClose
  else if (drawMoved && draft.drawDateTimeUtc <= now)
    errors.drawDateTimeUtc = competitionMessages.drawInPast
  // Staff, not the job, draw a live competition: on camera, at an announced time.
  if (draft.drawOnSellOut && draft.drawType !== "Automatic")
    errors.drawOnSellOut = competitionMessages.drawOnSellOutNeedsAutomatic

  const typeIds = draft.attributes.map((a) => a.attributeTypeId.toLowerCase())
  if (new Set(typeIds).size !== typeIds.length)
    errors.attributes = competitionMessages.attributeRepeated
  else if (draft.attributes.some((a) => a.value.length > MAX_ATTRIBUTE_VALUE_LENGTH))
    errors.attributes = competitionMessages.attributeValueTooLong
  return errors
}

/** A competition as stored, with what has happened to it: what a change is judged against. */
export interface StoredCompetition extends CompetitionDraft {
  /** Tickets held by any order or postal entry, paid or not. */
  readonly ticketsSold: number
  /** Orders still awaiting payment that hold its tickets: they may yet be released. */
  readonly openOrders: number
  /**
   * The draw time it published before staff or the sell-out brought the draw
   * forward, and when; null while the draw is where it was first set.
   */
  readonly drawBroughtForward: { readonly from: Date; readonly at: Date } | null
  readonly drawn: boolean
  /** The highest instant-win number, which the pool must keep; null with none. */
  readonly highestInstantWinNumber: number | null
}

/** Why a change is refused whatever its values: 409, not a form error. */
export type ChangeRefusal =
  | { readonly reason: "AlreadyDrawn"; readonly fields: readonly (keyof CompetitionDraft)[] }
  | {
      readonly reason: "DatesFixedOnceLive"
      readonly field: "startDateTimeUtc" | "closeDateTimeUtc" | "drawDateTimeUtc" | "drawOnSellOut"
    }
  | { readonly reason: "TotalFixedAfterClose" }
  | { readonly reason: "TotalBelowSold"; readonly sold: number }
  | { readonly reason: "ShrinkOnceLive" }
  | { readonly reason: "ShrinkBelowInstantWin"; readonly highest: number }

/** What makes the draw what it was: frozen once drawn. Presentation (name, text, images) is not. */
export const DRAWN_FIELDS = [
  "ticketPrice",
  "totalTickets",
  "maxTicketsPerCustomer",
  "defaultTicketSaleQuantity",
  "cashAlternativeValue",
  "startDateTimeUtc",
  "closeDateTimeUtc",
  "drawDateTimeUtc",
  "drawType",
  "drawOnSellOut",
] as const satisfies readonly (keyof CompetitionDraft)[]

const changed = (
  stored: CompetitionDraft,
  next: CompetitionDraft,
  field: keyof CompetitionDraft,
) => {
  const a = stored[field]
  const b = next[field]
  if (a instanceof Date || b instanceof Date)
    return !sameInstant(a as Date | null, b as Date | null)
  return a !== b
}

/**
 * On sale: anyone could buy it (published and open) or someone holds a
 * ticket. From then on what it promised (its dates, its instant wins) is
 * fixed. A hidden competition nobody holds a ticket of has promised nobody
 * anything, whatever its opening time says, so staff may still set it up:
 * one made with an opening of "now" is not locked the moment it is saved.
 */
export const onSale = (
  competition: {
    readonly startDateTimeUtc: Date
    readonly visibilityStatus: VisibilityStatus
    /** Held by any order or postal entry, paid or not. */
    readonly ticketsHeld: number
  },
  now: Date,
): boolean =>
  competition.ticketsHeld > 0 ||
  (competition.visibilityStatus === "Visible" && now >= competition.startDateTimeUtc)

/**
 * Whether a change may be made at all, given the competition's history.
 * The pool may grow until the close (new numbers take random places among
 * the free ones, so the claim order stays unguessable) but only shrinks
 * before the competition goes on sale, and never under an instant-win number:
 * a sold number or a committed prize is never taken away.
 */
export const changeRefusal = (
  stored: StoredCompetition,
  next: CompetitionDraft,
  now: Date,
): ChangeRefusal | null => {
  if (stored.drawn) {
    const fields = DRAWN_FIELDS.filter((field) => changed(stored, next, field))
    return fields.length > 0 ? { reason: "AlreadyDrawn", fields } : null
  }
  const live = onSale({ ...stored, ticketsHeld: stored.ticketsSold }, now)
  if (live && changed(stored, next, "startDateTimeUtc"))
    return { reason: "DatesFixedOnceLive", field: "startDateTimeUtc" }
  if (live && changed(stored, next, "closeDateTimeUtc"))
    return { reason: "DatesFixedOnceLive", field: "closeDateTimeUtc" }
  // Customers bought on the promise of when the winner is drawn (DCMS code, decision 0045).
  if (live && changed(stored, next, "drawDateTimeUtc"))
    return { reason: "DatesFixedOnceLive", field: "drawDateTimeUtc" }
  // Drawing on sell-out is part of the same promise: bought with it, kept with it.
  if (live && changed(stored, next, "drawOnSellOut"))
    return { reason: "DatesFixedOnceLive", field: "drawOnSellOut" }
  if (next.totalTickets !== stored.totalTickets) {
    if (now >= stored.closeDateTimeUtc) return { reason: "TotalFixedAfterClose" }
    if (next.totalTickets < stored.ticketsSold)
      return { reason: "TotalBelowSold", sold: stored.ticketsSold }
    if (next.totalTickets < stored.totalTickets) {
      if (live || stored.ticketsSold > 0) return { reason: "ShrinkOnceLive" }
      if (
        stored.highestInstantWinNumber !== null &&
        next.totalTickets < stored.highestInstantWinNumber
      )
        return { reason: "ShrinkBelowInstantWin", highest: stored.highestInstantWinNumber }
    }
  }
  return null
}

/** Why a competition cannot be deleted; null when it can. */
export type DeletionRefusal = "HasSales" | "AlreadyDrawn"

/**
 * Only a competition nobody entered may go: a ticket held (paid or not), a
 * postal entry or any order line (kept for the accounts) keeps it, and so
 * does a published draw.
 */
export const deletionRefusal = (competition: {
  readonly ticketsSold: number
  readonly ordered: boolean
  readonly drawn: boolean
}): DeletionRefusal | null =>
  competition.drawn
    ? "AlreadyDrawn"
    : competition.ticketsSold > 0 || competition.ordered
      ? "HasSales"
      : null

const DATE_NAMES = {
  startDateTimeUtc: "start date",
  closeDateTimeUtc: "close date",
  drawDateTimeUtc: "draw date",
  drawOnSellOut: "choice to draw as soon as it sells out",
} as const

/** The words staff read in a refusal's detail. */
export const refusalDetail = (refusal: ChangeRefusal): string => {
  switch (refusal.reason) {
    case "AlreadyDrawn":
      return `This competition has been drawn: its ${refusal.fields.join(", ")} can no longer change.`
    case "DatesFixedOnceLive":
      return refusal.field === "drawOnSellOut"
        ? `The competition is live: its ${DATE_NAMES[refusal.field]} can no longer change.`
        : `The competition is live: its ${DATE_NAMES[refusal.field]} can no longer move.`
    case "TotalFixedAfterClose":
      return "The competition has closed: its total tickets can no longer change."
    case "TotalBelowSold":
      return `${refusal.sold} tickets are already sold: the total cannot be below that.`
    case "ShrinkOnceLive":
      return "The competition is live: its total tickets can grow but not shrink."
    case "ShrinkBelowInstantWin":
      return `Ticket ${refusal.highest} is an instant win: change the instant-win groups before reducing the total below it.`
  }
}
