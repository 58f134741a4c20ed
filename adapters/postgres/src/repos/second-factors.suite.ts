import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeSecondFactorStore, purgeExpiredChallenges } from "./second-factors"
import type { SuiteDatabase } from "./suite-database"

const NOW = new Date("2026-11-24T12:00:00Z")
const LATER = new Date("2026-11-24T12:05:00Z")
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * The second-factor store on a real database: each deciding statement
 * (an attempt, a step, a recovery code, spending a challenge) wins once,
 * however many requests race for it, and expired challenges are purged.
 * What the port promises one request at a time is the contract's
 * (test/contracts/second-factors.*).
 */
export const secondFactorSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const store = () => makeSecondFactorStore(database.db)

    const newAdmin = async () => {
      const row = await database.db
        .insertInto("users")
        .values({
          email: `${randomUUID()}@howzat.example`,
          passwordHash: "hash",
          firstName: "Ada",
          lastName: "Lovelace",
          role: "Admin",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      return row.id
    }

    const newChallenge = async (userId: string, expiresAt = LATER) => {
      const tokenHash = randomUUID()
      await run(store().createChallenge({ tokenHash, userId, createdAt: NOW, expiresAt }))
      return tokenHash
    }

    const enrolled = async () => {
      const userId = await newAdmin()
      await run(store().setPendingSecret(userId, "SECRET"))
      expect(await run(store().confirm(userId, "SECRET", 100, NOW))).toBe(true)
      return userId
    }

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("gives a challenge's attempts to racing requests no more than the limit allows", async () => {
      const userId = await newAdmin()
      const challenge = await newChallenge(userId)
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () => run(store().takeAttempt(challenge, NOW, 5))),
      )
      expect(outcomes.filter((o) => o === userId)).toHaveLength(5)
    })

    it("answers nobody for an expired, spent or unknown challenge, and spends once", async () => {
      const userId = await newAdmin()
      const expired = await newChallenge(userId, NOW)
      expect(await run(store().takeAttempt(expired, NOW, 5))).toBeUndefined()
      const challenge = await newChallenge(userId)
      const spends = await Promise.all([
        run(store().spendChallenge(challenge, NOW)),
        run(store().spendChallenge(challenge, NOW)),
      ])
      expect(spends.filter(Boolean)).toHaveLength(1)
      expect(await run(store().takeAttempt(challenge, NOW, 5))).toBeUndefined()
      expect(await run(store().takeAttempt("unknown", NOW, 5))).toBeUndefined()
      await purgeExpiredChallenges(database.db, LATER)
      const left = await database.db
        .selectFrom("secondFactorChallenges")
        .select("tokenHash")
        .where("tokenHash", "in", [expired, challenge])
        .execute()
      expect(left.map((r) => r.tokenHash)).toEqual([challenge])
    })

    it("accepts each step once, only ever later ones, one of racing requests", async () => {
      const userId = await enrolled()
      expect(await run(store().useStep(userId, 100))).toBe(false)
      expect(await run(store().useStep(userId, 99))).toBe(false)
      const racing = await Promise.all(
        Array.from({ length: 6 }, () => run(store().useStep(userId, 101))),
      )
      expect(racing.filter(Boolean)).toHaveLength(1)
      expect(await run(store().useStep(userId, 102))).toBe(true)
      // Nobody enrolled has no steps to use.
      expect(await run(store().useStep(await newAdmin(), 5))).toBe(false)
    })

    it("spends a recovery code once, and forgets the old ones when replaced", async () => {
      const userId = await enrolled()
      await run(store().replaceRecoveryCodes(userId, ["a", "b", "c"], NOW))
      const racing = await Promise.all(
        Array.from({ length: 4 }, () => run(store().useRecoveryCode(userId, "a", NOW))),
      )
      expect(racing.filter(Boolean)).toHaveLength(1)
      expect(await run(store().unusedRecoveryCodes(userId))).toBe(2)
      // Another user's code is not theirs.
      expect(await run(store().useRecoveryCode(await enrolled(), "b", NOW))).toBe(false)
      await run(store().replaceRecoveryCodes(userId, ["d", "e"], NOW))
      expect(await run(store().useRecoveryCode(userId, "b", NOW))).toBe(false)
      expect(await run(store().useRecoveryCode(userId, "d", NOW))).toBe(true)
      expect(await run(store().unusedRecoveryCodes(userId))).toBe(1)
    })
  })
