/**
 * One voucher code per order, said aloud (docs/decisions/0076): a code
 * typed into a basket that has another replaces it, the customer is told
 * which replaced which, and a replacement that would take less off (so
 * raise the total) waits for the customer to confirm it.
 */
import { type AppliedVoucher, basketTotals, type PricedLine } from "./basket-totals.js"
import { formatMoney, type Pence, pence, ZERO_PENCE } from "./money.js"

/** What setting a voucher did to the basket's one code. */
export type VoucherChange =
  /** The basket had no code; now it has this one. */
  | { readonly kind: "Added"; readonly code: string }
  /** The same code again, or no code to clear: nothing changed. */
  | { readonly kind: "Unchanged"; readonly code: string | null }
  /** The basket's code was swapped for this one. */
  | { readonly kind: "Replaced"; readonly code: string; readonly replaced: string }
  /** The basket's code was taken off. */
  | { readonly kind: "Removed"; readonly removed: string }

/** A code with what it would take off these lines, on its own. */
export interface CodeDiscount {
  readonly code: string
  readonly discount: Pence
}

export type ReplacementVerdict =
  | { readonly kind: "Go"; readonly change: VoucherChange }
  /** The new code takes less off than the basket's: asked before the total rises. */
  | {
      readonly kind: "AskFirst"
      readonly current: CodeDiscount
      readonly offered: CodeDiscount
    }

/**
 * Whether `offered` may take the basket's place now. `confirmedReplacing`
 * is the code the customer agreed to give up: a confirmation counts only
 * for the code the basket actually has, so one given against a basket that
 * changed meanwhile asks again.
 */
export const voucherReplacement = (
  current: CodeDiscount | null,
  offered: CodeDiscount,
  confirmedReplacing?: string,
): ReplacementVerdict => {
  if (current === null) return { kind: "Go", change: { kind: "Added", code: offered.code } }
  if (current.code === offered.code)
    return { kind: "Go", change: { kind: "Unchanged", code: offered.code } }
  if (offered.discount >= current.discount || confirmedReplacing === current.code)
    return {
      kind: "Go",
      change: { kind: "Replaced", code: offered.code, replaced: current.code },
    }
  return { kind: "AskFirst", current, offered }
}

/**
 * What one voucher alone takes off these lines: the discount the basket
 * would show with it (and no round-up or site credit, which do not change
 * what a voucher is worth). A voucher that does not apply takes nothing.
 */
export const discountOf = (voucher: AppliedVoucher | null, lines: readonly PricedLine[]): Pence =>
  voucher === null
    ? ZERO_PENCE
    : basketTotals({
        lines,
        vouchers: [voucher],
        autoRoundup: false,
        siteCreditRequested: pence(0),
        siteCreditBalance: pence(0),
      }).discountTotal

/** The status line after a replacement; null when nothing needs saying. */
export const voucherChangeMessage = (change: VoucherChange): string | null => {
  switch (change.kind) {
    case "Replaced":
      return `${change.code} replaced ${change.replaced} (only one code per order)`
    case "Removed":
      return `${change.removed} was removed from your order`
    case "Added":
    case "Unchanged":
      return null
  }
}

/** The refusal that offers the swap: what each code takes off, and what stays. */
export const smallerDiscountMessage = (current: CodeDiscount, offered: CodeDiscount): string =>
  `${offered.code} would take ${formatMoney(offered.discount)} off, less than the ` +
  `${formatMoney(current.discount)} ${current.code} takes off now. Only one code per order, ` +
  `so ${current.code} stays unless you choose to replace it.`
