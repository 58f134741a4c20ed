/**
 * The voucher form (decision 0031): what staff type (pounds, UK
 * times, text in number boxes) to the API's payload and back. The judging
 * is core's rules/promotion-form, the same the server runs, so the form
 * says exactly what the API would say, before a round trip.
 */
import type { PromotionJson, PromotionRequestJson } from "@howzat/contracts/promotions"
import { type PromotionForm, readPromotionForm } from "@howzat/core/rules"
import { fromLocalInputKeeping, parseExactPounds, penceInput, toLocalInput } from "./format"

export interface VoucherValues {
  readonly code: string
  readonly description: string
  readonly discountKind: "Percentage" | "Fixed"
  readonly percent: string
  /** Pounds, as typed. */
  readonly amount: string
  /** "" for the whole basket. */
  readonly competitionId: string
  /** `datetime-local` values in UK time; "" for none. */
  readonly validFrom: string
  readonly validTo: string
  readonly usageLimit: string
  readonly perCustomerLimit: string
  /** Pounds; "" for the shop's default. */
  readonly minimumSpend: string
  readonly freeEntry: boolean
  /** Kept as loaded: clubs' vouchers are set up with the club, not here. */
  readonly clubId: string | null
}

export const emptyVoucher: VoucherValues = {
  code: "",
  description: "",
  discountKind: "Percentage",
  percent: "",
  amount: "",
  competitionId: "",
  validFrom: "",
  validTo: "",
  usageLimit: "",
  perCustomerLimit: "",
  minimumSpend: "",
  freeEntry: false,
  clubId: null,
}

const DATE_MESSAGE = "Give a date and time, or leave it empty."

/** "" is no value; text that is not a number reads as NaN, which the rules refuse in their words. */
const wholeOrNull = (text: string): number | null => (text.trim() === "" ? null : Number(text))
const penceOrNull = (text: string): number | null =>
  text.trim() === "" ? null : (parseExactPounds(text) ?? Number.NaN)
const instantOrNull = (text: string, kept: string | null | undefined): Date | null | undefined => {
  if (text.trim() === "") return null
  const iso = fromLocalInputKeeping(text, kept)
  return iso === undefined ? undefined : new Date(iso)
}

export type VoucherPayload =
  | { readonly _tag: "Valid"; readonly payload: PromotionRequestJson }
  | { readonly _tag: "Invalid"; readonly errors: Readonly<Record<string, string>> }

/** The saved voucher's instants, kept while their fields are unchanged (see fromLocalInputKeeping). */
export type StoredValidity = Pick<PromotionJson, "validFrom" | "validTo">

/** The form's values as the API's request, or each bad field's message. */
export const voucherPayload = (values: VoucherValues, stored?: StoredValidity): VoucherPayload => {
  const validFrom = instantOrNull(values.validFrom, stored?.validFrom)
  const validTo = instantOrNull(values.validTo, stored?.validTo)
  const form: PromotionForm = {
    code: values.code,
    description: values.description,
    discountKind: values.discountKind,
    percent: values.discountKind === "Percentage" ? wholeOrNull(values.percent) : null,
    amount: values.discountKind === "Fixed" ? penceOrNull(values.amount) : null,
    competitionId: values.competitionId === "" ? null : values.competitionId,
    validFrom: validFrom ?? null,
    validTo: validTo ?? null,
    usageLimit: wholeOrNull(values.usageLimit),
    perCustomerLimit: wholeOrNull(values.perCustomerLimit),
    minimumSpend: penceOrNull(values.minimumSpend),
    freeEntry: values.freeEntry,
    clubId: values.clubId,
  }
  const read = readPromotionForm(form)
  const errors: Record<string, string> = read._tag === "Invalid" ? { ...read.errors } : {}
  if (validFrom === undefined) errors.validFrom = DATE_MESSAGE
  if (validTo === undefined) errors.validTo = DATE_MESSAGE
  // A percentage or amount left empty is a missing discount, not "no limit".
  if (values.discountKind === "Percentage" && form.percent === null)
    errors.percent ??= "Give a whole percentage from 1 to 100."
  if (values.discountKind === "Fixed" && form.amount === null)
    errors.amount ??= "Give an amount of at least 1p."
  if (Object.keys(errors).length > 0) return { _tag: "Invalid", errors }
  return {
    _tag: "Valid",
    payload: {
      code: form.code.trim().toUpperCase(),
      description: form.description.trim(),
      discountKind: form.discountKind,
      percent: form.percent,
      amount: form.amount,
      competitionId: form.competitionId,
      validFrom: form.validFrom?.toISOString() ?? null,
      validTo: form.validTo?.toISOString() ?? null,
      usageLimit: form.usageLimit,
      perCustomerLimit: form.perCustomerLimit,
      minimumSpend: form.minimumSpend,
      freeEntry: form.freeEntry,
      clubId: form.clubId,
    },
  }
}

const text = (n: number | null): string => (n === null ? "" : String(n))

/** A saved voucher as the form starts. */
export const voucherValues = (promotion: PromotionJson): VoucherValues => ({
  code: promotion.code,
  description: promotion.description,
  discountKind: promotion.discountKind,
  percent: text(promotion.percent),
  amount: promotion.amount === null ? "" : penceInput(promotion.amount),
  competitionId: promotion.competitionId ?? "",
  validFrom: toLocalInput(promotion.validFrom),
  validTo: toLocalInput(promotion.validTo),
  usageLimit: text(promotion.usageLimit),
  perCustomerLimit: text(promotion.perCustomerLimit),
  minimumSpend: promotion.minimumSpend === null ? "" : penceInput(promotion.minimumSpend),
  freeEntry: promotion.freeEntry,
  clubId: promotion.clubId,
})

/** What a voucher takes off, in a list: "10%" or "£5.00". */
export const discountLabel = (
  promotion: Pick<PromotionJson, "discountKind" | "percent" | "amount">,
  formatPence: (pence: number) => string,
): string =>
  promotion.discountKind === "Percentage"
    ? `${promotion.percent ?? 0}%`
    : formatPence(promotion.amount ?? 0)

/** The fields the voucher form shows, by their wire names: the server's message for one goes beside it. */
export const VOUCHER_FIELDS: ReadonlySet<string> = new Set([
  "code",
  "description",
  "percent",
  "amount",
  "competitionId",
  "validFrom",
  "validTo",
  "usageLimit",
  "perCustomerLimit",
  "minimumSpend",
])

/**
 * What is said above the button after a failed save. The fields' own
 * messages say it better than the problem's summary, unless one of them
 * names a field the form does not show.
 */
export const voucherFailureSummary = (
  failure: unknown,
  server: Readonly<Record<string, string>>,
): unknown => {
  const named = Object.keys(server)
  return named.length > 0 && named.every((field) => VOUCHER_FIELDS.has(field))
    ? new Error("The voucher was not saved: see the messages beside the fields.")
    : failure
}

/** The code box's hint: a code already used is fixed, since shoppers hold it. */
export const voucherCodeHint = (usedTimes: number): string =>
  usedTimes > 0
    ? "Used already, so the code is fixed: shoppers hold it."
    : "3 to 32 letters and digits; shoppers type it at checkout."

/** The total-uses box's hint, with the uses so far once there are some. */
export const usageLimitHint = (usedTimes: number): string =>
  `Empty: no limit.${usedTimes > 0 ? ` Used ${usedTimes} times so far.` : ""}`
