import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { NotStaff } from "../accounts/errors.js"
import { BeaconNotYetAvailable } from "../ports/randomness-beacon.js"
import {
  ClaimWindowInvalid,
  Draws,
  NoEntriesLeftToRedraw,
  NotAMainWinner,
  RedrawRefused,
} from "./draws.js"
import { entriesText, redrawFromEntryList } from "./procedure.js"
import {
  DRAWS_ADMIN,
  DRAWS_CUSTOMER,
  DRAWS_NOW,
  DRAWS_STAFF,
  drawStoreWith,
  runDraws,
  soldTo,
  type TestCompetition,
  testCompetition,
  ticketHolder,
} from "./test-doubles.js"

/**
 * Redrawing an unclaimed main prize (docs/fairness.md, "Redraws"): who may,
 * when, what is recorded and published, and that the redraw is the one the
 * public procedure gives.
 */
const DAY = 24 * 60 * 60 * 1000

const ann = ticketHolder("Ann", "Smith")
const bob = ticketHolder("Bob", "Jones")
const cat = ticketHolder("Cat", "Brown")

/** Draws `c` now (DRAWS_NOW) and answers the winning ticket. */
const drawn = (c: TestCompetition) =>
  Effect.flatMap(Draws, (d) => d.draw(c.competitionId, DRAWS_STAFF)).pipe(
    Effect.map((made) => made.winningTicketNumber as number),
  )
const redraw = (c: TestCompetition, ticketNumber: number, by = DRAWS_STAFF) =>
  Effect.flatMap(Draws, (d) => d.redraw(c.competitionId, ticketNumber, by))
const later = (days: number, ms = 0) => TestClock.setTime(DRAWS_NOW + days * DAY + ms)

