import { describe, expect, it } from "@effect/vitest"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js"
import { Effect, FastCheck as fc, TestClock, TestContext } from "effect"
import { NotStaff } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import { CompetitionNotFound } from "../competitions/errors.js"
import { BeaconNotYetAvailable, BeaconUnreachable } from "../ports/randomness-beacon.js"
import {
  AWAITING_LIVE_DRAW_LIMIT,
  CompetitionHasNoDraw,
  CompetitionStillOpen,
  DRAW_BATCH,
  type Drawer,
  DrawNotYetDue,
  Draws,
  OrdersAwaitingPayment,
} from "./draws.js"
import { drawWinner } from "./procedure.js"
import {
  DRAWS_ADMIN,
  DRAWS_CUSTOMER,
  DRAWS_NOW,
  DRAWS_STAFF,
  type DrawStore,
  drawStoreWith,
  runDraws,
  soldTo,
  type TestCompetition,
  testCompetition,
  ticketHolder,
} from "./test-doubles.js"

/**
 * Drawing a competition (decisions 0020 and 0024): who may, when it may not be done
 * yet, what is recorded and who is told, and that a competition is drawn
 * once however often and by whomever it is asked for.
 */
const HOUR = 60 * 60 * 1000

const drawOf = (competitionId: string, by: Drawer) =>
  Effect.flatMap(Draws, (draws) => draws.draw(competitionId, by))

/** Nothing written, nobody told: what every refused or failed draw must leave. */
const nothingRecorded = (store: DrawStore) => {
  expect(store.draws.size).toBe(0)
  expect(store.outbox).toEqual([])
  expect(store.audit).toEqual([])
}

const ann = ticketHolder("Ann", "Smith")
const bob = ticketHolder("Bob", "Jones")

describe("who may draw", () => {
  it.effect("a customer may not: NotStaff, and the beacon is not even read", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        expect(yield* Effect.flip(drawOf(car.competitionId, DRAWS_CUSTOMER))).toEqual(
          new NotStaff(),
        )
        nothingRecorded(store)
        expect(store.beaconReads).toEqual([])
      }),
    )
  })

  it.effect("staff, an admin and the shop's scheduler may", () => {
    const drawers: readonly Drawer[] = [DRAWS_STAFF, DRAWS_ADMIN, "Scheduler"]
    const competitions = drawers.map(() => testCompetition({ sold: soldTo([7], ann) }))
    const store = drawStoreWith(...competitions)
    return runDraws(
      store,
      Effect.gen(function* () {
        for (const [i, by] of drawers.entries()) {
          const made = yield* drawOf(competitions[i]?.competitionId ?? "", by)
          expect([made.outcome, made.winningTicketNumber]).toEqual(["Winner", 7])
        }
        expect(store.draws.size).toBe(3)
      }),
    )
  })

  it.effect("a person's draw is audited once, as Draw.Make; the scheduler's is not", () => {
    const live = testCompetition({ sold: soldTo([7], ann) })
    const automatic = testCompetition({ sold: soldTo([8], bob) })
    const store = drawStoreWith(live, automatic)
    return runDraws(
      store,
      Effect.gen(function* () {
        const made = yield* drawOf(live.competitionId, DRAWS_STAFF)
        yield* drawOf(live.competitionId, DRAWS_ADMIN)
        yield* drawOf(automatic.competitionId, "Scheduler")
        const { competitionName: _, ...recorded } = made
        expect(store.audit).toEqual([
          {
            actor: { userId: DRAWS_STAFF.userId, role: "Staff" },
            action: "Draw.Make",
            subject: { type: "Draw", id: live.competitionId },
            before: null,
            after: JSON.parse(JSON.stringify(recorded)),
            at: new Date(DRAWS_NOW),
          },
        ])
      }),
    )
  })

  it.effect("an unknown competition is CompetitionNotFound", () =>
    runDraws(
      drawStoreWith(),
      Effect.gen(function* () {
        const missing = yield* Effect.flip(drawOf("no-such-competition", DRAWS_STAFF))
        expect(missing).toEqual(new CompetitionNotFound({ competitionId: "no-such-competition" }))
      }),
    ),
  )
})

