import { LiveCompetitions, type LiveCompetitionsShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"

/**
 * Names "the set of live competitions" among advisory locks: every change
 * judged by the instant-win share takes it, after its competition's row
 * lock, so two staff publishing at once are judged one after the other.
 */
const LIVE_SET_LOCK = "howzat:live-competitions"

export const makeLiveCompetitions = (db: Kysely<Database>): LiveCompetitionsShape => ({
  lockedLive: (now) =>
    runQuery(db, "liveCompetitions.lockedLive", async (q) => {
      await sql`select pg_advisory_xact_lock(hashtextextended(${LIVE_SET_LOCK}, 0))`.execute(q)
      // Read after the lock is granted: this statement sees what the previous holder committed.
      const rows = await q
        .selectFrom("competitions as c")
        .select((eb) => [
          "c.id",
          eb
            .exists(
              eb
                .selectFrom("instantWinGroups as g")
                .select("g.id")
                .whereRef("g.competitionId", "=", "c.id"),
            )
            .as("instantWin"),
        ])
        .where("c.visibilityStatus", "=", "Visible")
        .where("c.closeDateTimeUtc", ">", now)
        .orderBy("c.id")
        .execute()
      return rows.map((r) => ({ id: r.id, instantWin: r.instantWin === true }))
    }),
})

export const LiveCompetitionsLive: Layer.Layer<LiveCompetitions, never, Db> = Layer.effect(
  LiveCompetitions,
  Effect.map(Db, makeLiveCompetitions),
)
