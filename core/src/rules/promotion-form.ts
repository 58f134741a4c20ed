/**
 * A voucher (promotion) as staff set it up in the back office (decision
 * 0031): the form read and judged field by field, so the API and the
 * app's form give the same words. Free of Effect so the app can import it.
 */
import { type Pence, pence } from "./money.js"

export interface PromotionForm {
  readonly code: string
  readonly description: string
  readonly discountKind: "Percentage" | "Fixed"
  /** Whole percent, 1 to 100, for a percentage discount. */
  readonly percent: number | null
  /** Pence off, for a fixed discount. */
  readonly amount: number | null
  /** Only this competition's lines; null for the whole basket. */
  readonly competitionId: string | null
  readonly validFrom: Date | null
  readonly validTo: Date | null
  readonly usageLimit: number | null
  readonly perCustomerLimit: number | null
  /** Spend before discounts it needs, in pence; null for the default. */
  readonly minimumSpend: number | null
  readonly freeEntry: boolean
  readonly clubId: string | null
}

export interface PromotionDraft {
  readonly code: string
  readonly description: string
  readonly discount:
    | { readonly kind: "Percentage"; readonly percent: number }
    | { readonly kind: "Fixed"; readonly amount: Pence }
  readonly competitionId: string | null
  readonly validFrom: Date | null
  readonly validTo: Date | null
  readonly usageLimit: number | null
  readonly perCustomerLimit: number | null
  readonly minimumSpend: Pence | null
  readonly freeEntry: boolean
  readonly clubId: string | null
}

export const promotionFormMessages = {
  code: "Use 3 to 32 letters and digits, no spaces.",
  description: "Describe the voucher in up to 200 characters.",
  percent: "Give a whole percentage from 1 to 100.",
  amount: "Give an amount of at least 1p.",
  dates: "The end must be after the start.",
  limit: "Give a whole number of at least 1, or leave it empty for no limit.",
  minimumSpend: "Give an amount of 0p or more, or leave it empty for the default.",
  usageLimitBelowUses: (used: number) =>
    `This voucher has been used ${used} times already: the limit cannot be lower.`,
} as const

export const MAX_PROMOTION_AMOUNT_PENCE = 1_000_000

export type ReadPromotion =
  | { readonly _tag: "Valid"; readonly draft: PromotionDraft }
  | { readonly _tag: "Invalid"; readonly errors: Readonly<Record<string, string>> }

const isWhole = (n: number | null, min: number, max = Number.MAX_SAFE_INTEGER) =>
  n !== null && Number.isInteger(n) && n >= min && n <= max

/** Reads the form; the code is stored in capitals, as shoppers' codes are matched. */
export const readPromotionForm = (form: PromotionForm): ReadPromotion => {
  const errors: Record<string, string> = {}
  const code = form.code.trim().toUpperCase()
  if (!/^[A-Z0-9]{3,32}$/.test(code)) errors.code = promotionFormMessages.code
  const description = form.description.trim()
  if (description.length > 200) errors.description = promotionFormMessages.description
  if (form.discountKind === "Percentage" && !isWhole(form.percent, 1, 100))
    errors.percent = promotionFormMessages.percent
  if (form.discountKind === "Fixed" && !isWhole(form.amount, 1, MAX_PROMOTION_AMOUNT_PENCE))
    errors.amount = promotionFormMessages.amount
  if (form.validFrom !== null && form.validTo !== null && form.validTo <= form.validFrom)
    errors.validTo = promotionFormMessages.dates
  if (form.usageLimit !== null && !isWhole(form.usageLimit, 1))
    errors.usageLimit = promotionFormMessages.limit
  if (form.perCustomerLimit !== null && !isWhole(form.perCustomerLimit, 1))
    errors.perCustomerLimit = promotionFormMessages.limit
  if (form.minimumSpend !== null && !isWhole(form.minimumSpend, 0, MAX_PROMOTION_AMOUNT_PENCE))
    errors.minimumSpend = promotionFormMessages.minimumSpend
  if (Object.keys(errors).length > 0) return { _tag: "Invalid", errors }
  return {
    _tag: "Valid",
    draft: {
      code,
      description,
      discount:
        form.discountKind === "Percentage"
          ? { kind: "Percentage", percent: form.percent ?? 0 }
          : { kind: "Fixed", amount: pence(form.amount ?? 0) },
      competitionId: form.competitionId,
      validFrom: form.validFrom,
      validTo: form.validTo,
      usageLimit: form.usageLimit,
      perCustomerLimit: form.perCustomerLimit,
      minimumSpend: form.minimumSpend === null ? null : pence(form.minimumSpend),
      freeEntry: form.freeEntry,
      clubId: form.clubId,
    },
  }
}