describe("a draw that cannot be made yet", () => {
  it.effect("a competition whose draw type is None is never drawn", () => {
    const raffle = testCompetition({ drawType: "None", sold: soldTo([1, 2], ann) })
    const store = drawStoreWith(raffle)
    return runDraws(
      store,
      Effect.gen(function* () {
        for (const by of [DRAWS_STAFF, "Scheduler"] as const) {
          const refused = yield* Effect.flip(drawOf(raffle.competitionId, by))
          expect(refused).toEqual(new CompetitionHasNoDraw({ competitionId: raffle.competitionId }))
        }
        nothingRecorded(store)
      }),
    )
  })

  it.effect("before the close it is still open; at the close it can be drawn", () => {
    const close = new Date(DRAWS_NOW + HOUR)
    const car = testCompetition({ closeDateTimeUtc: close, sold: soldTo([4, 9], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        yield* TestClock.setTime(close.getTime() - 1)
        const early = yield* Effect.flip(drawOf(car.competitionId, DRAWS_STAFF))
        expect(early).toEqual(
          new CompetitionStillOpen({ competitionId: car.competitionId, closeDateTimeUtc: close }),
        )
        nothingRecorded(store)
        expect(store.beaconReads).toEqual([])

        yield* TestClock.setTime(close.getTime())
        const made = yield* drawOf(car.competitionId, DRAWS_STAFF)
        expect(made.drawnAt).toEqual(close)
      }),
    )
  })

  it.effect("closed early, it waits for the draw time it advertised, for staff and the job", () => {
    const close = new Date(DRAWS_NOW - HOUR)
    const drawAt = new Date(DRAWS_NOW + 5 * 24 * HOUR)
    const stumps = testCompetition({
      drawType: "Live",
      closeDateTimeUtc: close,
      drawDateTimeUtc: drawAt,
      sold: soldTo([3, 7], ann),
    })
    const store = drawStoreWith(stumps)
    return runDraws(
      store,
      Effect.gen(function* () {
        yield* TestClock.setTime(drawAt.getTime() - 1)
        for (const by of [DRAWS_STAFF, "Scheduler" as const]) {
          const early = yield* Effect.flip(drawOf(stumps.competitionId, by))
          expect(early).toEqual(
            new DrawNotYetDue({ competitionId: stumps.competitionId, drawDateTimeUtc: drawAt }),
          )
        }
        nothingRecorded(store)
        expect(store.beaconReads).toEqual([])

        yield* TestClock.setTime(drawAt.getTime())
        const made = yield* drawOf(stumps.competitionId, DRAWS_STAFF)
        expect(made.drawnAt).toEqual(drawAt)
      }),
    )
  })

  it.effect("orders still awaiting payment put the draw off, with how many", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3], ann), ordersAwaitingPayment: 2 })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const waiting = yield* Effect.flip(drawOf(car.competitionId, DRAWS_STAFF))
        expect(waiting).toEqual(
          new OrdersAwaitingPayment({ competitionId: car.competitionId, count: 2 }),
        )
        nothingRecorded(store)

        // Once paid (their tickets are entries now) or expired, the draw goes ahead.
        store.competitions.set(car.competitionId, {
          ...car,
          sold: soldTo([1, 2, 3, 4, 5], ann),
          ordersAwaitingPayment: 0,
        })
        const made = yield* drawOf(car.competitionId, DRAWS_STAFF)
        expect(made.entryCount).toBe(5)
      }),
    )
  })

  it.effect(
    "a beacon that cannot answer fails the draw with its error, and nothing is kept",
    () => {
      const car = testCompetition({ sold: soldTo([1, 2, 3], ann) })
      const store = drawStoreWith(car)
      const failures = [
        new BeaconNotYetAvailable({ availableAt: new Date(DRAWS_NOW + 30_000) }),
        new BeaconUnreachable({ reason: "connection refused" }),
      ]
      return runDraws(
        store,
        Effect.gen(function* () {
          for (const failure of failures) {
            store.beacon = failure
            expect(yield* Effect.flip(drawOf(car.competitionId, "Scheduler"))).toEqual(failure)
            nothingRecorded(store)
          }
          // Always the round after the close, whoever asks and whenever.
          expect(store.beaconReads).toEqual([car.closeDateTimeUtc, car.closeDateTimeUtc])
        }),
      )
    },
  )
})

