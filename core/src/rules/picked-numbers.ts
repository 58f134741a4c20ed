/**
 * Pick your numbers (docs/decisions/0080): on a competition staff switched
 * it on, a customer may choose ticket numbers from the pool instead of (or
 * besides) Lucky Dip. A chosen number is held for the basket for a short
 * time, so two customers cannot both have it in their baskets, and the
 * checkout allocates exactly the held numbers. Never on a competition with
 * instant wins: their winning numbers are public (docs/fairness.md), so
 * picking would let a customer buy only the winners.
 */

/** How long a pick holds its number for the basket. */
export const PICK_HOLD_MINUTES = 10

/** When a hold taken at `at` ends. */
export const holdExpiresAt = (at: Date): Date => new Date(at.getTime() + PICK_HOLD_MINUTES * 60_000)

/** A hold stands until its expiry, not at it: at the expiry the number is free again. */
export const holdIsLive = (expiresAt: Date, at: Date): boolean => expiresAt.getTime() > at.getTime()

/** Most numbers one hold request (or one page of free numbers) may name. */
export const MAX_PICKS_PER_REQUEST = 100

export const pickMessages = {
  notPickYourNumbers: "This competition does not let you pick your numbers: use Lucky Dip.",
  instantWins:
    "Numbers cannot be picked in a competition with instant wins, as its winning numbers are public.",
  switchRefusedInstantWins:
    "Pick your numbers cannot be switched on for a competition with instant wins: its winning numbers are public.",
  instantWinsRefusedPicks:
    "This competition lets customers pick their numbers, so it cannot have instant wins: switch pick your numbers off first.",
  signInRequired: "Please sign in to pick your numbers.",
  outOfRange: (numbers: readonly number[], total: number) =>
    `${listed(numbers)} ${numbers.length === 1 ? "is" : "are"} not ${numbers.length === 1 ? "a ticket number" : "ticket numbers"} of this competition (1 to ${total}).`,
  taken: (numbers: readonly number[]) =>
    `${listed(numbers)} ${numbers.length === 1 ? "has" : "have"} just been taken by someone else. Please pick another.`,
  overMaximum: (max: number, counted: number) =>
    `That would take you to ${counted} tickets, over the maximum of ${max} per person in this competition (tickets you hold, numbers picked in your baskets and the rest of this basket all count).`,
  tooMany: `Please pick at most ${MAX_PICKS_PER_REQUEST} numbers at a time.`,
  noNumbers: "Please pick at least one number.",
  belowPicks: (picked: number) =>
    `You have picked ${picked} ${picked === 1 ? "number" : "numbers"} here: unpick some before lowering the quantity below ${picked}.`,
  lostAtCheckout: (competitionName: string, numbers: readonly number[]) =>
    `${competitionName}: your hold on ${listed(numbers)} ran out and ${numbers.length === 1 ? "it was" : "they were"} taken by someone else. Please pick again.`,
} as const

const listed = (numbers: readonly number[]) =>
  numbers.length === 1
    ? `Number ${numbers[0]}`
    : `Numbers ${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`

/** What the editor's switch and the picks ask of a competition. */
export interface PickableCompetition {
  readonly pickYourNumbers: boolean
  /** Instant-win numbers the competition has (its groups' ticket counts added up). */
  readonly instantWinNumbers: number
}

/**
 * Why staff may not switch pick your numbers on (or keep it on) for this
 * competition, or null. Only instant wins stop it.
 */
export const pickYourNumbersSwitchRefusal = (
  wanted: boolean,
  instantWinNumbers: number,
): string | null => (wanted && instantWinNumbers > 0 ? pickMessages.switchRefusedInstantWins : null)

/** Customers may pick: the switch is on and there is no instant win to pick. */
export const mayPickNumbers = (competition: PickableCompetition): boolean =>
  competition.pickYourNumbers && competition.instantWinNumbers === 0

export type PickRefusal =
  | { readonly kind: "NotPickYourNumbers"; readonly message: string }
  | { readonly kind: "InstantWins"; readonly message: string }
  | { readonly kind: "NoNumbers"; readonly message: string }
  | { readonly kind: "TooMany"; readonly message: string }
  | { readonly kind: "OutOfRange"; readonly numbers: readonly number[]; readonly message: string }
  | { readonly kind: "Taken"; readonly numbers: readonly number[]; readonly message: string }
  | { readonly kind: "BelowPicks"; readonly picked: number; readonly message: string }
  | {
      readonly kind: "OverMaximum"
      readonly maxPerCustomer: number
      readonly counted: number
      readonly message: string
    }

