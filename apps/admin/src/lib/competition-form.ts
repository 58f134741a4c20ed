/**
 * The competition form's values (what staff type: pounds, UK times, text
 * counts) to and from the wire's request (pence, ISO instants, integers).
 * Only what cannot be read at all is refused here; the business rules
 * (ranges, dates in order, what may change once live) are the server's,
 * which answers with a message per field in the same wire names.
 */
import type { CompetitionJson } from "@howzat/contracts/catalogue"
import type { CompetitionRequestJson } from "@howzat/contracts/catalogue-admin"
import { CompetitionPhase, competitionPhase } from "@howzat/core/rules"
import { fromLocalInputKeeping, parseExactPounds, penceInput, toLocalInput } from "./format"

export type DrawType = CompetitionRequestJson["drawType"]
export type Visibility = CompetitionRequestJson["visibilityStatus"]

export interface AttributeValue {
  readonly attributeTypeId: string
  readonly value: string
}

export interface CompetitionFormValues {
  readonly name: string
  readonly description: string
  readonly ticketPrice: string
  readonly totalTickets: string
  readonly maxTicketsPerCustomer: string
  readonly defaultTicketSaleQuantity: string
  /** Blank for no cash alternative. */
  readonly cashAlternativeValue: string
  readonly startDateTimeUtc: string
  readonly closeDateTimeUtc: string
  /** Blank for no draw date (draw type None). */
  readonly drawDateTimeUtc: string
  readonly drawType: DrawType
  /** "Draw as soon as it sells out": automatic draws only (docs/decisions/0081). */
  readonly drawOnSellOut: boolean
  readonly visibilityStatus: Visibility
  readonly categoryIds: readonly string[]
  readonly attributes: readonly AttributeValue[]
  /** Blank for no image group. */
  readonly imageGroupId: string
  /** Customers pick their numbers (docs/decisions/0080); the server refuses it with instant wins. */
  readonly pickYourNumbers: boolean
}

export type FormErrors = Partial<Record<keyof CompetitionFormValues, string>>

export const formMessages = {
  money: "Enter an amount in pounds, such as 2.50",
  count: "Enter a whole number",
  dateTime: "Enter a date and time",
} as const

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** A new competition's starting point: opens tomorrow, closes a week later, drawn live an hour after. */
export const newCompetitionValues = (now: Date): CompetitionFormValues => {
  // Whole hours, so the times read cleanly in the inputs.
  const base = Math.ceil(now.getTime() / HOUR) * HOUR
  return {
    name: "",
    description: "",
    ticketPrice: "",
    totalTickets: "",
    maxTicketsPerCustomer: "",
    defaultTicketSaleQuantity: "1",
    cashAlternativeValue: "",
    startDateTimeUtc: toLocalInput(new Date(base + DAY).toISOString()),
    closeDateTimeUtc: toLocalInput(new Date(base + 8 * DAY).toISOString()),
    drawDateTimeUtc: toLocalInput(new Date(base + 8 * DAY + HOUR).toISOString()),
    drawType: "Live",
    drawOnSellOut: false,
    visibilityStatus: "Hidden",
    categoryIds: [],
    attributes: [],
    imageGroupId: "",
    pickYourNumbers: false,
  }
}

/** A stored competition (or what was last sent) as the form shows it. */
export const competitionValues = (
  c: Pick<
    CompetitionJson,
    | "name"
    | "description"
    | "ticketPrice"
    | "totalTickets"
    | "maxTicketsPerCustomer"
    | "defaultTicketSaleQuantity"
    | "cashAlternativeValue"
    | "startDateTimeUtc"
    | "closeDateTimeUtc"
    | "drawDateTimeUtc"
    | "drawType"
    | "drawOnSellOut"
    | "visibilityStatus"
    | "categoryIds"
  > & {
    readonly attributes: readonly AttributeValue[]
    readonly imageGroupId: string | null
    readonly pickYourNumbers?: boolean | undefined
  },
): CompetitionFormValues => ({
  name: c.name,
  description: c.description,
  ticketPrice: penceInput(c.ticketPrice),
  totalTickets: String(c.totalTickets),
  maxTicketsPerCustomer: String(c.maxTicketsPerCustomer),
  defaultTicketSaleQuantity: String(c.defaultTicketSaleQuantity),
  cashAlternativeValue: c.cashAlternativeValue === null ? "" : penceInput(c.cashAlternativeValue),
  startDateTimeUtc: toLocalInput(c.startDateTimeUtc),
  closeDateTimeUtc: toLocalInput(c.closeDateTimeUtc),
  drawDateTimeUtc: toLocalInput(c.drawDateTimeUtc),
  drawType: c.drawType,
  drawOnSellOut: c.drawOnSellOut,
  visibilityStatus: c.visibilityStatus,
  categoryIds: [...c.categoryIds],
  attributes: c.attributes.map((a) => ({ attributeTypeId: a.attributeTypeId, value: a.value })),
  imageGroupId: c.imageGroupId ?? "",
  pickYourNumbers: c.pickYourNumbers === true,
})

