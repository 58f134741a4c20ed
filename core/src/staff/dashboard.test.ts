import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, TestClock } from "effect"
import type { Principal } from "../accounts/model.js"
import {
  DRAWS_ADMIN,
  DRAWS_CUSTOMER,
  DRAWS_NOW,
  DRAWS_STAFF,
  drawServicesOver,
  emptyDrawStore,
  testCompetition,
} from "../draws/test-doubles.js"
import {
  BackOfficeFigures,
  type CompetitionOnSale,
  type SalesFigures,
} from "../ports/back-office-figures.js"
import { pence } from "../rules/money.js"
import { BackOfficeDashboard } from "./dashboard.js"

const HOUR = 60 * 60 * 1000

const onSale = (name: string, closesInHours: number): CompetitionOnSale => ({
  competitionId: name,
  competitionName: name,
  ticketsSold: 10,
  totalTickets: 100,
  closeDateTimeUtc: new Date(DRAWS_NOW + closesInHours * HOUR),
  visibilityStatus: "Visible",
})

/** Figures that answer what they were asked, so the test sees which windows were read. */
const figuresAsked = (windows: { from: Date; to: Date }[]) =>
  Layer.succeed(BackOfficeFigures, {
    sales: (from, to) =>
      Effect.sync((): SalesFigures => {
        windows.push({ from, to })
        return {
          orders: windows.length,
          ticketSales: pence(100),
          cardTakings: pence(90),
          ticketsSold: 1,
        }
      }),
    onSale: () =>
      Effect.succeed([onSale("in 3 days", 72), onSale("in 2 hours", 2), onSale("in 47 hours", 47)]),
    unprocessedWinners: Effect.succeed({ main: 2, instantWin: 5 }),
  })

const dashboardFor = (by: Principal, windows: { from: Date; to: Date }[] = []) => {
  const store = emptyDrawStore()
  const waiting = testCompetition({ drawType: "Live" })
  store.competitions.set(waiting.competitionId, waiting)
  const services = BackOfficeDashboard.Default.pipe(
    Layer.provide(Layer.merge(figuresAsked(windows), drawServicesOver(store))),
  )
  return Effect.zipRight(
    TestClock.setTime(DRAWS_NOW),
    Effect.either(Effect.flatMap(BackOfficeDashboard, (d) => d.dashboard(by))),
  ).pipe(Effect.provide(services))
}

describe("the back office's dashboard", () => {
  it.effect("is for staff: a customer is refused", () =>
    Effect.gen(function* () {
      const refused = yield* dashboardFor(DRAWS_CUSTOMER)
      expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
      expect(Either.isRight(yield* dashboardFor(DRAWS_STAFF))).toBe(true)
      expect(Either.isRight(yield* dashboardFor(DRAWS_ADMIN))).toBe(true)
    }),
  )

  it.effect("reads today's and the week's sales up to now, and what needs staff next", () =>
    Effect.gen(function* () {
      const windows: { from: Date; to: Date }[] = []
      const result = yield* dashboardFor(DRAWS_STAFF, windows)
      if (Either.isLeft(result)) throw new Error(result.left._tag)
      const dashboard = result.right
      expect(windows.every((w) => w.to.getTime() === DRAWS_NOW)).toBe(true)
      // DRAWS_NOW is 9:30pm on 2 July in London (BST): today from London midnight, the week from 26 June.
      expect(windows.map((w) => w.from.toISOString()).sort()).toEqual([
        "2026-06-25T23:00:00.000Z",
        "2026-07-01T23:00:00.000Z",
      ])
      expect(dashboard.closingSoon.map((c) => c.competitionName)).toEqual([
        "in 2 hours",
        "in 47 hours",
      ])
      expect(dashboard.onSale).toHaveLength(3)
      expect(dashboard.drawsDue).toHaveLength(1)
      expect(dashboard.unprocessedWinners).toEqual({ main: 2, instantWin: 5 })
    }),
  )
})