describe("a draw", () => {
  it.effect("with no entries closes with no winner, recorded as such, and tells nobody", () => {
    const empty = testCompetition()
    const store = drawStoreWith(empty)
    return runDraws(
      store,
      Effect.gen(function* () {
        const made = yield* drawOf(empty.competitionId, DRAWS_STAFF)
        expect(made).toMatchObject({
          outcome: "NoEntries",
          entryCount: 0,
          entriesHash: bytesToHex(sha256(utf8ToBytes(""))),
          attempt: null,
          winningTicketNumber: null,
          winnerFullName: null,
          winnerCustomerId: null,
        })
        const { competitionName: _, ...recorded } = made
        expect(store.draws.get(empty.competitionId)).toEqual({ draw: recorded, entries: "" })
        expect(store.outbox).toEqual([])
      }),
    )
  })

  it.effect("records the winner the published procedure gives, and emails the holder once", () => {
    const numbers = [88, 3, 41, 17, 5, 60, 23, 99, 12, 71]
    const car = testCompetition({ competitionName: "A red car", sold: soldTo(numbers, ann, bob) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const made = yield* drawOf(car.competitionId, DRAWS_STAFF)
        const expected = drawWinner({
          seed: car.seed,
          competitionId: car.competitionId,
          beacon: "",
          ticketNumbers: numbers,
        })
        if (!("winningTicketNumber" in expected)) throw new Error("ten entries have a winner")
        const holder = car.sold.get(expected.winningTicketNumber)
        expect(made).toEqual({
          competitionId: car.competitionId,
          competitionName: "A red car",
          drawDate: new Date(DRAWS_NOW),
          drawnAt: new Date(DRAWS_NOW),
          drawType: "Live",
          outcome: "Winner",
          entriesHash: expected.entriesHash,
          entryCount: 10,
          beacon: { source: "none", value: "" },
          attempt: expected.attempt,
          winningTicketNumber: expected.winningTicketNumber,
          winnerFullName: holder?.fullName,
          winnerCustomerId: holder?.customerId,
        })
        const { competitionName: _, ...recorded } = made
        expect(store.draws.get(car.competitionId)).toEqual({
          draw: recorded,
          entries: [...numbers].sort((a, b) => a - b).join("\n"),
        })

        expect(store.outbox.map((m) => [m.kind, m.to])).toEqual([["DrawWinner", holder?.email]])
        const [mail] = store.outbox
        expect(mail?.subject).toBe("You've won A red car!")
        expect(mail?.text).toContain(
          `Your ticket ${expected.winningTicketNumber} has won A red car.`,
        )
        expect(mail?.text).toContain(
          `http://localhost:3000/Competitions/Competition/${car.competitionId}`,
        )
      }),
    )
  })

  it.effect("draws with the beacon's value and records which beacon it was", () => {
    const car = testCompetition({ drawType: "Automatic", sold: soldTo([2, 4, 6, 8], ann) })
    const store = drawStoreWith(car)
    store.beacon = {
      source: "drand",
      value: "ab".repeat(32),
      round: 123456,
      url: "https://api.drand.sh/chain",
    }
    return runDraws(
      store,
      Effect.gen(function* () {
        const made = yield* drawOf(car.competitionId, "Scheduler")
        const expected = drawWinner({
          seed: car.seed,
          competitionId: car.competitionId,
          beacon: "ab".repeat(32),
          ticketNumbers: [2, 4, 6, 8],
        })
        expect(made.beacon).toEqual(store.beacon)
        expect(made).toMatchObject(expected)
        expect(store.beaconReads).toEqual([car.closeDateTimeUtc])
      }),
    )
  })

  it.effect("with no draw date set, is dated when it was drawn", () => {
    const car = testCompetition({ drawDateTimeUtc: null, sold: soldTo([1], ann) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        yield* TestClock.setTime(DRAWS_NOW + 5 * HOUR)
        const made = yield* drawOf(car.competitionId, DRAWS_STAFF)
        expect(made.drawDate).toEqual(new Date(DRAWS_NOW + 5 * HOUR))
        expect(made.drawnAt).toEqual(made.drawDate)
      }),
    )
  })

  it.effect("won by a ticket with no customer names nobody and mails nobody", () => {
    const car = testCompetition({ sold: soldTo([5], null) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const made = yield* drawOf(car.competitionId, DRAWS_STAFF)
        expect(made).toMatchObject({
          outcome: "Winner",
          winningTicketNumber: 5,
          winnerFullName: null,
          winnerCustomerId: null,
        })
        expect(store.outbox).toEqual([])
      }),
    )
  })

  it.effect("asked for again answers the same draw and sends no second email", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.uint8Array({ minLength: 32, maxLength: 32 }),
          fc.uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 60 }),
          fc.constantFrom<Drawer>(DRAWS_STAFF, DRAWS_ADMIN, "Scheduler"),
          fc.constantFrom<Drawer>(DRAWS_STAFF, DRAWS_ADMIN, "Scheduler"),
          fc.integer({ min: 0, max: 1000 }),
          async (seed, numbers, first, second, hoursLater) => {
            const car = testCompetition({ seed, sold: soldTo(numbers, ann, bob) })
            const store = drawStoreWith(car)
            await Effect.runPromise(
              runDraws(
                store,
                Effect.gen(function* () {
                  const made = yield* drawOf(car.competitionId, first)
                  const mailed = [...store.outbox]
                  // Whatever changes after the draw (later tickets, the beacon, the
                  // clock) cannot make a new one.
                  store.competitions.set(car.competitionId, {
                    ...car,
                    sold: soldTo([...numbers, 100_001], bob),
                  })
                  store.beacon = new BeaconUnreachable({ reason: "down" })
                  yield* TestClock.adjust(hoursLater * HOUR)
                  expect(yield* drawOf(car.competitionId, second)).toEqual(made)
                  expect(store.outbox).toEqual(mailed)
                  expect(mailed).toHaveLength(numbers.length === 0 ? 0 : 1)
                  expect(store.draws.size).toBe(1)
                }),
              ).pipe(Effect.provide(TestContext.TestContext)),
            )
          },
        ),
        { numRuns: 60 },
      ),
    ),
  )

  it.effect("asked for by several at once is made once, with one email", () => {
    const car = testCompetition({ sold: soldTo([10, 20, 30, 40], ann, bob) })
    const store = drawStoreWith(car)
    const drawers: readonly Drawer[] = [
      DRAWS_STAFF,
      DRAWS_ADMIN,
      "Scheduler",
      DRAWS_STAFF,
      "Scheduler",
    ]
    return runDraws(
      store,
      Effect.gen(function* () {
        const answers = yield* Effect.all(
          drawers.map((by) => drawOf(car.competitionId, by)),
          { concurrency: "unbounded" },
        )
        // Every one of them read the beacon, so every one raced to record.
        expect(store.beaconReads).toHaveLength(drawers.length)
        expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
        expect(store.draws.size).toBe(1)
        expect(store.outbox).toHaveLength(1)
      }),
    )
  })
})

