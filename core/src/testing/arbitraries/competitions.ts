import fc from "fast-check"
import type { CompetitionPhase, CompetitionSchedule } from "../../rules/competition.js"
import type { SelectorState } from "../../rules/ticket-selector.js"

const DAY_MS = 86_400_000

/** An instant between 2000 and 2100, as epoch milliseconds. */
export const arbitraryInstantMs = (): fc.Arbitrary<number> =>
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })

/**
 * Start, close and (sometimes) draw in order, start <= close <= draw, each
 * gap up to 60 days, like a real competition. A schedule without a draw date
 * goes straight from open to closed.
 */
export const arbitraryCompetitionSchedule = (): fc.Arbitrary<CompetitionSchedule> =>
  fc
    .tuple(arbitraryInstantMs(), fc.nat(60 * DAY_MS), fc.nat(60 * DAY_MS), fc.boolean())
    .map(([start, open, wait, hasDraw]) => ({
      start: new Date(start),
      close: new Date(start + open),
      draw: hasDraw ? new Date(start + open + wait) : null,
    }))

export const arbitraryCompetitionPhase = (): fc.Arbitrary<CompetitionPhase> =>
  fc.constantFrom<CompetitionPhase>(0, 1, 2, 3)

/**
 * What the ticket selector knows of a competition and one customer. Small
 * counts are drawn as often as large ones, so the interesting collisions
 * (sold out, exactly at the limit, more sold than exist) come up often.
 */
export const arbitraryTicketPosition = (): fc.Arbitrary<SelectorState> => {
  const count = fc.oneof(fc.nat(12), fc.nat(20_000))
  return fc.record({
    phase: arbitraryCompetitionPhase(),
    totalTickets: count,
    ticketsSold: count,
    maxPerPerson: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 20_000 })),
    boughtToDate: count,
    inBasket: count,
  })
}
