import { SecondFactorStore, type SecondFactorStoreShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"

/**
 * An Admin's second factor (decision 0032). Each deciding method is one
 * UPDATE whose WHERE holds the rule, so of two requests racing with one
 * code, one challenge or one recovery code, only one sees a row come back;
 * a wrong code adds one to the count in the row itself, so racing guesses
 * each reach a count of their own and one reaches the lock (decision 0064).
 */
export const makeSecondFactorStore = (db: Kysely<Database>): SecondFactorStoreShape => ({
  createChallenge: (challenge) =>
    runQuery(db, "secondFactors.createChallenge", (q) =>
      q.insertInto("secondFactorChallenges").values(challenge).execute(),
    ).pipe(Effect.asVoid),

  challengeHolder: (tokenHash, now, maxAttempts) =>
    runQuery(db, "secondFactors.challengeHolder", (q) =>
      q
        .selectFrom("secondFactorChallenges")
        .select("userId")
        .where("tokenHash", "=", tokenHash)
        .where("spentAt", "is", null)
        .where("expiresAt", ">", now)
        .where("attempts", "<", maxAttempts)
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row?.userId)),

  takeAttempt: (tokenHash, now, maxAttempts) =>
    runQuery(db, "secondFactors.takeAttempt", (q) =>
      q
        .updateTable("secondFactorChallenges")
        .set({ attempts: sql`attempts + 1` })
        .where("tokenHash", "=", tokenHash)
        .where("spentAt", "is", null)
        .where("expiresAt", ">", now)
        .where("attempts", "<", maxAttempts)
        .returning("userId")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row?.userId)),

  spendChallenge: (tokenHash, now) =>
    runQuery(db, "secondFactors.spendChallenge", (q) =>
      q
        .updateTable("secondFactorChallenges")
        .set({ spentAt: now })
        .where("tokenHash", "=", tokenHash)
        .where("spentAt", "is", null)
        .returning("tokenHash")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row !== undefined)),

  enrolmentOf: (userId) =>
    runQuery(db, "secondFactors.enrolmentOf", (q) =>
      q
        .selectFrom("secondFactors")
        .select(["userId", "secret", "pendingSecret", "lastUsedStep", "consecutiveFailures"])
        .where("userId", "=", userId)
        .executeTakeFirst(),
    ),

  setPendingSecret: (userId, secret) =>
    runQuery(db, "secondFactors.setPendingSecret", (q) =>
      q
        .insertInto("secondFactors")
        .values({ userId, pendingSecret: secret })
        .onConflict((oc) => oc.column("userId").doUpdateSet({ pendingSecret: secret }))
        .execute(),
    ).pipe(Effect.asVoid),

  confirm: (userId, secret, step, at) =>
    runQuery(db, "secondFactors.confirm", (q) =>
      q
        .updateTable("secondFactors")
        .set({ secret, pendingSecret: null, lastUsedStep: step, confirmedAt: at })
        .where("userId", "=", userId)
        .where("secret", "is", null)
        .where("pendingSecret", "=", secret)
        .returning("userId")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row !== undefined)),

  useStep: (userId, step, lockAfter) =>
    runQuery(db, "secondFactors.useStep", (q) =>
      q
        .updateTable("secondFactors")
        .set({ lastUsedStep: step, consecutiveFailures: 0 })
        .where("userId", "=", userId)
        .where("secret", "is not", null)
        .where((eb) => eb.or([eb("lastUsedStep", "is", null), eb("lastUsedStep", "<", step)]))
        // Locked by a guess that landed after the caller looked: refused here, not only there.
        .where("consecutiveFailures", "<", lockAfter)
        .returning("userId")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row !== undefined)),

  recordFailure: (userId) =>
    runQuery(db, "secondFactors.recordFailure", (q) =>
      q
        .updateTable("secondFactors")
        .set({ consecutiveFailures: sql`consecutive_failures + 1` })
        .where("userId", "=", userId)
        .where("secret", "is not", null)
        .returning("consecutiveFailures")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row?.consecutiveFailures ?? 0)),

  clearFailures: (userId) =>
    runQuery(db, "secondFactors.clearFailures", (q) =>
      q
        .updateTable("secondFactors")
        .set({ consecutiveFailures: 0 })
        .where("userId", "=", userId)
        .execute(),
    ).pipe(Effect.asVoid),

  replaceRecoveryCodes: (userId, codeHashes, at) =>
    runQuery(db, "secondFactors.replaceRecoveryCodes", async (q) => {
      await q.deleteFrom("secondFactorRecoveryCodes").where("userId", "=", userId).execute()
      if (codeHashes.length > 0)
        await q
          .insertInto("secondFactorRecoveryCodes")
          .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })))
          .execute()
    }),

  useRecoveryCode: (userId, codeHash, at) =>
    runQuery(db, "secondFactors.useRecoveryCode", (q) =>
      q
        .updateTable("secondFactorRecoveryCodes")
        .set({ usedAt: at })
        .where("userId", "=", userId)
        .where("codeHash", "=", codeHash)
        .where("usedAt", "is", null)
        .returning("codeHash")
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row !== undefined)),

  unusedRecoveryCodes: (userId) =>
    runQuery(db, "secondFactors.unusedRecoveryCodes", (q) =>
      q
        .selectFrom("secondFactorRecoveryCodes")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .where("userId", "=", userId)
        .where("usedAt", "is", null)
        .executeTakeFirstOrThrow(),
    ).pipe(Effect.map((row) => Number(row.count))),

  reset: (userId) =>
    runQuery(db, "secondFactors.reset", async (q) => {
      await q.deleteFrom("secondFactorChallenges").where("userId", "=", userId).execute()
      await q.deleteFrom("secondFactorRecoveryCodes").where("userId", "=", userId).execute()
      const removed = await q
        .deleteFrom("secondFactors")
        .where("userId", "=", userId)
        .returning("userId")
        .executeTakeFirst()
      return removed !== undefined
    }),
})

export const SecondFactorStoreLive: Layer.Layer<SecondFactorStore, never, Db> = Layer.effect(
  SecondFactorStore,
  Effect.map(Db, makeSecondFactorStore),
)

/** Challenges past their five minutes can never be answered: housekeeping drops them. */
export const purgeExpiredChallenges = async (db: Kysely<Database>, now: Date) => {
  await db.deleteFrom("secondFactorChallenges").where("expiresAt", "<", now).execute()
}