/** The form's values from a competition as the API answers it. */
export const valuesOfCompetition = (c: CompetitionJson): CompetitionFormValues =>
  competitionValues({
    ...c,
    attributes: c.attributes.map((a) => ({ attributeTypeId: a.attributeType.id, value: a.value })),
    imageGroupId: c.imageGroup?.id ?? null,
  })

const count = (text: string): number | undefined => {
  const trimmed = text.trim()
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : undefined
}

export type PayloadResult =
  | { readonly ok: true; readonly payload: CompetitionRequestJson }
  | { readonly ok: false; readonly errors: FormErrors }

type StoredDates = Pick<
  CompetitionJson,
  "startDateTimeUtc" | "closeDateTimeUtc" | "drawDateTimeUtc"
>

/**
 * The request for these values, or what cannot be read, by field. A date
 * input holds minutes only: when it still shows the stored instant, that
 * instant is sent as it was, seconds and all, so an untouched close date of
 * a live competition is not read as moved (the server would refuse it).
 */
export const competitionPayload = (
  values: CompetitionFormValues,
  stored?: StoredDates,
): PayloadResult => {
  const errors: { -readonly [K in keyof FormErrors]: string } = {}
  const money = (field: "ticketPrice" | "cashAlternativeValue") => {
    const pence = parseExactPounds(values[field])
    if (pence === undefined) errors[field] = formMessages.money
    return pence ?? 0
  }
  const whole = (
    field: "totalTickets" | "maxTicketsPerCustomer" | "defaultTicketSaleQuantity",
  ): number => {
    const n = count(values[field])
    if (n === undefined) errors[field] = formMessages.count
    return n ?? 0
  }
  const instant = (field: "startDateTimeUtc" | "closeDateTimeUtc" | "drawDateTimeUtc") => {
    const iso = fromLocalInputKeeping(values[field], stored?.[field])
    if (iso === undefined) errors[field] = formMessages.dateTime
    return iso ?? ""
  }
  const payload: CompetitionRequestJson = {
    name: values.name.trim(),
    description: values.description,
    ticketPrice: money("ticketPrice"),
    totalTickets: whole("totalTickets"),
    maxTicketsPerCustomer: whole("maxTicketsPerCustomer"),
    defaultTicketSaleQuantity: whole("defaultTicketSaleQuantity"),
    cashAlternativeValue:
      values.cashAlternativeValue.trim() === "" ? null : money("cashAlternativeValue"),
    startDateTimeUtc: instant("startDateTimeUtc"),
    closeDateTimeUtc: instant("closeDateTimeUtc"),
    drawDateTimeUtc: values.drawDateTimeUtc.trim() === "" ? null : instant("drawDateTimeUtc"),
    drawType: values.drawType,
    // Only an automatic draw may be made on sell-out: switching away from it clears the choice.
    drawOnSellOut: values.drawType === "Automatic" && values.drawOnSellOut,
    visibilityStatus: values.visibilityStatus,
    categoryIds: [...values.categoryIds],
    attributes: values.attributes
      // A row left blank is no attribute; the server judges the rest.
      .filter((a) => a.attributeTypeId !== "" && a.value.trim() !== "")
      .map((a) => ({ attributeTypeId: a.attributeTypeId, value: a.value.trim() })),
    imageGroupId: values.imageGroupId === "" ? null : values.imageGroupId,
    pickYourNumbers: values.pickYourNumbers,
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, payload }
}