describe("the scheduler's pass (drawDue)", () => {
  const automatic = (drawAt: number, overrides: Partial<TestCompetition> = {}) =>
    testCompetition({
      drawType: "Automatic",
      closeDateTimeUtc: new Date(drawAt - HOUR),
      drawDateTimeUtc: new Date(drawAt),
      sold: soldTo([1, 2, 3], ann),
      ...overrides,
    })
  const pass = Effect.flatMap(Draws, (draws) => draws.drawDue)
  const drawnIds = (store: DrawStore) => new Set(store.draws.keys())

  it.effect("draws the automatic competitions whose time has come, and only those", () => {
    const due = automatic(DRAWS_NOW - 10 * HOUR)
    const dueNow = automatic(DRAWS_NOW)
    const later = automatic(DRAWS_NOW + HOUR)
    const live = testCompetition({ drawType: "Live" })
    const none = testCompetition({ drawType: "None", closeDateTimeUtc: new Date(DRAWS_NOW - HOUR) })
    const store = drawStoreWith(due, dueNow, later, live, none)
    return runDraws(
      store,
      Effect.gen(function* () {
        const results = yield* pass
        expect(results.map((r) => r.competitionId)).toEqual([
          due.competitionId,
          dueNow.competitionId,
        ])
        expect(results.every((r) => r.made?.outcome === "Winner")).toBe(true)
        expect(drawnIds(store)).toEqual(new Set([due.competitionId, dueNow.competitionId]))
        // A second pass finds nothing left to draw.
        expect(yield* pass).toEqual([])
        yield* TestClock.setTime(DRAWS_NOW + HOUR)
        expect((yield* pass).map((r) => r.competitionId)).toEqual([later.competitionId])
      }),
    )
  })

  it.effect("one competition that cannot be drawn does not stop the others", () => {
    const first = automatic(DRAWS_NOW - 3 * HOUR)
    const unpaid = automatic(DRAWS_NOW - 2 * HOUR, { ordersAwaitingPayment: 1 })
    // A draw time before the close (the database refuses one; Draws must not rely on it): due, still open.
    const misdated = automatic(DRAWS_NOW - HOUR, { closeDateTimeUtc: new Date(DRAWS_NOW + HOUR) })
    const last = automatic(DRAWS_NOW - 30 * 60 * 1000)
    const store = drawStoreWith(first, unpaid, misdated, last)
    return runDraws(
      store,
      Effect.gen(function* () {
        const results = yield* pass
        expect(results.map((r) => [r.competitionId, r.made === null])).toEqual([
          [first.competitionId, false],
          [unpaid.competitionId, true],
          [misdated.competitionId, true],
          [last.competitionId, false],
        ])
        expect(drawnIds(store)).toEqual(new Set([first.competitionId, last.competitionId]))

        // Paid now: the next pass draws it.
        store.competitions.set(unpaid.competitionId, { ...unpaid, ordersAwaitingPayment: 0 })
        const next = yield* pass
        expect(next.filter((r) => r.made !== null).map((r) => r.competitionId)).toEqual([
          unpaid.competitionId,
        ])
      }),
    )
  })

  it.effect("catches up after downtime in one pass, soonest first, a batch at a time", () => {
    const backlog = Array.from({ length: 25 }, (_, i) => automatic(DRAWS_NOW - (i + 1) * HOUR))
    const store = drawStoreWith(...backlog)
    const soonestFirst = [...backlog].reverse().map((c) => c.competitionId)
    return runDraws(
      store,
      Effect.gen(function* () {
        const first = yield* pass
        expect(first.map((r) => r.competitionId)).toEqual(soonestFirst)
        expect(store.draws.size).toBe(25)
        expect(yield* pass).toEqual([])
      }),
    )
  })

  it.effect("a full batch that cannot be drawn does not starve the competitions behind it", () => {
    const stuck = Array.from({ length: DRAW_BATCH + 2 }, (_, i) =>
      automatic(DRAWS_NOW - (100 - i) * HOUR, { ordersAwaitingPayment: 1 }),
    )
    const behind = automatic(DRAWS_NOW - HOUR)
    const store = drawStoreWith(...stuck, behind)
    return runDraws(
      store,
      Effect.gen(function* () {
        const results = yield* pass
        expect(results).toHaveLength(stuck.length + 1)
        expect(drawnIds(store)).toEqual(new Set([behind.competitionId]))
        // The next pass tries the stuck ones again, each once.
        const again = yield* pass
        expect(again.map((r) => r.competitionId)).toEqual(stuck.map((c) => c.competitionId))
      }),
    )
  })
})

