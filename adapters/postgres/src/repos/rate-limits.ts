import { RateLimiter, type RateLimiterShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"

/**
 * One row per key, upserted in one statement: a hit in the row's window adds
 * one, a hit in a later window starts again at one (a server whose clock is a
 * little behind counts in the newer window). Postgres serialises the
 * conflicting upserts on the row, so processes sharing the database never
 * lose a count.
 */
export const makeRateLimiter = (db: Kysely<Database>): RateLimiterShape => ({
  hit: (key, window) =>
    runQuery(db, "rateLimits.hit", (q) =>
      q
        .insertInto("rateLimits")
        .values({ key, windowStart: window.start, hits: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            hits: sql<number>`case when excluded.window_start <= rate_limits.window_start then rate_limits.hits + 1 else 1 end`,
            windowStart: sql<Date>`greatest(rate_limits.window_start, excluded.window_start)`,
          }),
        )
        .returning("hits")
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map((row) => row.hits)),
})

/** Rows whose window ended before `before` count nothing any more. */
export const purgeRateLimits = (db: Kysely<Database>, before: Date) =>
  db.deleteFrom("rateLimits").where("windowStart", "<", before).execute()

export const RateLimiterLive: Layer.Layer<RateLimiter, never, Db> = Layer.effect(
  RateLimiter,
  Effect.map(Db, makeRateLimiter),
)