/** The whole competition as a PUT sends it, with only its visibility changed: publish or hide. */
export const requestWithVisibility = (
  c: CompetitionJson,
  visibilityStatus: Visibility,
): CompetitionRequestJson => ({
  name: c.name,
  description: c.description,
  ticketPrice: c.ticketPrice,
  totalTickets: c.totalTickets,
  maxTicketsPerCustomer: c.maxTicketsPerCustomer,
  defaultTicketSaleQuantity: c.defaultTicketSaleQuantity,
  cashAlternativeValue: c.cashAlternativeValue,
  startDateTimeUtc: c.startDateTimeUtc,
  closeDateTimeUtc: c.closeDateTimeUtc,
  drawDateTimeUtc: c.drawDateTimeUtc,
  drawType: c.drawType,
  drawOnSellOut: c.drawOnSellOut,
  visibilityStatus,
  categoryIds: [...c.categoryIds],
  attributes: c.attributes.map((a) => ({ attributeTypeId: a.attributeType.id, value: a.value })),
  imageGroupId: c.imageGroup?.id ?? null,
  // Publishing or hiding keeps the switch as it is.
  pickYourNumbers: c.pickYourNumbers === true,
})

/** Where a competition is in its life (core's competitionPhase), as the list and the edit screen show it. */
export type Phase = "Coming soon" | "On sale" | "Awaiting draw" | "Closed"

const PHASE_LABELS: Record<CompetitionPhase, Phase> = {
  [CompetitionPhase.ComingSoon]: "Coming soon",
  [CompetitionPhase.Open]: "On sale",
  [CompetitionPhase.ClosedAwaitingDraw]: "Awaiting draw",
  [CompetitionPhase.Closed]: "Closed",
}

export const competitionPhaseLabel = (
  c: Pick<CompetitionJson, "startDateTimeUtc" | "closeDateTimeUtc" | "drawDateTimeUtc">,
  now: Date,
): Phase =>
  PHASE_LABELS[
    competitionPhase(
      {
        start: new Date(c.startDateTimeUtc),
        close: new Date(c.closeDateTimeUtc),
        draw: c.drawDateTimeUtc === null ? null : new Date(c.drawDateTimeUtc),
      },
      now,
    )
  ]

/**
 * Why the delete button is off, or null when it may be offered: the
 * server refuses a competition anybody entered (decision 0027), so the
 * screen says so before staff try.
 */
export const deleteBlockedReason = (
  c: Pick<CompetitionJson, "ticketsSoldToDate">,
): string | null =>
  c.ticketsSoldToDate > 0
    ? `It cannot be deleted: ${c.ticketsSoldToDate} ${c.ticketsSoldToDate === 1 ? "ticket has" : "tickets have"} been sold or entered. Hide it instead.`
    : null

/** Sold out for the back office: every ticket sold (the server also waits for unpaid orders). */
export const soldOut = (c: Pick<CompetitionJson, "ticketsSoldToDate" | "totalTickets">) =>
  c.ticketsSoldToDate >= c.totalTickets

/**
 * Whether to offer "Bring the draw forward": sold out, a draw still to make
 * and not one the job makes on sell-out. The server judges the rest (a
 * day's notice, earlier only, no unpaid orders) and says why it refuses.
 */
export const offersDrawForward = (
  c: Pick<
    CompetitionJson,
    "ticketsSoldToDate" | "totalTickets" | "drawType" | "drawOnSellOut" | "drawResult"
  >,
) => soldOut(c) && c.drawType !== "None" && !c.drawOnSellOut && c.drawResult === null

/** The form's starting value: a day and an hour from now, on the hour, so it reads cleanly. */
export const suggestedDrawForward = (now: Date): string =>
  toLocalInput(new Date(Math.ceil((now.getTime() + DAY + HOUR) / HOUR) * HOUR).toISOString())

/** The categories ticked after one box changes: added at the end, or every copy removed. */
export const withCategory = (
  ids: readonly string[],
  id: string,
  ticked: boolean,
): readonly string[] => (ticked ? [...ids, id] : ids.filter((each) => each !== id))

/** The attribute rows after one row's type or value changes; the others as they were. */
export const withAttributeChanged = (
  rows: readonly AttributeValue[],
  index: number,
  change: Partial<AttributeValue>,
): readonly AttributeValue[] => rows.map((row, i) => (i === index ? { ...row, ...change } : row))

/** The attribute rows without one; the others keep their order. */
export const withoutAttribute = (
  rows: readonly AttributeValue[],
  index: number,
): readonly AttributeValue[] => rows.filter((_, i) => i !== index)
