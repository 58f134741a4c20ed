import {
  BackOfficeFigures,
  type BackOfficeFiguresShape,
  type CompetitionOnSale,
} from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { ticketsSoldOf } from "./tickets-sold"

/**
 * The UTC hour an order was placed in, as a timestamptz on the hour: the
 * same in any session time zone, and a whole London hour (London's offset is
 * whole hours), which core's chart rules rely on.
 */
const placedHour = sql<Date>`(date_trunc('hour', o.created_at at time zone 'UTC') at time zone 'UTC')`

/** The dashboard's figures: each one aggregate query, whatever the size of the shop. */
export const makeBackOfficeFigures = (db: Kysely<Database>): BackOfficeFiguresShape => ({
  sales: (from, to) =>
    runQuery(db, "backOffice.sales", async (q) => {
      const row = await q
        .selectFrom("orders as o")
        .where("o.status", "=", "Completed")
        .where("o.createdAt", ">=", from)
        .where("o.createdAt", "<", to)
        .select([
          sql<string>`count(*)`.as("orders"),
          sql<string>`coalesce(sum(o.item_total_pence - o.discount_total_pence), 0)`.as(
            "ticketSales",
          ),
          sql<string>`coalesce(sum(o.order_total_pence), 0)`.as("cardTakings"),
          sql<string>`coalesce(sum((select sum(l.quantity) from order_lines l
            where l.order_id = o.id)), 0)`.as("ticketsSold"),
        ])
        .executeTakeFirstOrThrow()
      return {
        orders: Number(row.orders),
        ticketSales: pence(Number(row.ticketSales)),
        cardTakings: pence(Number(row.cardTakings)),
        ticketsSold: Number(row.ticketsSold),
      }
    }),

  salesByHour: (from, to) =>
    runQuery(db, "backOffice.salesByHour", async (q) => {
      const rows = await q
        .selectFrom("orders as o")
        .where("o.status", "=", "Completed")
        .where("o.createdAt", ">=", from)
        .where("o.createdAt", "<", to)
        .select([
          placedHour.as("hourStartUtc"),
          sql<string>`count(*)`.as("orders"),
          sql<string>`sum(o.item_total_pence - o.discount_total_pence)`.as("ticketSales"),
        ])
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute()
      return rows.map((r) => ({
        hourStartUtc: new Date(r.hourStartUtc),
        orders: Number(r.orders),
        ticketSales: pence(Number(r.ticketSales)),
      }))
    }),

  ticketsByHour: (from, to) =>
    runQuery(db, "backOffice.ticketsByHour", async (q) => {
      const rows = await q
        .selectFrom("orders as o")
        .innerJoin("orderLines as l", "l.orderId", "o.id")
        .where("o.status", "=", "Completed")
        .where("o.createdAt", ">=", from)
        .where("o.createdAt", "<", to)
        .select([
          "l.competitionId",
          placedHour.as("hourStartUtc"),
          sql<string>`sum(l.quantity)`.as("ticketsSold"),
        ])
        .groupBy(["l.competitionId", sql`2`])
        .orderBy(sql`2`)
        .orderBy("l.competitionId")
        .execute()
      return rows.map((r) => ({
        competitionId: r.competitionId,
        hourStartUtc: new Date(r.hourStartUtc),
        ticketsSold: Number(r.ticketsSold),
      }))
    }),

  onSale: (now) =>
    runQuery(db, "backOffice.onSale", async (q) => {
      const rows = await q
        .selectFrom("competitions as c")
        .select([
          "c.id",
          "c.name",
          ticketsSoldOf(sql.ref("c.id")).as("ticketsSold"),
          "c.totalTickets",
          "c.closeDateTimeUtc",
          "c.visibilityStatus",
        ])
        .where("c.startDateTimeUtc", "<=", now)
        .where("c.closeDateTimeUtc", ">", now)
        .orderBy("c.closeDateTimeUtc")
        .orderBy("c.name")
        .orderBy("c.id")
        .execute()
      return rows.map(
        (r): CompetitionOnSale => ({
          competitionId: r.id,
          competitionName: r.name,
          ticketsSold: r.ticketsSold,
          totalTickets: r.totalTickets,
          closeDateTimeUtc: r.closeDateTimeUtc,
          visibilityStatus: r.visibilityStatus,
        }),
      )
    }),

  unprocessedWinners: runQuery(db, "backOffice.unprocessedWinners", async (q) => {
    const row = await q
      .selectNoFrom([
        sql<string>`(select count(*) from draws
          where outcome = 'Winner' and processed_at is null and redraw_requested_at is null)`.as(
          "main",
        ),
        sql<string>`(select count(*) from instant_win_tickets
          where won_at is not null and processed_at is null)`.as("instantWin"),
      ])
      .executeTakeFirstOrThrow()
    return { main: Number(row.main), instantWin: Number(row.instantWin) }
  }),
})

export const BackOfficeFiguresLive: Layer.Layer<BackOfficeFigures, never, Db> = Layer.effect(
  BackOfficeFigures,
  Effect.map(Db, makeBackOfficeFigures),
)
