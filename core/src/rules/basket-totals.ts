import { clampSiteCredit, roundUp } from "./basket.js"
import { type Pence, pence, ZERO_PENCE } from "./money.js"
import { VOUCHER_FLOOR_PER_TICKET } from "./promotions.js"

export interface PricedLine {
  readonly competitionId: string
  readonly unitPrice: Pence
  readonly quantity: number
}

/**
 * A voucher already checked for dates, usage and minimum spend (rules/
 * promotions); `competitionId` null means the whole basket.
 */
export interface AppliedVoucher {
  readonly code: string
  readonly description: string
  readonly discount:
    | { readonly kind: "Percentage"; readonly percent: number }
    | { readonly kind: "Fixed"; readonly amount: Pence }
  readonly competitionId: string | null
  /** Only a free-entry voucher may take its tickets below VOUCHER_FLOOR_PER_TICKET. */
  readonly freeEntry: boolean
}

export interface BasketTotalsInput {
  readonly lines: readonly PricedLine[]
  readonly vouchers: readonly AppliedVoucher[]
  readonly autoRoundup: boolean
  readonly siteCreditRequested: Pence
  readonly siteCreditBalance: Pence
}

export interface Discount {
  readonly description: string
  readonly value: Pence
}

export interface LineTotals {
  readonly competitionId: string
  readonly preDiscountTotal: Pence
  readonly discounts: readonly Discount[]
  readonly lineTotal: Pence
}

export interface BasketTotals {
  readonly lines: readonly LineTotals[]
  /** Sum of the lines before any discount. */
  readonly itemTotal: Pence
  /** Every discount, per line and whole basket, as the storefront lists them. */
  readonly discounts: readonly Discount[]
  readonly discountTotal: Pence
  readonly donation: Pence
  readonly siteCreditDebit: Pence
  /** What is left to pay by card. */
  readonly basketTotal: Pence
}

/**
 * Rounded down so a discount never gives away a fraction of a penny more
 * than the voucher promised; capped so it never takes what it applies to
 * below the floor of its `tickets` (below 0 for a free-entry voucher).
 */
const discountOn = (voucher: AppliedVoucher, amount: number, tickets: number): number => {
  const raw =
    voucher.discount.kind === "Percentage"
      ? Math.floor((amount * Math.min(100, Math.max(0, voucher.discount.percent))) / 100)
      : Math.max(0, voucher.discount.amount)
  const floor = voucher.freeEntry ? 0 : tickets * VOUCHER_FLOOR_PER_TICKET
  return Math.max(0, Math.min(amount - floor, raw))
}

const ticketsOf = (line: PricedLine) => Math.max(0, Math.floor(line.quantity))

/**
 * The money of a basket, computed in one place for the basket panel, the
 * checkout page and the order that is charged. Per-competition vouchers come
 * off their line first, whole-basket vouchers then come off what is left,
 * the round-up is worked out on the discounted goods, and site credit pays
 * last (it may pay for the donation too).
 */
export const basketTotals = (input: BasketTotalsInput): BasketTotals => {
  const discounts: Discount[] = []
  const lines = input.lines.map((line): LineTotals => {
    const preDiscountTotal = Math.max(0, line.unitPrice) * ticketsOf(line)
    let remaining = preDiscountTotal
    const lineDiscounts: Discount[] = []
    for (const voucher of input.vouchers) {
      if (voucher.competitionId !== line.competitionId) continue
      const value = discountOn(voucher, remaining, ticketsOf(line))
      if (value === 0) continue
      remaining -= value
      lineDiscounts.push({ description: voucher.description, value: pence(value) })
    }
    discounts.push(...lineDiscounts)
    return {
      competitionId: line.competitionId,
      preDiscountTotal: pence(preDiscountTotal),
      discounts: lineDiscounts,
      lineTotal: pence(remaining),
    }
  })

  const itemTotal = lines.reduce((sum, line) => sum + line.preDiscountTotal, 0)
  let goods = lines.reduce((sum, line) => sum + line.lineTotal, 0)
  const tickets = input.lines.reduce((sum, line) => sum + ticketsOf(line), 0)
  for (const voucher of input.vouchers) {
    if (voucher.competitionId !== null) continue
    const value = discountOn(voucher, goods, tickets)
    if (value === 0) continue
    goods -= value
    discounts.push({ description: voucher.description, value: pence(value) })
  }

  // An empty basket owes nothing, so there is nothing to round up.
  const donation =
    input.autoRoundup && lines.length > 0 ? roundUp(pence(goods), ZERO_PENCE) : ZERO_PENCE
  const beforeCredit = pence(goods + donation)
  const siteCreditDebit = clampSiteCredit(
    input.siteCreditRequested,
    input.siteCreditBalance,
    beforeCredit,
    ZERO_PENCE,
  )
  return {
    lines,
    itemTotal: pence(itemTotal),
    discounts,
    discountTotal: pence(itemTotal - goods),
    donation,
    siteCreditDebit,
    basketTotal: pence(beforeCredit - siteCreditDebit),
  }
}
