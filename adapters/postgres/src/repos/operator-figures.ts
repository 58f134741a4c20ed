import { type Kysely, sql } from "kysely"
import type { Database } from "../schema"
import { ticketsSoldOf } from "./tickets-sold"

/**
 * The most live competitions the sales gauges name, soonest closing first.
 * Each is a series of its own, so the number is capped whatever the
 * catalogue holds (docs/decisions/0088); the count of all live ones is
 * given beside them.
 */
export const LIVE_SALES_LIMIT = 50

/** One live competition's sales, for the per-competition gauges. */
export interface LiveSales {
  readonly competitionId: string
  readonly sold: number
  readonly total: number
}

/** Draws whose time has come and that no one has made, by kind. */
export interface DueDraws {
  readonly drawType: "Automatic" | "Live"
  readonly count: number
  /** When the longest-waiting one was due. */
  readonly oldestDueAt: Date
}

/**
 * What the operator's gauges read at each scrape (docs/decisions/0088),
 * straight from the tables: neither is a use case, and neither needs a
 * lock. Both are small: the live competitions (closing after now, visible;
 * each sold count an index range over its counter rows) and one aggregate
 * over the competitions with a draw due and none made.
 */
export const makeOperatorFigures = (db: Kysely<Database>) => ({
  liveSales: async (
    now: Date,
  ): Promise<{ readonly live: number; readonly named: readonly LiveSales[] }> => {
    const [rows, count] = await Promise.all([
      db
        .selectFrom("competitions as c")
        .select(["c.id", "c.totalTickets", ticketsSoldOf(sql.ref("c.id")).as("sold")])
        .where("c.visibilityStatus", "=", "Visible")
        .where("c.closeDateTimeUtc", ">", now)
        .where("c.startDateTimeUtc", "<=", now)
        .orderBy("c.closeDateTimeUtc")
        .orderBy("c.id")
        .limit(LIVE_SALES_LIMIT)
        .execute(),
      db
        .selectFrom("competitions as c")
        .select((eb) => eb.fn.countAll<string | number>().as("live"))
        .where("c.visibilityStatus", "=", "Visible")
        .where("c.closeDateTimeUtc", ">", now)
        .where("c.startDateTimeUtc", "<=", now)
        .executeTakeFirstOrThrow(),
    ])
    return {
      live: Number(count.live),
      named: rows.map((r) => ({
        competitionId: r.id,
        sold: Number(r.sold),
        total: r.totalTickets,
      })),
    }
  },

  dueDraws: async (now: Date): Promise<readonly DueDraws[]> => {
    const dueAt = sql<Date>`coalesce(c.draw_date_time_utc, c.close_date_time_utc)`
    const rows = await db
      .selectFrom("competitions as c")
      .select((eb) => [
        "c.drawType",
        eb.fn.countAll<string | number>().as("count"),
        eb.fn.min(dueAt).as("oldest"),
      ])
      .where("c.drawType", "in", ["Automatic", "Live"])
      .where(dueAt, "<=", now)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom("draws as d").select("d.id").whereRef("d.competitionId", "=", "c.id"),
          ),
        ),
      )
      .groupBy("c.drawType")
      .execute()
    return rows.map((r) => ({
      drawType: r.drawType as "Automatic" | "Live",
      count: Number(r.count),
      oldestDueAt: new Date(r.oldest as Date | string),
    }))
  },
})

export type OperatorFigures = ReturnType<typeof makeOperatorFigures>