describe("the live-draw host's waiting list", () => {
  it.effect("is for staff, and lists the closed competitions still to be drawn", () => {
    const waiting = testCompetition({ drawType: "Live" })
    const drawn = testCompetition({ drawType: "Live", sold: soldTo([1], ann) })
    const open = testCompetition({ closeDateTimeUtc: new Date(DRAWS_NOW + HOUR) })
    const hidden = testCompetition({
      visibilityStatus: "Hidden",
      drawDateTimeUtc: new Date(DRAWS_NOW + HOUR),
    })
    const automatic = testCompetition({
      drawType: "Automatic",
      drawDateTimeUtc: new Date(DRAWS_NOW + 2 * HOUR),
    })
    const store = drawStoreWith(waiting, drawn, open, hidden, automatic)
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        expect(yield* Effect.flip(draws.awaiting(DRAWS_CUSTOMER))).toEqual(new NotStaff())
        yield* draws.draw(drawn.competitionId, DRAWS_STAFF)
        const listed = yield* draws.awaiting(DRAWS_ADMIN)
        // The host draws hidden competitions too, and sees the job's backlog.
        expect(listed.map((c) => c.id)).toEqual([
          waiting.competitionId,
          hidden.competitionId,
          automatic.competitionId,
        ])
      }),
    )
  })
})

