/**
 * Monthly spend limits (DCMS code: player protection; decision
 * 0041). Pure: the store keeps the setting, checkout and the account page
 * ask these functions what it means at a given moment.
 */
import { formatMoney, type Pence, pence } from "./money.js"
import { OrderStatus } from "./order-status.js"

/** "No limit" exists only as the customer's explicit choice, never as a default. */
export type SpendLimit =
  | { readonly kind: "Amount"; readonly amount: Pence }
  | { readonly kind: "NoLimit" }

/** A raise or removal waiting out its cooling-off. */
export interface PendingSpendLimit {
  readonly limit: SpendLimit
  readonly appliesAt: Date
}

export interface SpendLimitSetting {
  /** null: the customer has never answered the question. */
  readonly current: SpendLimit | null
  readonly pending: PendingSpendLimit | null
}

export const UNANSWERED: SpendLimitSetting = { current: null, pending: null }

/** A raise or a removal waits this long; a lowering applies at once. */
export const COOLING_OFF_HOURS = 24
export const COOLING_OFF_MS = COOLING_OFF_HOURS * 60 * 60 * 1000

/** £100,000: above any real month on a competition site; beyond it, ask for "no limit". */
export const MAX_SPEND_LIMIT: Pence = pence(10_000_000)

export const spendLimitMessages = {
  amountInvalid: "Please enter an amount in pounds and pence, for example 50.00.",
  amountNegative: "Your spend limit cannot be less than £0.00.",
  amountTooLarge: `Please enter an amount up to ${formatMoney(MAX_SPEND_LIMIT)}, or choose No limit.`,
  choiceRequired: "Please enter a monthly amount or choose No limit.",
} as const

/** The first thing wrong with an amount in pence, or undefined. */
export const spendLimitAmountError = (amount: number): string | undefined => {
  if (!Number.isSafeInteger(amount)) return spendLimitMessages.amountInvalid
  if (amount < 0) return spendLimitMessages.amountNegative
  if (amount > MAX_SPEND_LIMIT) return spendLimitMessages.amountTooLarge
  return undefined
}

/**
 * The setting as it stands at `now`: a pending change whose cooling-off has
 * run out has become the limit. No job applies it; time does.
 */
export const settledAt = (setting: SpendLimitSetting, now: Date): SpendLimitSetting =>
  setting.pending !== null && now.getTime() >= setting.pending.appliesAt.getTime()
    ? { current: setting.pending.limit, pending: null }
    : setting

/** The limit checkout applies at `now`; null: never answered (no limit is enforced yet). */
export const effectiveLimit = (setting: SpendLimitSetting, now: Date): SpendLimit | null =>
  settledAt(setting, now).current

/** True when `to` lets the customer spend more than `from`: "no limit" is above every amount. */
export const allowsMore = (to: SpendLimit, from: SpendLimit): boolean =>
  from.kind === "NoLimit" ? false : to.kind === "NoLimit" ? true : to.amount > from.amount

/** One change as the history keeps it; `appliesAt` equals `requestedAt` when immediate. */
export interface SpendLimitChange {
  readonly from: SpendLimit | null
  readonly to: SpendLimit
  readonly requestedAt: Date
  readonly appliesAt: Date
}

/**
 * The customer asks for `to` at `now`. A first answer, a lowering or the
 * same limit again applies at once and drops any pending raise (the safer
 * choice always wins straight away). A raise or a removal waits 24 hours,
 * and asking again restarts the wait, so it cannot be shortened.
 */
export const changeSpendLimit = (
  setting: SpendLimitSetting,
  to: SpendLimit,
  now: Date,
): { readonly setting: SpendLimitSetting; readonly change: SpendLimitChange } => {
  const { current } = settledAt(setting, now)
  if (current === null || !allowsMore(to, current)) {
    return {
      setting: { current: to, pending: null },
      change: { from: current, to, requestedAt: now, appliesAt: now },
    }
  }
  const appliesAt = new Date(now.getTime() + COOLING_OFF_MS)
  return {
    setting: { current, pending: { limit: to, appliesAt } },
    change: { from: current, to, requestedAt: now, appliesAt },
  }
}

