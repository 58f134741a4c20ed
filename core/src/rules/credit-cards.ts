import { formatMoney, type Pence, pence } from "./money.js"

/**
 * Credit cards under the DCMS prize-draw code (decisions 0042 and 0062): at
 * most £250 a calendar month (London's) per customer, none at all for an
 * order with an instant-win competition in it, and none for an order that
 * buys site credit, which could otherwise carry credit-card money into
 * instant wins.
 */

/** What kind of card paid, as the provider tells it; Unknown when it does not say. */
export type CardFunding = "Credit" | "Debit" | "Prepaid" | "Unknown"

export const CARD_FUNDINGS: readonly CardFunding[] = ["Credit", "Debit", "Prepaid", "Unknown"]

/** The code's monthly ceiling on credit-card money per customer. */
export const CREDIT_CARD_MONTHLY_CAP: Pence = pence(25_000)

export type CreditCardVerdict =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: "InstantWin" }
  | { readonly allowed: false; readonly reason: "SiteCredit" }
  | {
      readonly allowed: false
      readonly reason: "MonthlyCap"
      /** What the customer may still pay by credit card this month (0 or more). */
      readonly left: Pence
    }

export interface CreditCardQuestion {
  /** The order has at least one instant-win competition. */
  readonly instantWin: boolean
  /**
   * The order buys site credit. Credit is spent anywhere, instant wins
   * included, and the ledger does not remember how it was paid for, so a
   * credit card never buys it (decision 0062).
   */
  readonly buysSiteCredit: boolean
  /** What this payment takes. */
  readonly amount: Pence
  /**
   * Credit-card money the customer paid this London month and kept: succeeded
   * credit-funded payments, less those refunded or owed back, not counting
   * this payment.
   */
  readonly spentThisMonth: Pence
}

/**
 * Whether a credit card may pay this amount. All or nothing: a payment is one
 * card, so a credit card is allowed only when the whole amount fits under the
 * cap. Instant win and site credit are named first as they refuse whatever
 * the amounts.
 */
export const creditCardVerdict = (question: CreditCardQuestion): CreditCardVerdict => {
  if (question.instantWin) return { allowed: false, reason: "InstantWin" }
  if (question.buysSiteCredit) return { allowed: false, reason: "SiteCredit" }
  const left = pence(Math.max(0, CREDIT_CARD_MONTHLY_CAP - question.spentThisMonth))
  return question.amount <= left
    ? { allowed: true }
    : { allowed: false, reason: "MonthlyCap", left }
}

/** Where "this month" starts: one rule for every monthly limit, in dates.ts. */
export { startOfLondonMonth } from "./dates.js"

/**
 * The one place the customer reads why a credit card cannot pay: before the
 * card form (the notice) and when a credit card was refused (the payment's
 * failure detail). Each says what to do next.
 */
export const creditCardTexts = {
  instantWin:
    "Credit cards can't be used for instant win competitions. Please pay with a debit card.",
  siteCredit:
    "Credit cards can't be used to buy site credit, as it can be spent on instant win competitions. Please pay with a debit card.",
  monthlyCap: (left: Pence) =>
    left > 0
      ? `You can pay up to ${formatMoney(left)} more by credit card this month, which is less than this order. Please pay with a debit card.`
      : `You have reached the ${formatMoney(CREDIT_CARD_MONTHLY_CAP)} monthly limit for paying by credit card. Please pay with a debit card.`,
  /** Said when a credit card was used anyway: the money goes back and the order waits. */
  refused: (notice: string) =>
    `We couldn't take this payment by credit card, so the money is being returned to your card and your order is still open. ${notice}`,
} as const

/** The sentence for a refusal; null when a credit card is allowed. */
export const creditCardNotice = (verdict: CreditCardVerdict): string | null =>
  verdict.allowed
    ? null
    : verdict.reason === "InstantWin"
      ? creditCardTexts.instantWin
      : verdict.reason === "SiteCredit"
        ? creditCardTexts.siteCredit
        : creditCardTexts.monthlyCap(verdict.left)