describe("the public list of competitions waiting for the live draw", () => {
  const awaitingLiveDraw = Effect.flatMap(Draws, (draws) => draws.awaitingLiveDraw)
  const closedLive = (overrides: Partial<TestCompetition> = {}) =>
    testCompetition({ drawType: "Live", ...overrides })

  it.effect("keeps a live competition whose host is late, until it is drawn", () => {
    // The stream ran over: an hour past its draw time and not drawn yet.
    const overran = closedLive({
      competitionName: "Overran",
      closeDateTimeUtc: new Date(DRAWS_NOW - 3 * HOUR),
      drawDateTimeUtc: new Date(DRAWS_NOW - HOUR),
    })
    // Put off to next week's stream after it was due.
    const putOff = closedLive({
      competitionName: "Put off",
      closeDateTimeUtc: new Date(DRAWS_NOW - 8 * 24 * HOUR),
      drawDateTimeUtc: new Date(DRAWS_NOW - 7 * 24 * HOUR),
    })
    const tonight = closedLive({ competitionName: "Tonight" })
    const store = drawStoreWith(tonight, overran, putOff)
    return runDraws(
      store,
      Effect.gen(function* () {
        const listed = yield* awaitingLiveDraw
        expect(listed.map((c) => c.name)).toEqual(["Put off", "Overran", "Tonight"])
        yield* drawOf(overran.competitionId, DRAWS_STAFF)
        expect((yield* awaitingLiveDraw).map((c) => c.name)).toEqual(["Put off", "Tonight"])
      }),
    )
  })

  it.effect("leaves out hidden, automatic, no-draw and open competitions", () => {
    const listedOne = closedLive()
    const store = drawStoreWith(
      listedOne,
      closedLive({ visibilityStatus: "Hidden" }),
      testCompetition({ drawType: "Automatic", drawDateTimeUtc: new Date(DRAWS_NOW + HOUR) }),
      testCompetition({ drawType: "None", drawDateTimeUtc: null }),
      closedLive({
        closeDateTimeUtc: new Date(DRAWS_NOW + HOUR),
        drawDateTimeUtc: new Date(DRAWS_NOW + 2 * HOUR),
      }),
    )
    return runDraws(
      store,
      Effect.gen(function* () {
        expect((yield* awaitingLiveDraw).map((c) => c.id)).toEqual([listedOne.competitionId])
      }),
    )
  })

  it.effect("is by draw time, then close time, name and id", () => {
    const at = (hoursAgo: number) => new Date(DRAWS_NOW - hoursAgo * HOUR)
    const later = closedLive({ competitionName: "A", drawDateTimeUtc: at(1) })
    const closedFirst = closedLive({ competitionName: "Z", closeDateTimeUtc: at(5) })
    const b = closedLive({ competitionName: "B", closeDateTimeUtc: at(3) })
    const c = closedLive({ competitionName: "C", closeDateTimeUtc: at(3) })
    const twins = [0, 1].map(() => closedLive({ competitionName: "D", closeDateTimeUtc: at(3) }))
    const store = drawStoreWith(...twins, c, later, b, closedFirst)
    const [first, second] = twins.map((t) => t.competitionId).sort()
    return runDraws(
      store,
      Effect.gen(function* () {
        // All but `later` are drawn at DRAWS_NOW; it was due an hour ago.
        expect((yield* awaitingLiveDraw).map((x) => x.id)).toEqual([
          later.competitionId,
          closedFirst.competitionId,
          b.competitionId,
          c.competitionId,
          first,
          second,
        ])
      }),
    )
  })

  it.effect(`shows at most ${AWAITING_LIVE_DRAW_LIMIT}, the soonest draws`, () => {
    const backlog = Array.from({ length: AWAITING_LIVE_DRAW_LIMIT + 5 }, (_, i) =>
      closedLive({ drawDateTimeUtc: new Date(DRAWS_NOW - (i + 1) * 60_000) }),
    )
    const store = drawStoreWith(...backlog)
    return runDraws(
      store,
      Effect.gen(function* () {
        const listed = yield* awaitingLiveDraw
        expect(listed.map((c) => c.id)).toEqual(
          [...backlog]
            .reverse()
            .slice(0, AWAITING_LIVE_DRAW_LIMIT)
            .map((c) => c.competitionId),
        )
      }),
    )
  })

  it.effect("is the host's list less what the public may not see, for anyone", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              drawType: fc.constantFrom<TestCompetition["drawType"]>("Live", "Automatic", "None"),
              visibilityStatus: fc.constantFrom<TestCompetition["visibilityStatus"]>(
                "Visible",
                "Hidden",
              ),
              closedHoursAgo: fc.integer({ min: -48, max: 24 * 14 }),
              drawHoursAfterClose: fc.option(fc.integer({ min: 0, max: 24 * 14 })),
              drawn: fc.boolean(),
            }),
            { maxLength: 30 },
          ),
          async (specs) => {
            const made = specs.map((spec) => {
              const close = DRAWS_NOW - spec.closedHoursAgo * HOUR
              return {
                spec,
                competition: testCompetition({
                  drawType: spec.drawType,
                  visibilityStatus: spec.visibilityStatus,
                  closeDateTimeUtc: new Date(close),
                  drawDateTimeUtc:
                    spec.drawHoursAfterClose === null
                      ? null
                      : new Date(close + spec.drawHoursAfterClose * HOUR),
                }),
              }
            })
            const store = drawStoreWith(...made.map((m) => m.competition))
            await Effect.runPromise(
              runDraws(
                store,
                Effect.gen(function* () {
                  for (const { spec, competition } of made) {
                    const due =
                      spec.closedHoursAgo >= 0 &&
                      (spec.drawHoursAfterClose ?? 0) <= spec.closedHoursAgo
                    if (spec.drawn && spec.drawType !== "None" && due)
                      yield* drawOf(competition.competitionId, DRAWS_STAFF)
                  }
                  const draws = yield* Draws
                  const host = yield* draws.awaiting(DRAWS_STAFF)
                  const shown = new Set(
                    made
                      .filter(
                        ({ competition }) =>
                          competition.drawType === "Live" &&
                          competition.visibilityStatus === "Visible",
                      )
                      .map(({ competition }) => competition.competitionId),
                  )
                  const listed = yield* draws.awaitingLiveDraw
                  expect(listed.map((c) => c.id)).toEqual(
                    host.filter((c) => shown.has(c.id)).map((c) => c.id),
                  )
                }),
              ).pipe(Effect.provide(TestContext.TestContext)),
            )
          },
        ),
        { numRuns: 60 },
      ),
    ),
  )
})

