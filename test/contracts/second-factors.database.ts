import { randomUUID } from "node:crypto"
import { SecondFactorStore } from "@howzat/core/ports"
import { purgeExpiredChallenges } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeSecondFactorStore } from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { raceBehind } from "../support/lock-waits"
import type { SecondFactorsWorld } from "./second-factors.contract"

const NOW = new Date("2026-11-24T12:00:00Z")
const LATER = new Date("2026-11-24T12:05:00Z")
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/** The second-factor contract's world on a real database (PGlite or PostgreSQL): staff as users. */
export const secondFactorsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<SecondFactorsWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.succeed(SecondFactorStore, makeSecondFactorStore(db)),
      user: async () =>
        (
          await db
            .insertInto("users")
            .values({
              email: `${randomUUID()}@howzat.example`,
              passwordHash: "not-a-real-hash",
              firstName: "Ada",
              lastName: "Lovelace",
              role: "Admin",
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      close,
    }
  }

/** The contract's world and the database under it, opened for a database-side suite. */
const openedWorld = (open: () => Promise<SuiteDatabase>) => {
  let database: SuiteDatabase
  let world: SecondFactorsWorld
  beforeAll(async () => {
    database = await open()
    world = await secondFactorsOnDatabase(async () => database)()
  })
  afterAll(() => world?.close())
  return {
    db: () => database.db,
    store: () => makeSecondFactorStore(database.db),
    user: () => world.user(),
  }
}

/** Housekeeping's purge, below the port (PGlite and PostgreSQL). */
export const secondFactorsInTheDatabase = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { db, store, user } = openedWorld(open)

    it("purges expired challenges and keeps one still live, though spent", async () => {
      const userId = await user()
      const expired = randomUUID()
      const spent = randomUUID()
      await run(
        store().createChallenge({ tokenHash: expired, userId, createdAt: NOW, expiresAt: NOW }),
      )
      await run(
        store().createChallenge({ tokenHash: spent, userId, createdAt: NOW, expiresAt: LATER }),
      )
      expect(await run(store().spendChallenge(spent, NOW))).toBe(true)
      await purgeExpiredChallenges(db(), LATER)
      const left = await db()
        .selectFrom("secondFactorChallenges")
        .select("tokenHash")
        .where("tokenHash", "in", [expired, spent])
        .execute()
      expect(left.map((r) => r.tokenHash)).toEqual([spent])
    })
  })

/**
 * Each deciding statement (an attempt, a step, a recovery code, spending a
 * challenge) wins once however many requests race for it, and each wrong
 * code is counted: the first holds
 * its row in a transaction while the others queue behind it on PostgreSQL,
 * then lets them go. PGlite is one session, where requests cannot race.
 */
export const secondFactorRacesOnPostgres = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    const { db, store, user } = openedWorld(open)
    /** The first request in a held transaction, then `others` more queued behind it. */
    const race = <A, E>(
      request: (s: ReturnType<typeof makeSecondFactorStore>) => Effect.Effect<A, E>,
      others: number,
    ) =>
      raceBehind(
        db(),
        (trx) => run(request(makeSecondFactorStore(trx))),
        Array.from({ length: others }, () => () => run(request(store()))),
      )
    const enrolled = async () => {
      const userId = await user()
      await run(store().setPendingSecret(userId, "SECRET"))
      expect(await run(store().confirm(userId, "SECRET", 100, NOW))).toBe(true)
      return userId
    }

    it("gives a challenge's attempts to racing requests no more than the limit allows", async () => {
      const userId = await user()
      const challenge = randomUUID()
      await run(
        store().createChallenge({ tokenHash: challenge, userId, createdAt: NOW, expiresAt: LATER }),
      )
      const outcomes = await race((s) => s.takeAttempt(challenge, NOW, 5), 7)
      expect(outcomes.filter((o) => o === userId)).toHaveLength(5)
    })

    it("spends a challenge once when two requests race for it", async () => {
      const userId = await user()
      const challenge = randomUUID()
      await run(
        store().createChallenge({ tokenHash: challenge, userId, createdAt: NOW, expiresAt: LATER }),
      )
      expect(await race((s) => s.spendChallenge(challenge, NOW), 1)).toEqual([true, false])
    })

    it("accepts a step once, of racing requests", async () => {
      const userId = await enrolled()
      const racing = await race((s) => s.useStep(userId, 101, 10), 5)
      expect(racing.filter(Boolean)).toHaveLength(1)
    })

    it("counts every one of racing wrong codes: each reaches a count of its own", async () => {
      const userId = await enrolled()
      for (let i = 0; i < 7; i++) await run(store().recordFailure(userId))
      // Three more from racing requests (or processes): 8, 9 and 10, so exactly one locks.
      const racing = await race((s) => s.recordFailure(userId), 2)
      expect([...racing].sort((a, b) => a - b)).toEqual([8, 9, 10])
      expect((await run(store().enrolmentOf(userId)))?.consecutiveFailures).toBe(10)
    })

    it("refuses a right step that queued behind the wrong code that locked it", async () => {
      const userId = await enrolled()
      for (let i = 0; i < 9; i++) await run(store().recordFailure(userId))
      const [locked, accepted] = await raceBehind(
        db(),
        (trx) => run(makeSecondFactorStore(trx).recordFailure(userId)).then((n) => n === 10),
        [() => run(store().useStep(userId, 101, 10))],
      )
      expect([locked, accepted]).toEqual([true, false])
    })

    it("spends a recovery code once, of racing requests", async () => {
      const userId = await enrolled()
      await run(store().replaceRecoveryCodes(userId, ["a", "b", "c"], NOW))
      const racing = await race((s) => s.useRecoveryCode(userId, "a", NOW), 3)
      expect(racing.filter(Boolean)).toHaveLength(1)
      expect(await run(store().unusedRecoveryCodes(userId))).toBe(2)
    })
  })
