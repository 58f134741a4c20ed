/**
 * The back office's dashboard figures in memory (BackOfficeFigures), read
 * from whatever in-memory orders, competitions and winners a test keeps, by
 * the same definitions as the database's aggregate queries.
 * test/contracts/back-office-figures.* holds it to Postgres.
 */
import { Effect } from "effect"
import type { Order } from "../orders/model.js"
import type { BackOfficeFiguresShape, CompetitionOnSale } from "../ports/back-office-figures.js"
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

export const makeMemoryBackOfficeFigures = (
  source: MemoryBackOfficeSource,
): BackOfficeFiguresShape => ({
  sales: (from, to) =>
    Effect.sync(() => {
      const paid = [...source.orders()].filter(
        (o) => o.status === "Completed" && o.createdAt >= from && o.createdAt < to,
      )
      return {
        orders: paid.length,
        ticketSales: pence(sum(paid.map((o) => o.itemTotal - o.discountTotal))),
        cardTakings: pence(sum(paid.map((o) => o.orderTotal))),
        ticketsSold: sum(paid.flatMap((o) => o.lines.map((l) => l.quantity))),
      }
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