describe("redrawing an unclaimed prize", () => {
  it.effect("after the window: the original winner's ticket is left out, the new one told", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3, 4, 5], ann, bob, cat) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const first = yield* drawn(car)
        yield* later(14, 1)
        const made = yield* redraw(car, first)
        expect(made.redrawNumber).toBe(1)
        expect(made.replacesTicketNumber).toBe(first)
        expect(made.excludedTicketNumbers).toEqual([first])
        expect(made.winningTicketNumber).not.toBe(first)
        expect(made.requestedAt).toEqual(new Date(DRAWS_NOW + 14 * DAY + 1))
        // The beacon was read for the request's time, never the close's again.
        expect(store.beaconReads.at(-1)).toEqual(made.requestedAt)
        // Exactly what the public procedure gives from the published data.
        const again = redrawFromEntryList({
          seed: car.seed,
          competitionId: car.competitionId,
          beacon: "",
          originalEntries: entriesText([1, 2, 3, 4, 5]),
          redrawNumber: 1,
          excludedTicketNumbers: [first],
        })
        expect(again).toMatchObject({
          entriesHash: made.entriesHash,
          entryCount: 4,
          attempt: made.attempt,
          winningTicketNumber: made.winningTicketNumber,
        })
        expect(store.outbox.at(-1)?.text).toContain(`Your ticket ${made.winningTicketNumber}`)
        expect(store.audit.map((a) => a.action)).toEqual([
          "Draw.Make",
          "Draw.MarkUnclaimed",
          "Draw.Redraw",
        ])
        const proof = yield* Effect.flatMap(Draws, (d) => d.proof(car.competitionId, null))
        expect(proof.originalRedrawRequestedAt).toEqual(made.requestedAt)
        expect(proof.redraws).toEqual([{ ...made, redrawRequestedAt: null }])
      }),
    )
  })

  it.effect("not within the window, not by a customer, not a ticket that did not win", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const first = yield* drawn(car)
        yield* later(14)
        expect(yield* Effect.flip(redraw(car, first))).toEqual(
          new RedrawRefused({
            competitionId: car.competitionId,
            ticketNumber: first,
            refusal: { reason: "ClaimWindowOpen", until: new Date(DRAWS_NOW + 14 * DAY) },
          }),
        )
        yield* later(20)
        expect(yield* Effect.flip(redraw(car, first, DRAWS_CUSTOMER))).toEqual(new NotStaff())
        const other = [1, 2, 3].find((n) => n !== first) as number
        expect(yield* Effect.flip(redraw(car, other))).toBeInstanceOf(NotAMainWinner)
        expect(store.redraws.size).toBe(0)
        expect(store.unclaimed.size).toBe(0)
      }),
    )
  })

  it.effect("not a prize handed over, and a winner only once", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const first = yield* drawn(car)
        yield* later(20)
        store.processed.set(`${car.competitionId}/${first}`, new Date(DRAWS_NOW + DAY))
        const claimed = yield* Effect.flip(redraw(car, first))
        expect(claimed).toMatchObject({ refusal: { reason: "PrizeClaimed" } })
        store.processed.clear()
        yield* redraw(car, first)
        const twice = yield* Effect.flip(redraw(car, first))
        expect(twice).toMatchObject({ refusal: { reason: "AlreadyRedrawn" } })
      }),
    )
  })

  it.effect("the redraw's winner has a window of their own and can be redrawn in turn", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3, 4], ann, bob) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const first = yield* drawn(car)
        yield* later(15)
        const one = yield* redraw(car, first)
        yield* later(29)
        expect(yield* Effect.flip(redraw(car, one.winningTicketNumber))).toMatchObject({
          refusal: { reason: "ClaimWindowOpen" },
        })
        yield* later(30)
        const two = yield* redraw(car, one.winningTicketNumber)
        expect(two.redrawNumber).toBe(2)
        expect(two.excludedTicketNumbers).toEqual(
          [first, one.winningTicketNumber].sort((a, b) => a - b),
        )
        expect(two.excludedTicketNumbers).not.toContain(two.winningTicketNumber)
        // The first winner was replaced: only the latest can be redrawn.
        expect(yield* Effect.flip(redraw(car, first))).toMatchObject({
          refusal: { reason: "AlreadyRedrawn" },
        })
      }),
    )
  })

  it.effect("with nobody left it is refused and nothing is marked", () => {
    const car = testCompetition({ sold: soldTo([9], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        yield* drawn(car)
        yield* later(15)
        expect(yield* Effect.flip(redraw(car, 9))).toEqual(
          new NoEntriesLeftToRedraw({ competitionId: car.competitionId }),
        )
        expect(store.unclaimed.size).toBe(0)
      }),
    )
  })

  it.effect(
    "the mark is kept while the beacon's round is not out; the next call draws with it",
    () => {
      const car = testCompetition({ sold: soldTo([1, 2, 3], ann, bob) })
      const store = drawStoreWith(car)
      return runDraws(
        store,
        Effect.gen(function* () {
          const first = yield* drawn(car)
          yield* later(15)
          const availableAt = new Date(DRAWS_NOW + 15 * DAY + 3000)
          store.beacon = new BeaconNotYetAvailable({ availableAt })
          expect(yield* Effect.flip(redraw(car, first))).toEqual(
            new BeaconNotYetAvailable({ availableAt }),
          )
          expect(store.unclaimed.get(`${car.competitionId}/${first}`)).toEqual(
            new Date(DRAWS_NOW + 15 * DAY),
          )
          store.beacon = { source: "drand", value: "ab".repeat(32), round: 9, url: "https://d" }
          yield* later(15, 5000)
          const made = yield* redraw(car, first)
          // Still the first request's time: waiting must not move the round staff could not foresee.
          expect(made.requestedAt).toEqual(new Date(DRAWS_NOW + 15 * DAY))
          expect(made.beacon).toMatchObject({ source: "drand", round: 9 })
        }),
      )
    },
  )
})

describe("the claim window", () => {
  it.effect("is fourteen days until staff set it; set, audited, and in range only", () => {
    const store = drawStoreWith()
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        expect(yield* draws.claimWindow(DRAWS_STAFF)).toBe(14)
        expect(yield* draws.setClaimWindow(28, DRAWS_ADMIN)).toBe(28)
        expect(yield* draws.claimWindow(DRAWS_STAFF)).toBe(28)
        expect(yield* Effect.flip(draws.setClaimWindow(0, DRAWS_STAFF))).toBeInstanceOf(
          ClaimWindowInvalid,
        )
        expect(yield* Effect.flip(draws.setClaimWindow(7, DRAWS_CUSTOMER))).toEqual(new NotStaff())
        expect(yield* Effect.flip(draws.claimWindow(DRAWS_CUSTOMER))).toEqual(new NotStaff())
        expect(store.audit).toMatchObject([
          {
            action: "Draw.SetClaimWindow",
            before: { claimWindowDays: 14 },
            after: { claimWindowDays: 28 },
          },
        ])
      }),
    )
  })

  it.effect("a longer window set later keeps a winner their longer wait", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const first = yield* drawn(car)
        yield* Effect.flatMap(Draws, (d) => d.setClaimWindow(30, DRAWS_STAFF))
        yield* later(20)
        expect(yield* Effect.flip(redraw(car, first))).toMatchObject({
          refusal: { reason: "ClaimWindowOpen" },
        })
      }),
    )
  })
})
