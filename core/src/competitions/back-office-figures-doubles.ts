/**
 * The back office's dashboard figures in memory (BackOfficeFigures), read
 * from whatever in-memory orders, competitions and winners a test keeps, by
 * the same definitions as the database's aggregate queries.
 * test/contracts/back-office-figures.* holds it to Postgres.
 */
import { Effect } from "effect"
import type { Order } from "../orders/model.js"
import type { BackOfficeFiguresShape, CompetitionOnSale } from "../ports/back-office-figures.js"
import { HOUR_MS, type HourOfSales, type HourOfTickets } from "../rules/dashboard-charts.js"
import { pence } from "../rules/money.js"
import type { Competition } from "./model.js"

/** A winner as the dashboard counts it: waiting until staff mark the prize handed over. */
export interface MemoryPrizeWinner {
  readonly processedAt: Date | null
}

export interface MemoryBackOfficeSource {
  readonly orders: () => Iterable<Order>
  readonly competitions: () => Iterable<Competition>
  /** Main draws that found a winner. */
  readonly drawnWinners: () => Iterable<MemoryPrizeWinner>
  /** Instant-win numbers already won. */
  readonly instantWinners: () => Iterable<MemoryPrizeWinner>
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0)

const byCloseThenName = (a: CompetitionOnSale, b: CompetitionOnSale) =>
  a.closeDateTimeUtc.getTime() - b.closeDateTimeUtc.getTime() ||
  (a.competitionName < b.competitionName ? -1 : a.competitionName > b.competitionName ? 1 : 0) ||
  (a.competitionId < b.competitionId ? -1 : 1)

const paidIn = (orders: Iterable<Order>, from: Date, to: Date) =>
  [...orders].filter((o) => o.status === "Completed" && o.createdAt >= from && o.createdAt < to)

const hourKey = (at: Date) => Math.floor(at.getTime() / HOUR_MS) * HOUR_MS

export const makeMemoryBackOfficeFigures = (
  source: MemoryBackOfficeSource,
): BackOfficeFiguresShape => ({
  sales: (from, to) =>
    Effect.sync(() => {
      const paid = paidIn(source.orders(), from, to)
      return {
        orders: paid.length,
        ticketSales: pence(sum(paid.map((o) => o.itemTotal - o.discountTotal))),
        cardTakings: pence(sum(paid.map((o) => o.orderTotal))),
        ticketsSold: sum(paid.flatMap((o) => o.lines.map((l) => l.quantity))),
      }
    }),
  salesByHour: (from, to) =>
    Effect.sync(() => {
      const hours = new Map<number, { orders: number; ticketSales: number }>()
      for (const o of paidIn(source.orders(), from, to)) {
        const key = hourKey(o.createdAt)
        const hour = hours.get(key) ?? { orders: 0, ticketSales: 0 }
        hours.set(key, {
          orders: hour.orders + 1,
          ticketSales: hour.ticketSales + o.itemTotal - o.discountTotal,
        })
      }
      return [...hours]
        .sort(([a], [b]) => a - b)
        .map(
          ([key, hour]): HourOfSales => ({
            hourStartUtc: new Date(key),
            orders: hour.orders,
            ticketSales: pence(hour.ticketSales),
          }),
        )
    }),
  ticketsByHour: (from, to) =>
    Effect.sync(() => {
      const tickets = new Map<string, HourOfTickets>()
      for (const o of paidIn(source.orders(), from, to))
        for (const line of o.lines) {
          const hourStartUtc = new Date(hourKey(o.createdAt))
          const key = `${hourStartUtc.getTime()} ${line.competitionId}`
          tickets.set(key, {
            competitionId: line.competitionId,
            hourStartUtc,
            ticketsSold: (tickets.get(key)?.ticketsSold ?? 0) + line.quantity,
          })
        }
      return [...tickets.values()].sort(
        (a, b) =>
          a.hourStartUtc.getTime() - b.hourStartUtc.getTime() ||
          (a.competitionId < b.competitionId ? -1 : a.competitionId > b.competitionId ? 1 : 0),
      )
    }),
  onSale: (now) =>
    Effect.sync(() =>
      [...source.competitions()]
        .filter((c) => c.startDateTimeUtc <= now && c.closeDateTimeUtc > now)
        .map(
          (c): CompetitionOnSale => ({
            competitionId: c.id,
            competitionName: c.name,
            ticketsSold: c.ticketsSoldToDate,
            totalTickets: c.totalTickets,
            closeDateTimeUtc: c.closeDateTimeUtc,
            visibilityStatus: c.visibilityStatus,
          }),
        )
        .sort(byCloseThenName),
    ),
  unprocessedWinners: Effect.sync(() => ({
    main: [...source.drawnWinners()].filter((w) => w.processedAt === null).length,
    instantWin: [...source.instantWinners()].filter((w) => w.processedAt === null).length,
  })),
})
