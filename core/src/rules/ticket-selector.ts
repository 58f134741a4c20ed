import { CompetitionPhase } from "./competition.js"

/** docs/product/constants.md: each row applies to a per-person maximum up to its limit. */
const QUICK_PICK_ROWS: readonly (readonly [limit: number, picks: readonly number[]])[] = [
  [5, [1, 2, 3, 4, 5]],
  [10, [1, 2, 5, 10]],
  [20, [1, 4, 10, 20]],
  [30, [1, 6, 15, 30]],
  [40, [1, 8, 20, 40]],
  [50, [1, 20, 30, 40, 50]],
  [100, [1, 10, 20, 50, 100]],
  [500, [1, 50, 100, 200, 500]],
  [1000, [1, 50, 100, 200, 500, 1000]],
  [5000, [1, 500, 1000, 2000, 5000]],
  [10000, [1, 1000, 2000, 5000, 10000]],
]

const pickRow = (maxPerPerson: number): readonly number[] =>
  (QUICK_PICK_ROWS.find(([limit]) => maxPerPerson <= limit) ?? QUICK_PICK_ROWS.at(-1))?.[1] ?? []

/** The quick-pick quantity buttons; a single button is no choice at all, so none are shown. */
export const quickPicks = (maxPerPerson: number): number[] => {
  const picks = pickRow(maxPerPerson).filter((pick) => pick <= maxPerPerson)
  return picks.length > 1 ? picks : []
}

/**
 * The quick picks a customer can use now, when `available` (selectorMax:
 * their allowance left and the tickets left) may be less than the
 * per-person maximum: the row's picks within it, then `available` itself
 * when the row stops short, so the buttons reach as far as the number box
 * does. A single button is no choice, so none are shown.
 */
export const availableQuickPicks = (maxPerPerson: number, available: number): number[] => {
  const top = Math.floor(Math.min(maxPerPerson, available))
  const picks = pickRow(maxPerPerson).filter((pick) => pick <= top)
  const last = picks.at(-1) ?? 0
  const reaching = top > last ? [...picks, top] : picks
  return reaching.length > 1 ? reaching : []
}

/** Counts are whole, non-negative numbers of tickets. */
export interface SelectorState {
  readonly phase: CompetitionPhase
  readonly totalTickets: number
  readonly ticketsSold: number
  readonly maxPerPerson: number
  /** Tickets this customer bought in earlier, completed orders. */
  readonly boughtToDate: number
  /** Tickets for this competition already in the customer's basket. */
  readonly inBasket: number
}

export const ticketsRemaining = (s: SelectorState): number =>
  Math.max(0, s.totalTickets - s.ticketsSold)

/** The most the customer may add now without passing their allowance or the stock. */
export const selectorMax = (s: SelectorState): number =>
  Math.max(0, Math.min(s.maxPerPerson - s.boughtToDate, ticketsRemaining(s)) - s.inBasket)

/**
 * The upper bound wins when the bounds cross: going over an allowance is the
 * thing that must never happen, going under the minimum only hides the buttons.
 */
export const clampQuantity = (q: number, min: number, max: number): number => {
  const whole = Number.isNaN(q) ? min : Math.floor(q)
  return Math.min(max, Math.max(min, whole))
}

export type SelectorMessage = { readonly kind: "blocked" | "info"; readonly text: string }

/** docs/product/errors.md; `n` is the per-person maximum. */
export const selectorTexts = {
  comingSoon: "Competition coming soon!",
  closed: "Competition has closed! Best of luck to everyone!",
  soldOut: "Sold out!",
  purchasedMaximum: (n: number) =>
    `You have purchased the maximum number of tickets per person in this competition (${n}).`,
  soldOutIncludingBasket: "Including the tickets in your basket, this competition is sold out!",
  basketAndPurchasesAtMaximum: (n: number) =>
    `Your basket and previous purchases together have reached the maximum number of tickets per person in this competition (${n}).`,
  basketAtMaximum: (n: number) =>
    `Your basket has reached the maximum number of tickets per person in this competition (${n}).`,
  noMoreTickets: "No more tickets are available.",
  lastTicket: "Only one ticket remaining!",
  oneBeforeMaximum: (n: number) =>
    `One ticket available before you reach the maximum per person (${n}).`,
  /** Not docs/product/errors.md's: says why the maximum is below the per-person one (decision 0016). */
  alreadyHeld: (held: number, canAdd: number) =>
    `You already hold ${held} ${held === 1 ? "ticket" : "tickets"} in this competition: you can add up to ${canAdd} more.`,
} as const

const blocked = (text: string): SelectorMessage => ({ kind: "blocked", text })
const info = (text: string): SelectorMessage => ({ kind: "info", text })

/**
 * What the selector says instead of, or beside, its buy controls. "blocked"
 * replaces the controls. The order matters: the customer is told the most
 * fundamental reason first (the competition, then the stock, then their own
 * purchases, then their basket).
 */
export const selectorMessage = (s: SelectorState): SelectorMessage | null => {
  const t = selectorTexts
  const n = s.maxPerPerson
  if (s.phase === CompetitionPhase.ComingSoon) return blocked(t.comingSoon)
  if (s.phase !== CompetitionPhase.Open) return blocked(t.closed)
  const remaining = ticketsRemaining(s)
  if (remaining <= 0) return blocked(t.soldOut)
  if (s.boughtToDate >= n) return blocked(t.purchasedMaximum(n))
  if (remaining - s.inBasket <= 0) return blocked(t.soldOutIncludingBasket)
  if (s.boughtToDate > 0 && s.boughtToDate + s.inBasket >= n)
    return blocked(t.basketAndPurchasesAtMaximum(n))
  if (s.inBasket >= n) return blocked(t.basketAtMaximum(n))
  const max = selectorMax(s)
  // A safety net for malformed counts: with whole, non-negative counts the
  // rules above already cover every way of reaching zero.
  if (max === 0) return blocked(t.noMoreTickets)
  if (max === 1)
    return remaining - s.inBasket === 1 ? info(t.lastTicket) : info(t.oneBeforeMaximum(n))
  if (s.boughtToDate > 0) return info(t.alreadyHeld(s.boughtToDate, max))
  return null
}

/**
 * Why the competition cannot take tickets, in the selector's words: the same
 * sentence whether the storefront shows it or the API refuses an add.
 */
export const notOnSaleMessage = (phase: CompetitionPhase): string =>
  phase === CompetitionPhase.ComingSoon ? selectorTexts.comingSoon : selectorTexts.closed

/** An add the basket refused: the per-person maximum, what is held, what the basket would hold. */
export interface TicketLimit {
  readonly maxPerCustomer: number
  /** Tickets held already: paid, awaiting payment and free postal entries. */
  readonly alreadyHeld: number
  /** What the basket would hold for the competition after the change. */
  readonly requested: number
}

/**
 * The selector's words for an add the basket refused (docs/product/errors.md). When the
 * customer's allowance still covers what the basket would hold, it was
 * the stock that ran short.
 */
export const ticketLimitMessage = (limit: TicketLimit): string => {
  const n = limit.maxPerCustomer
  if (limit.alreadyHeld >= n) return selectorTexts.purchasedMaximum(n)
  if (limit.requested > n - limit.alreadyHeld)
    return limit.alreadyHeld > 0
      ? selectorTexts.basketAndPurchasesAtMaximum(n)
      : selectorTexts.basketAtMaximum(n)
  return selectorTexts.soldOutIncludingBasket
}
