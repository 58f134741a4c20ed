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
    salesByHour: (from, to) =>
      Effect.sync(() => {
        windows.push({ from, to })
        return [
          // 00:00 on 2 July in London (BST), today's first hour.
          { hourStartUtc: new Date("2026-07-01T23:00:00Z"), orders: 2, ticketSales: pence(700) },
          // 23:00 on 1 July in London: yesterday's.
          { hourStartUtc: new Date("2026-07-01T22:00:00Z"), orders: 1, ticketSales: pence(250) },
        ]
      }),
    ticketsByHour: (from, to) =>
      Effect.sync(() => {
        windows.push({ from, to })
        return [
          {
            competitionId: "in 2 hours",
            hourStartUtc: new Date(DRAWS_NOW - HOUR / 2),
            ticketsSold: 4,
          },
          {
            competitionId: "not on sale",
            hourStartUtc: new Date(DRAWS_NOW - HOUR),
            ticketsSold: 9,
          },
        ]
      }),
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

const servicesFor = (windows: { from: Date; to: Date }[]) => {
  const store = emptyDrawStore()
  return BackOfficeDashboard.Default.pipe(
    Layer.provide(Layer.merge(figuresAsked(windows), drawServicesOver(store))),
  )
}

const chartsFor = (by: Principal, windows: { from: Date; to: Date }[] = []) =>
  Effect.zipRight(
    TestClock.setTime(DRAWS_NOW),
    Effect.either(Effect.flatMap(BackOfficeDashboard, (d) => d.charts(by))),
  ).pipe(Effect.provide(servicesFor(windows)))

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

describe("the back office's dashboard charts", () => {
  it.effect("are for staff: a customer is refused", () =>
    Effect.gen(function* () {
      const refused = yield* chartsFor(DRAWS_CUSTOMER)
      expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
      expect(Either.isRight(yield* chartsFor(DRAWS_STAFF))).toBe(true)
      expect(Either.isRight(yield* chartsFor(DRAWS_ADMIN))).toBe(true)
    }),
  )

  it.effect("read 30 London days of sales and 24 hours of each competition on sale's tickets", () =>
    Effect.gen(function* () {
      const windows: { from: Date; to: Date }[] = []
      const result = yield* chartsFor(DRAWS_STAFF, windows)
      if (Either.isLeft(result)) throw new Error(result.left._tag)
      const charts = result.right
      // DRAWS_NOW is 9:30pm on 2 July in London (BST): 30 days from 3 June, 24 hours from 10pm on 1 July.
      expect(windows.map((w) => w.from.toISOString())).toEqual([
        "2026-06-02T23:00:00.000Z",
        "2026-07-01T21:00:00.000Z",
      ])
      expect(windows.every((w) => w.to.getTime() === DRAWS_NOW)).toBe(true)
      expect(charts.salesByDay).toHaveLength(30)
      expect(charts.salesByDay.at(-1)).toMatchObject({
        day: "2026-07-02",
        orders: 2,
        ticketSales: 700,
      })
      expect(charts.salesByDay.at(-2)).toMatchObject({
        day: "2026-07-01",
        orders: 1,
        ticketSales: 250,
      })
      expect(charts.hours).toBe(24)
      // In the order the port lists them (closing soonest first in the real ones).
      expect(charts.ticketsByHour.map((c) => c.competitionName)).toEqual([
        "in 3 days",
        "in 2 hours",
        "in 47 hours",
      ])
      const soonest = charts.ticketsByHour[1]
      const rest = charts.ticketsByHour.filter((c) => c !== soonest)
      expect(soonest?.hours).toHaveLength(24)
      expect(soonest?.hours.at(-1)?.ticketsSold).toBe(4)
      expect(rest.flatMap((c) => c.hours).every((h) => h.ticketsSold === 0)).toBe(true)
    }),
  )
})