/** Anyone, a customer, staff and an admin: who may look at what a competition publishes. */
const viewers: readonly (Principal | null)[] = [null, DRAWS_CUSTOMER, DRAWS_STAFF, DRAWS_ADMIN]
const isStaff = (viewer: Principal | null) => viewer !== null && viewer.role !== "Customer"

describe("what a competition publishes", () => {
  it.effect("a hidden competition's proof and entries are for staff only", () => {
    const hidden = testCompetition({ visibilityStatus: "Hidden", sold: soldTo([1, 2], ann) })
    const store = drawStoreWith(hidden)
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        yield* draws.draw(hidden.competitionId, DRAWS_STAFF)
        const notFound = new CompetitionNotFound({ competitionId: hidden.competitionId })
        for (const viewer of viewers) {
          const proof = yield* Effect.either(draws.proof(hidden.competitionId, viewer))
          const entries = yield* Effect.either(draws.entries(hidden.competitionId, viewer))
          if (isStaff(viewer)) {
            expect(proof._tag).toBe("Right")
            expect(entries).toMatchObject({ _tag: "Right", right: "1\n2" })
          } else {
            expect(proof).toMatchObject({ _tag: "Left", left: notFound })
            expect(entries).toMatchObject({ _tag: "Left", left: notFound })
          }
        }
      }),
    )
  })

  it.effect("keeps the seed secret until the draw, then publishes it to check everything", () => {
    const car = testCompetition({ sold: soldTo([3, 1, 2], ann) })
    const store = drawStoreWith(car)
    const seedHex = bytesToHex(car.seed)
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        const before = yield* draws.proof(car.competitionId, null)
        expect(before.commitment).toBe(bytesToHex(sha256(car.seed)))
        expect(before.commitmentPublishedAt).toEqual(car.seedCommittedAt)
        expect(before.draw).toBeNull()
        expect(JSON.stringify(before)).not.toContain(seedHex)
        expect(yield* draws.entries(car.competitionId, null)).toBeNull()

        const made = yield* draws.draw(car.competitionId, DRAWS_STAFF)
        const after = yield* draws.proof(car.competitionId, null)
        const { competitionName: _, ...recorded } = made
        expect(after.draw).toEqual({ ...recorded, seed: seedHex })
        expect(after.commitment).toBe(before.commitment)
        const text = yield* draws.entries(car.competitionId, null)
        expect(text).toBe("1\n2\n3")
        expect(bytesToHex(sha256(utf8ToBytes(text ?? "")))).toBe(after.draw?.entriesHash)
      }),
    )
  })

  it.effect("reveals the instant-win salt and lines at the close, not before", () => {
    const groupA = "A1B2C3D4-0000-4000-8000-000000000001"
    const groupB = "a1b2c3d4-0000-4000-8000-000000000002"
    const close = new Date(DRAWS_NOW + HOUR)
    const car = testCompetition({
      closeDateTimeUtc: close,
      instantWinLines: [
        { instantWinGroupId: groupB, ticketNumber: 7 },
        { instantWinGroupId: groupA, ticketNumber: 12 },
        { instantWinGroupId: groupA, ticketNumber: 3 },
      ],
    })
    const plain = testCompetition({ closeDateTimeUtc: close })
    const store = drawStoreWith(car, plain)
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        const before = yield* draws.proof(car.competitionId, DRAWS_STAFF)
        expect(before.instantWins.salt).toBeNull()
        expect(before.instantWins.lines).toBeNull()
        expect(before.instantWins.commitment).toMatch(/^[0-9a-f]{64}$/)

        yield* TestClock.setTime(close.getTime())
        const after = yield* draws.proof(car.competitionId, null)
        const lines = [
          `${groupA.toLowerCase()}:12`,
          `${groupA.toLowerCase()}:3`,
          `${groupB}:7`,
        ].join("\n")
        expect(after.instantWins).toEqual({
          commitment: before.instantWins.commitment,
          salt: car.instantWinSalt,
          lines,
        })
        const opened = bytesToHex(sha256(utf8ToBytes(`${car.instantWinSalt}\n${lines}`)))
        expect(opened).toBe(before.instantWins.commitment)
        // Closed, not drawn: the seed stays secret.
        expect(after.draw).toBeNull()

        const none = yield* draws.proof(plain.competitionId, null)
        expect(none.instantWins).toEqual({ commitment: null, salt: null, lines: null })
      }),
    )
  })
})