/** What an order contributes to the month, as the orders table records it. */
export interface OrderSpend {
  readonly status: OrderStatus
  readonly orderTotal: Pence
  readonly siteCreditDebit: Pence
  /** Site credit bought on the order: a deposit, counted when it is spent. */
  readonly creditBought: Pence
}

/**
 * Money committed to entries: what the card pays plus the site credit used,
 * less any site credit bought on the order. An order cancelled, expired or
 * refunded committed nothing; one still awaiting its card payment counts,
 * or two unpaid tabs could pass the limit together. There are no partial
 * refunds of orders (staff refund whole orders), so an order counts in full
 * until it is Refunded.
 */
export const spendOf = (order: OrderSpend): Pence =>
  order.status === OrderStatus.Cancelled ||
  order.status === OrderStatus.SystemCancelled ||
  order.status === OrderStatus.Refunded
    ? pence(0)
    : pence(Math.max(0, order.orderTotal + order.siteCreditDebit - order.creditBought))

/** The verdict on one order; `left` is what could still be spent this month (never negative). */
export type SpendVerdict =
  | { readonly kind: "Allowed" }
  | {
      readonly kind: "Refused"
      readonly limit: Pence
      readonly spent: Pence
      readonly order: Pence
      readonly left: Pence
    }

export const leftThisMonth = (limit: Pence, spent: Pence): Pence =>
  pence(Math.max(0, limit - spent))

/**
 * An order may go ahead when it and the month's spend so far stay within
 * the limit. Unanswered or "no limit": nothing to enforce here (the
 * question is asked first: see `mustAnswerFirst` and `mustAnswerBeforePaying`).
 * An order of no spend (site credit bought alone) is never refused.
 */
export const spendVerdict = (
  limit: SpendLimit | null,
  spentThisMonth: Pence,
  thisOrder: Pence,
): SpendVerdict => {
  if (limit === null || limit.kind === "NoLimit" || thisOrder <= 0) return { kind: "Allowed" }
  return spentThisMonth + thisOrder <= limit.amount
    ? { kind: "Allowed" }
    : {
        kind: "Refused",
        limit: limit.amount,
        spent: spentThisMonth,
        order: thisOrder,
        left: leftThisMonth(limit.amount, spentThisMonth),
      }
}

/** The question was never answered: no limit in force and none waiting. */
export const neverAnswered = (setting: SpendLimitSetting): boolean =>
  setting.current === null && setting.pending === null

/**
 * Checkout's question, asked as the order is placed: "before any further
 * purchase until answered" (one completed order is the first purchase), and
 * before an order that site credit pays in full, as it completes at once with
 * no payment to stop at (see `mustAnswerBeforePaying`).
 */
export const mustAnswerFirst = (
  setting: SpendLimitSetting,
  completedOrders: number,
  completesAtOnce = false,
): boolean => neverAnswered(setting) && (completedOrders > 0 || completesAtOnce)

/**
 * The payment's question: registration promises to ask again "before your
 * next purchase", so a customer who never answered answers before any money
 * is taken, the first purchase included. `orderSpend` is the order's
 * `spendOf`: an order that commits nothing (site credit bought on its own, a
 * deposit) is never asked about.
 */
export const mustAnswerBeforePaying = (setting: SpendLimitSetting, orderSpend: Pence): boolean =>
  orderSpend > 0 && neverAnswered(setting)

/** The checkout refusal's sentence, in one place for the API and the storefront. */
export const spendLimitReachedMessage = (limit: Pence, left: Pence): string =>
  `This order would take you over your monthly spend limit of ${formatMoney(limit)}. ` +
  `You have ${formatMoney(left)} left to spend this month.`

export const spendLimitUnansweredMessage =
  "Before your next purchase, please set a monthly spend limit (or choose No limit) on your account."

/** The payment's refusal: the storefront asks the question in its place, then pays. */
export const spendLimitBeforePaymentMessage =
  "Before you pay, please set a monthly spend limit (any amount, £0 included) or choose No limit."