/** A request's numbers as a sorted set: repeats count once. */
export const distinctNumbers = (numbers: readonly number[]): number[] =>
  [...new Set(numbers)].sort((a, b) => a - b)

/** Checks that need no store: the competition's switch, the numbers' shape and range. */
export const pickShapeRefusal = (
  competition: PickableCompetition & { readonly totalTickets: number },
  numbers: readonly number[],
): PickRefusal | null => {
  if (competition.instantWinNumbers > 0)
    return { kind: "InstantWins", message: pickMessages.instantWins }
  if (!competition.pickYourNumbers)
    return { kind: "NotPickYourNumbers", message: pickMessages.notPickYourNumbers }
  const wanted = distinctNumbers(numbers)
  if (wanted.length === 0) return { kind: "NoNumbers", message: pickMessages.noNumbers }
  if (wanted.length > MAX_PICKS_PER_REQUEST)
    return { kind: "TooMany", message: pickMessages.tooMany }
  const outside = wanted.filter(
    (n) => !Number.isSafeInteger(n) || n < 1 || n > competition.totalTickets,
  )
  return outside.length > 0
    ? {
        kind: "OutOfRange",
        numbers: outside,
        message: pickMessages.outOfRange(outside, competition.totalTickets),
      }
    : null
}

/**
 * What the per-person maximum counts when a basket asks for more: tickets
 * the customer holds (paid or awaiting payment, free postal entries), the
 * numbers their other baskets hold now, and this basket's quantity once the
 * request is in it (its picks are part of its quantity).
 */
export interface MaximumFacts {
  readonly maxPerCustomer: number
  readonly ticketsHeld: number
  readonly heldInOtherBaskets: number
  readonly basketQuantityAfter: number
}

export const countedTowardsMaximum = (facts: MaximumFacts): number =>
  facts.ticketsHeld + facts.heldInOtherBaskets + facts.basketQuantityAfter

export const withinMaximum = (facts: MaximumFacts): boolean =>
  countedTowardsMaximum(facts) <= facts.maxPerCustomer

/** What the store found for a hold request, under its locks. */
export interface PickFacts {
  /** Numbers of the request sold or held now by another basket. */
  readonly unavailable: readonly number[]
  /** Numbers of the request this basket has picked already (they add nothing). */
  readonly alreadyPicked: readonly number[]
  readonly maxPerCustomer: number
  readonly ticketsHeld: number
  readonly heldInOtherBaskets: number
  /** This basket's quantity in the competition before the request (0: no item). */
  readonly basketQuantity: number
}

/** The numbers a request adds to the basket: those it has not picked already. */
export const newPicks = (numbers: readonly number[], alreadyPicked: readonly number[]) => {
  const picked = new Set(alreadyPicked)
  return distinctNumbers(numbers).filter((n) => !picked.has(n))
}

/**
 * Why the basket may not hold these numbers, or null: a number taken
 * (sold, or held by another basket) first, then the maximum, counting the
 * new picks on top of the basket's quantity.
 */
export const pickRefusal = (numbers: readonly number[], facts: PickFacts): PickRefusal | null => {
  const wanted = distinctNumbers(numbers)
  const unavailable = new Set(facts.unavailable)
  const taken = wanted.filter((n) => unavailable.has(n))
  if (taken.length > 0) return { kind: "Taken", numbers: taken, message: pickMessages.taken(taken) }
  const maximum: MaximumFacts = {
    maxPerCustomer: facts.maxPerCustomer,
    ticketsHeld: facts.ticketsHeld,
    heldInOtherBaskets: facts.heldInOtherBaskets,
    basketQuantityAfter: facts.basketQuantity + newPicks(wanted, facts.alreadyPicked).length,
  }
  if (!withinMaximum(maximum)) {
    const counted = countedTowardsMaximum(maximum)
    return {
      kind: "OverMaximum",
      maxPerCustomer: facts.maxPerCustomer,
      counted,
      message: pickMessages.overMaximum(facts.maxPerCustomer, counted),
    }
  }
  return null
}

/** A basket's quantity may not fall below the numbers it picked there. */
export const quantityBelowPicks = (quantity: number, picked: number): boolean =>
  quantity > 0 && quantity < picked

/** The earliest of a basket's live holds in a competition: what the storefront shows. */
export const holdsEndAt = (expiries: readonly Date[], at: Date): Date | null => {
  const live = expiries.filter((e) => holdIsLive(e, at)).map((e) => e.getTime())
  return live.length === 0 ? null : new Date(Math.min(...live))
}
