import fc from "fast-check"
import type { Listing } from "../../rules/catalogue-order.js"
import type { CompetitionPhase, CompetitionSchedule } from "../../rules/competition.js"
import type { DrawResult } from "../../rules/competition-standing.js"
import type { SelectorState } from "../../rules/ticket-selector.js"

const DAY_MS = 86_400_000

/** An instant between 2000 and 2100, as epoch milliseconds. */
export const arbitraryInstantMs = (): fc.Arbitrary<number> =>
  fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) })

/** A competition's draw so far: none yet, a winner, or a draw with no entries, at any instant. */
export const arbitraryDrawResult = (): fc.Arbitrary<DrawResult | null> =>
  fc.option(
    fc.oneof(
      fc.record({
        outcome: fc.constant("Winner" as const),
        winningTicketNumber: fc.integer({ min: 1, max: 100_000 }),
        drawnAt: arbitraryInstantMs().map((ms) => new Date(ms)),
      }),
      fc.record({
        outcome: fc.constant("NoEntries" as const),
        winningTicketNumber: fc.constant(null),
        drawnAt: arbitraryInstantMs().map((ms) => new Date(ms)),
      }),
    ),
    { nil: null },
  )

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

/**
 * A competition as the storefront's lists read it (rules/catalogue-order.ts).
 * Few distinct prices, sizes and ranks, so ties (where the tie-breaks
 * decide) come up often; sometimes sold out.
 */
export const arbitraryListing = (
  schedule: fc.Arbitrary<CompetitionSchedule> = arbitraryCompetitionSchedule(),
): fc.Arbitrary<Listing> =>
  fc
    .record({
      id: fc.uuid(),
      rank: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
      schedule,
      ticketPrice: fc.constantFrom(49, 99, 250),
      totalTickets: fc.constantFrom(1, 99, 2_500, 100_000),
      left: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 100_000 })),
    })
    .map(({ schedule, left, ...key }) => ({
      ...key,
      ...schedule,
      ticketsLeft: Math.min(left, key.totalTickets),
    }))

/**
 * Schedules around one instant, `now`: opening up to 40 days before it or
 * 10 after, open for up to 40 days, a draw up to 5 days after the close or
 * none; so a list at `now` meets every phase, and closes inside and outside
 * three weeks.
 */
export const arbitraryScheduleAround = (now: number): fc.Arbitrary<CompetitionSchedule> =>
  fc
    .tuple(
      fc.integer({ min: -40 * DAY_MS, max: 10 * DAY_MS }),
      fc.nat(40 * DAY_MS),
      fc.option(fc.nat(5 * DAY_MS), { nil: null }),
    )
    .map(([opens, open, wait]) => ({
      start: new Date(now + opens),
      close: new Date(now + opens + open),
      draw: wait === null ? null : new Date(now + opens + open + wait),
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
