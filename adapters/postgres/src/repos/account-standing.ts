import { CustomerNotFound } from "@howzat/core/accounts"
import {
  AccountStandingStore,
  type AccountStandingStoreShape,
  type AgeVerificationRecord,
  AgeVerificationRecords,
  type AgeVerificationRecordsShape,
} from "@howzat/core/ports"
import { GOOD_STANDING, isPauseLength, type StandingRecord } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { AccountStandingsTable, Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"

const fromRow = (row: Selectable<AccountStandingsTable> | undefined): StandingRecord =>
  row === undefined
    ? GOOD_STANDING
    : {
        pausedUntil: row.pausedUntil,
        pauseLength: isPauseLength(row.pauseLength) ? row.pauseLength : null,
        pausedAt: row.pausedAt,
        closedAt: row.closedAt,
      }

const readRow = async (q: Kysely<Database>, customerId: string) =>
  fromRow(
    await q
      .selectFrom("accountStandings")
      .selectAll()
      .where("customerId", "=", customerId)
      .executeTakeFirst(),
  )

export const makeAccountStandingStore = (db: Kysely<Database>): AccountStandingStoreShape => ({
  read: (customerId) =>
    isUuid(customerId)
      ? runQuery(db, "accountStanding.read", (q) => readRow(q, customerId))
      : Effect.succeed(GOOD_STANDING),

  hold: (customerId) =>
    isUuid(customerId)
      ? runQuery(db, "accountStanding.hold", async (q) => {
          // The customers row is the customer's lock (the one spend limits take, decision 0041).
          const held = await q
            .selectFrom("customers")
            .select("id")
            .where("id", "=", customerId)
            .forNoKeyUpdate()
            .executeTakeFirst()
          return held === undefined ? undefined : await readRow(q, customerId)
        }).pipe(
          Effect.flatMap((record) =>
            record === undefined
              ? Effect.fail(new CustomerNotFound({ customerId }))
              : Effect.succeed(record),
          ),
        )
      : Effect.fail(new CustomerNotFound({ customerId })),

  // The end of a break only moves later and a closure is never undone, whatever is passed.
  save: (customerId, record) =>
    runQuery(db, "accountStanding.save", (q) =>
      q
        .insertInto("accountStandings")
        .values({
          customerId,
          pausedUntil: record.pausedUntil,
          pauseLength: record.pauseLength,
          pausedAt: record.pausedAt,
          closedAt: record.closedAt,
        })
        .onConflict((c) =>
          c.column("customerId").doUpdateSet({
            pausedUntil: sql`greatest(account_standings.paused_until, excluded.paused_until)`,
            pauseLength: sql`case when account_standings.paused_until is null or excluded.paused_until > account_standings.paused_until then excluded.pause_length else account_standings.pause_length end`,
            pausedAt: sql`case when account_standings.paused_until is null or excluded.paused_until > account_standings.paused_until then excluded.paused_at else account_standings.paused_at end`,
            closedAt: sql`coalesce(account_standings.closed_at, excluded.closed_at)`,
          }),
        )
        .execute(),
    ).pipe(Effect.asVoid),
})

const outcomeOf = (value: string): AgeVerificationRecord["outcome"] =>
  value === "Verified" || value === "NeedsDocuments" ? value : "Refused"

export const makeAgeVerificationRecords = (db: Kysely<Database>): AgeVerificationRecordsShape => ({
  record: (outcome) =>
    runQuery(db, "ageVerifications.record", (q) =>
      q
        .insertInto("ageVerifications")
        .values({
          customerId: outcome.customerId,
          method: outcome.method,
          outcome: outcome.outcome,
          reason: outcome.reason.slice(0, 500),
          at: outcome.at,
        })
        .execute(),
    ).pipe(Effect.asVoid),

  latest: (customerId) =>
    isUuid(customerId)
      ? runQuery(db, "ageVerifications.latest", async (q) => {
          const row = await q
            .selectFrom("ageVerifications")
            .selectAll()
            .where("customerId", "=", customerId)
            .orderBy("at", "desc")
            .orderBy("id", "desc")
            .executeTakeFirst()
          return row === undefined
            ? null
            : {
                customerId: row.customerId,
                method: row.method,
                outcome: outcomeOf(row.outcome),
                reason: row.reason,
                at: row.at,
              }
        })
      : Effect.succeed(null),
})

export const AccountStandingStoreLive = Layer.effect(
  AccountStandingStore,
  Effect.map(Db, makeAccountStandingStore),
)
export const AgeVerificationRecordsLive = Layer.effect(
  AgeVerificationRecords,
  Effect.map(Db, makeAgeVerificationRecords),
)
