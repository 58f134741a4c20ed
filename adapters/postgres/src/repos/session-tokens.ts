import {
  OneTimeTokenRepo,
  type OneTimeTokenRepoShape,
  RefreshTokenRepo,
  type RefreshTokenRepoShape,
  type RefreshTokenSpend,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"

/** Tokens arrive hashed; these tables never see a token itself. */
export const makeRefreshTokenRepo = (db: Kysely<Database>): RefreshTokenRepoShape => ({
  create: (token) =>
    runQuery(db, "refreshTokens.create", (q) =>
      q.insertInto("refreshTokens").values(token).execute(),
    ).pipe(Effect.asVoid),

  // One UPDATE decides: of two requests racing with the same token, only one
  // sees a row come back. The loser then finds it spent, which is reuse.
  spend: (tokenHash, now) =>
    runQuery(db, "refreshTokens.spend", async (q): Promise<RefreshTokenSpend> => {
      const fresh = await q
        .updateTable("refreshTokens")
        .set({ spentAt: now })
        .where("tokenHash", "=", tokenHash)
        .where("spentAt", "is", null)
        .where("expiresAt", ">", now)
        .returning(["userId", "familyId"])
        .executeTakeFirst()
      if (fresh) return { _tag: "Fresh", userId: fresh.userId, familyId: fresh.familyId }
      const known = await q
        .selectFrom("refreshTokens")
        .select(["spentAt", "familyId"])
        .where("tokenHash", "=", tokenHash)
        .executeTakeFirst()
      if (!known) return { _tag: "Unknown" }
      return known.spentAt !== null
        ? { _tag: "AlreadySpent", familyId: known.familyId }
        : { _tag: "Expired" }
    }),

  familyOf: (tokenHash) =>
    runQuery(db, "refreshTokens.familyOf", (q) =>
      q
        .selectFrom("refreshTokens")
        .select("familyId")
        .where("tokenHash", "=", tokenHash)
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row?.familyId)),

  holderOf: (tokenHash, now) =>
    runQuery(db, "refreshTokens.holderOf", (q) =>
      q
        .selectFrom("refreshTokens")
        .select(["userId", "familyId"])
        .where("tokenHash", "=", tokenHash)
        .where("spentAt", "is", null)
        .where("expiresAt", ">", now)
        .executeTakeFirst(),
    ),

  // The user by its key, the family by refresh_tokens_family_idx: one
  // indexed read, on every staff call (decision 0063).
  roleInSession: (userId, familyId) =>
    runQuery(db, "refreshTokens.roleInSession", (q) =>
      isUuid(userId)
        ? q
            .selectFrom("users")
            .select("users.role")
            .where("users.id", "=", userId)
            .where(({ exists, selectFrom }) =>
              exists(
                selectFrom("refreshTokens")
                  .select("refreshTokens.userId")
                  .where("refreshTokens.familyId", "=", familyId)
                  .whereRef("refreshTokens.userId", "=", "users.id"),
              ),
            )
            .executeTakeFirst()
        : Promise.resolve(undefined),
    ).pipe(Effect.map((row) => row?.role ?? null)),

  revokeFamily: (familyId) =>
    runQuery(db, "refreshTokens.revokeFamily", (q) =>
      q.deleteFrom("refreshTokens").where("familyId", "=", familyId).execute(),
    ).pipe(Effect.asVoid),

  revokeAllOfUser: (userId, options) =>
    runQuery(db, "refreshTokens.revokeAllOfUser", (q) => {
      let doomed = q.deleteFrom("refreshTokens").where("userId", "=", userId)
      if (options?.exceptFamilyId !== undefined)
        doomed = doomed.where("familyId", "<>", options.exceptFamilyId)
      return doomed.execute()
    }).pipe(Effect.asVoid),
})

export const makeOneTimeTokenRepo = (db: Kysely<Database>): OneTimeTokenRepoShape => ({
  create: (token) =>
    runQuery(db, "oneTimeTokens.create", (q) =>
      q.insertInto("oneTimeTokens").values(token).execute(),
    ).pipe(Effect.asVoid),

  // Checking and spending in one statement: a link clicked twice at once works once.
  consume: (tokenHash, purpose, now) =>
    runQuery(db, "oneTimeTokens.consume", (q) =>
      q
        .updateTable("oneTimeTokens")
        .set({ usedAt: now })
        .where("tokenHash", "=", tokenHash)
        .where("purpose", "=", purpose)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", now)
        .returning(["userId", "email"])
        .executeTakeFirst(),
    ),

  hasOutstanding: (userId, purpose, email, now) =>
    runQuery(db, "oneTimeTokens.hasOutstanding", (q) =>
      q
        .selectFrom("oneTimeTokens")
        .select(sql<number>`1`.as("one"))
        .where("userId", "=", userId)
        .where("purpose", "=", purpose)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", now)
        .where(sql<string>`lower(email)`, "=", email.toLowerCase())
        .limit(1)
        .executeTakeFirst(),
    ).pipe(Effect.map((row) => row !== undefined)),

  discardAll: (userId, purpose, now) =>
    runQuery(db, "oneTimeTokens.discardAll", (q) =>
      q
        .updateTable("oneTimeTokens")
        .set({ usedAt: now })
        .where("userId", "=", userId)
        .where("purpose", "=", purpose)
        .where("usedAt", "is", null)
        .execute(),
    ).pipe(Effect.asVoid),
})

export const RefreshTokenRepoLive: Layer.Layer<RefreshTokenRepo, never, Db> = Layer.effect(
  RefreshTokenRepo,
  Effect.map(Db, makeRefreshTokenRepo),
)

export const OneTimeTokenRepoLive: Layer.Layer<OneTimeTokenRepo, never, Db> = Layer.effect(
  OneTimeTokenRepo,
  Effect.map(Db, makeOneTimeTokenRepo),
)

/**
 * Drops tokens that can no longer be used. A refresh token past its expiry
 * can't be refreshed, so keeping it for reuse detection buys nothing.
 */
export const purgeExpiredTokens = async (db: Kysely<Database>, now: Date) => {
  await db.deleteFrom("refreshTokens").where("expiresAt", "<", now).execute()
  await db.deleteFrom("oneTimeTokens").where("expiresAt", "<", now).execute()
}
