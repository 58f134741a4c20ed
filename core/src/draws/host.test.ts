import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { NotStaff } from "../accounts/errors.js"
import { CompetitionNotFound } from "../competitions/errors.js"
import { NAME_NOT_RECORDED, NAME_WITHHELD } from "../rules/entry-list-rows.js"
import { Draws } from "./draws.js"
import { entriesHash } from "./procedure.js"
import {
  DRAWS_ADMIN,
  DRAWS_CUSTOMER,
  DRAWS_NOW,
  DRAWS_STAFF,
  drawStoreWith,
  runDraws,
  soldTo,
  testCompetition,
  ticketHolder,
} from "./test-doubles.js"

/**
 * The live-draw host's sheet and the entry list staff publish
 * (docs/decisions/0079): who may read them, what they name, and that the
 * published list is the one the draw commits to.
 */
const HOUR = 60 * 60 * 1000

const sarah = ticketHolder("Sarah", "Williams")
const postcard = {
  customerId: null,
  firstName: "Pat",
  fullName: "Pat Postcard",
  email: "pat@example.com",
}

describe("the host's sheet", () => {
  it.effect(
    "before the draw: entries, commitment, when it may be drawn, orders it waits for",
    () => {
      const car = testCompetition({
        competitionName: "A red car",
        drawDateTimeUtc: new Date(DRAWS_NOW + HOUR),
        sold: soldTo([4, 9, 2], sarah),
        ordersAwaitingPayment: 1,
      })
      const store = drawStoreWith(car)
      return runDraws(
        store,
        Effect.gen(function* () {
          const draws = yield* Draws
          const sheet = yield* draws.hostSheet(car.competitionId, DRAWS_STAFF)
          expect(sheet).toMatchObject({
            competitionName: "A red car",
            drawType: "Live",
            entryCount: 3,
            ordersAwaitingPayment: 1,
            drawableFrom: new Date(DRAWS_NOW + HOUR),
            draw: null,
            now: new Date(DRAWS_NOW),
          })
          expect(sheet.commitment).toMatch(/^[0-9a-f]{64}$/)
        }),
      )
    },
  )

  it.effect("with no draw time set, it may be drawn from the close", () => {
    const car = testCompetition({ drawDateTimeUtc: null })
    return runDraws(
      drawStoreWith(car),
      Effect.gen(function* () {
        const sheet = yield* (yield* Draws).hostSheet(car.competitionId, DRAWS_ADMIN)
        expect(sheet.drawableFrom).toEqual(car.closeDateTimeUtc)
      }),
    )
  })

  it.effect("once drawn: the winning ticket and the winner's first name and initial only", () => {
    const car = testCompetition({ sold: soldTo([5], sarah) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        yield* draws.draw(car.competitionId, DRAWS_STAFF)
        const sheet = yield* draws.hostSheet(car.competitionId, DRAWS_STAFF)
        expect(sheet.draw).toMatchObject({
          outcome: "Winner",
          winningTicketNumber: 5,
          winnerName: "Sarah W.",
        })
        expect(JSON.stringify(sheet)).not.toContain(sarah.email)
        expect(JSON.stringify(sheet)).not.toContain("Williams")

        // Kept private by staff: the stream does not name them either.
        store.privateWinners.add(car.competitionId)
        const hidden = yield* draws.hostSheet(car.competitionId, DRAWS_STAFF)
        expect(hidden.draw?.winnerName).toBe(NAME_WITHHELD)
      }),
    )
  })

  it.effect("a second draw is the first one found, and says it was not made now", () => {
    const car = testCompetition({ sold: soldTo([1, 2, 3], sarah) })
    const store = drawStoreWith(car)
    return runDraws(
      store,
      Effect.gen(function* () {
        const draws = yield* Draws
        const first = yield* draws.drawOrFind(car.competitionId, DRAWS_STAFF)
        const second = yield* draws.drawOrFind(car.competitionId, DRAWS_ADMIN)
        expect(first.madeNow).toBe(true)
        expect(second).toEqual({ draw: first.draw, madeNow: false })
        expect(store.outbox).toHaveLength(1)
      }),
    )
  })

  it.effect("with no entries, drawn with no winner to name", () => {
    const empty = testCompetition()
    return runDraws(
      drawStoreWith(empty),
      Effect.gen(function* () {
        const draws = yield* Draws
        yield* draws.draw(empty.competitionId, DRAWS_STAFF)
        const sheet = yield* draws.hostSheet(empty.competitionId, DRAWS_STAFF)
        expect(sheet.draw).toMatchObject({
          outcome: "NoEntries",
          winningTicketNumber: null,
          winnerName: null,
        })
        expect(sheet.entryCount).toBe(0)
      }),
    )
  })

  it.effect("is staff's: a customer is refused, an unknown competition is not found", () => {
    const car = testCompetition()
    return runDraws(
      drawStoreWith(car),
      Effect.gen(function* () {
        const draws = yield* Draws
        expect(yield* Effect.flip(draws.hostSheet(car.competitionId, DRAWS_CUSTOMER))).toEqual(
          new NotStaff(),
        )
        expect(yield* Effect.flip(draws.hostSheet("no-such", DRAWS_STAFF))).toEqual(
          new CompetitionNotFound({ competitionId: "no-such" }),
        )
      }),
    )
  })
})

describe("the publishable entry list", () => {
  it.effect(
    "names each entry by first name and initial, postal entries marked, in ticket order",
    () => {
      const car = testCompetition({
        sold: new Map([
          [8, sarah],
          [3, postcard],
          [5, null],
        ]),
      })
      return runDraws(
        drawStoreWith(car),
        Effect.gen(function* () {
          const list = yield* (yield* Draws).publishableEntryList(car.competitionId, DRAWS_STAFF)
          expect(list).toEqual({
            competitionId: car.competitionId,
            competitionName: car.competitionName,
            drawn: false,
            rows: [
              { ticketNumber: 3, name: "Pat P.", route: "Postal" },
              { ticketNumber: 5, name: NAME_NOT_RECORDED, route: "Online" },
              { ticketNumber: 8, name: "Sarah W.", route: "Online" },
            ],
          })
        }),
      )
    },
  )

  it.effect(
    "once drawn, its tickets are exactly the list the proof's entries hash commits to",
    () => {
      const car = testCompetition({ sold: soldTo([12, 4, 7, 30], sarah, postcard) })
      const store = drawStoreWith(car)
      return runDraws(
        store,
        Effect.gen(function* () {
          const draws = yield* Draws
          yield* draws.draw(car.competitionId, DRAWS_STAFF)
          // A ticket sold later (a correction, say) is not in the drawn list, nor in what is published.
          store.competitions.set(car.competitionId, {
            ...car,
            sold: new Map([...car.sold, [2, sarah]]),
          })
          const list = yield* draws.publishableEntryList(car.competitionId, DRAWS_STAFF)
          const proof = yield* draws.proof(car.competitionId, null)
          const tickets = list.rows.map((r) => r.ticketNumber)
          expect(list.drawn).toBe(true)
          expect(tickets).toEqual([4, 7, 12, 30])
          expect(entriesHash(tickets)).toBe(proof.draw?.entriesHash)
        }),
      )
    },
  )

  it.effect("is staff's, as drawing is: a customer is refused", () => {
    const car = testCompetition({ sold: soldTo([1], sarah) })
    return runDraws(
      drawStoreWith(car),
      Effect.gen(function* () {
        const refused = yield* Effect.flip(
          (yield* Draws).publishableEntryList(car.competitionId, DRAWS_CUSTOMER),
        )
        expect(refused).toEqual(new NotStaff())
      }),
    )
  })
})