describe("winners and past draws", () => {
  const seen = testCompetition({ competitionName: "Seen", sold: soldTo([1], ann) })
  const secret = testCompetition({
    competitionName: "Secret",
    visibilityStatus: "Hidden",
    sold: soldTo([2], bob),
  })
  const page = { pageNumber: 1, pageSize: 10 }
  const drawBoth = Effect.flatMap(Draws, (draws) =>
    Effect.all([
      draws.draw(seen.competitionId, DRAWS_STAFF),
      draws.draw(secret.competitionId, DRAWS_STAFF),
    ]),
  )

  it.effect("the hidden winners are for staff only; everyone sees the visible ones", () =>
    runDraws(
      drawStoreWith(seen, secret),
      Effect.gen(function* () {
        const draws = yield* Draws
        yield* drawBoth
        for (const viewer of viewers) {
          const visible = yield* draws.winners({ includeHidden: false, page }, viewer)
          expect(visible.items.map((w) => w.competitionName)).toEqual(["Seen"])
          const all = yield* Effect.either(draws.winners({ includeHidden: true, page }, viewer))
          if (isStaff(viewer)) {
            expect(
              all._tag === "Right" && all.right.items.map((w) => w.competitionName).sort(),
            ).toEqual(["Secret", "Seen"])
          } else {
            expect(all).toMatchObject({ _tag: "Left", left: new NotStaff() })
          }
        }
      }),
    ),
  )

  it.effect("the list of draws shows hidden competitions' draws to staff only", () =>
    runDraws(
      drawStoreWith(seen, secret),
      Effect.gen(function* () {
        const draws = yield* Draws
        yield* drawBoth
        for (const viewer of viewers) {
          const listed = yield* draws.list({ page }, viewer)
          expect(listed.items.map((d) => d.competitionName).sort()).toEqual(
            isStaff(viewer) ? ["Secret", "Seen"] : ["Seen"],
          )
        }
      }),
    ),
  )
})
