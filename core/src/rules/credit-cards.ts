import { formatMoney, type Pence, pence } from "./money.js"
import { PaymentStatus } from "./payment-status.js"

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

/**
 * Whether the card that paid counts as a credit card under the code
 * (decision 0042): only when the provider said so. Prepaid is not credit,
 * and Unknown is not assumed to be (a debit customer would otherwise be
 * refused for the provider's silence).
 */
export const isCreditFunding = (funding: CardFunding | null | undefined): boolean =>
  funding === "Credit"

/** The fundings that are credit, for a store that sums in its own query language. */
export const creditFundings: readonly CardFunding[] = CARD_FUNDINGS.filter(isCreditFunding)

/** The payment statuses whose money a customer may have kept: only a success's. */
export const creditCapStatuses: readonly PaymentStatus[] = [PaymentStatus.Succeeded]

/** What the monthly cap reads of one card payment. */
export interface CreditCardPaymentFacts {
  readonly status: PaymentStatus
  readonly cardFunding?: CardFunding | null | undefined
  /** When it succeeded; null while it has not. */
  readonly succeededAt: Date | null
  /** A refund record exists for it, due or made. */
  readonly owedBack: boolean
}

/**
 * Whether a payment's money counts towards the customer's credit-card cap
 * for the month that began at `since` (decision 0042): a credit card paid it,
 * it succeeded at or after `since`, and the shop kept it. A refund due counts
 * as given back already, so a refusal whose refund is still being retried
 * does not eat the allowance, and a staff refund frees it too. A Refunded
 * payment always has its refund record, so is out twice over.
 *
 * Every store of credit-card spend answers by this: the in-memory double
 * calls it; the Postgres adapter's sum takes its status and funding lists
 * from `creditCapStatuses` and `creditFundings`, and
 * test/contracts/credit-card-spend.contract.ts holds both to it.
 */
export const countsTowardsCreditCardCap = (payment: CreditCardPaymentFacts, since: Date): boolean =>
  creditCapStatuses.includes(payment.status) &&
  isCreditFunding(payment.cardFunding) &&
  payment.succeededAt !== null &&
  payment.succeededAt.getTime() >= since.getTime() &&
  !payment.owedBack

/** The credit-card money kept since `since`: the sum of the payments the cap counts. */
export const creditCardMoneyKept = (
  payments: Iterable<CreditCardPaymentFacts & { readonly amount: Pence }>,
  since: Date,
): Pence => {
  let total = 0
  for (const payment of payments)
    if (countsTowardsCreditCardCap(payment, since)) total += payment.amount
  return pence(total)
}

/**
 * An instant-win competition: one with at least one instant-win group,
 * whether or not its prizes are won yet (decision 0042). No credit card may
 * pay for one.
 */
export const isInstantWinCompetition = (competition: {
  readonly instantWinGroups: number
}): boolean => competition.instantWinGroups > 0

/**
 * An instant-win order: one with a line of an instant-win competition
 * (decision 0042). An order with no lines (one that only buys site credit)
 * is not one; site credit is refused a credit card for its own reason.
 * The in-memory double calls it; the Postgres adapter's join of the order's
 * lines to `instant_win_groups` expresses it, held to it by
 * test/contracts/credit-card-spend.contract.ts.
 */
export const isInstantWinOrder = (
  lineCompetitions: Iterable<{ readonly instantWinGroups: number }>,
): boolean => {
  for (const competition of lineCompetitions) if (isInstantWinCompetition(competition)) return true
  return false
}

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
