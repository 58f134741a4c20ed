import { SecondFactorStore, type SecondFactorStoreShape } from "@howzat/core/ports"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A SecondFactorStore to test and the users (staff who sign in with a code) it keeps them for. */
export interface SecondFactorsWorld {
  readonly layer: Layer.Layer<SecondFactorStore>
  readonly user: () => Promise<string>
  readonly close: () => Promise<void>
}

const NOW = new Date("2026-11-24T12:00:00Z")
const LATER = new Date("2026-11-24T12:05:00Z")
/** The lock's threshold as core passes it (rules/second-factor); any number does for the store. */
const LOCK = 10
let tokens = 0

/**
 * The SecondFactorStore port's contract, run on the in-memory adapter and
 * on PGlite and PostgreSQL: a challenge's attempts up to the limit, spent
 * once, never after it expires; only the pending secret confirmed, once;
 * only ever later steps; a recovery code spent once; wrong codes counted
 * in a row, a step refused once they reach the lock, both cleared by a
 * success; a reset of one user only. Racing requests are the database's
 * (second-factors.database.ts).
 */
export const secondFactorsContract = (name: string, open: () => Promise<SecondFactorsWorld>) =>
  describe(name, { timeout: 120_000 }, () => {
    let world: SecondFactorsWorld
    const run = <A, E>(use: (store: SecondFactorStoreShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(SecondFactorStore, use).pipe(Effect.provide(world.layer)))
    const challenge = async (userId: string, expiresAt = LATER) => {
      const tokenHash = `token-${++tokens}-${Date.now()}`
      await run((s) => s.createChallenge({ tokenHash, userId, createdAt: NOW, expiresAt }))
      return tokenHash
    }
    const enrolled = async () => {
      const userId = await world.user()
      await run((s) => s.setPendingSecret(userId, "SECRET"))
      expect(await run((s) => s.confirm(userId, "SECRET", 100, NOW))).toBe(true)
      return userId
    }

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("counts attempts at a challenge up to the limit, then answers nobody", async () => {
      const userId = await world.user()
      const token = await challenge(userId)
      expect(await run((s) => s.challengeHolder(token, NOW, 3))).toBe(userId)
      // Reading does not count.
      expect(await run((s) => s.challengeHolder(token, NOW, 3))).toBe(userId)
      for (let i = 0; i < 3; i++)
        expect(await run((s) => s.takeAttempt(token, NOW, 3))).toBe(userId)
      expect(await run((s) => s.takeAttempt(token, NOW, 3))).toBeUndefined()
      expect(await run((s) => s.challengeHolder(token, NOW, 3))).toBeUndefined()
      // A higher limit lets the same challenge go on.
      expect(await run((s) => s.takeAttempt(token, NOW, 4))).toBe(userId)
    })

    it("answers nobody for an expired, spent or unknown challenge, and spends once", async () => {
      const userId = await world.user()
      const expired = await challenge(userId, NOW)
      expect(await run((s) => s.challengeHolder(expired, NOW, 5))).toBeUndefined()
      expect(await run((s) => s.takeAttempt(expired, NOW, 5))).toBeUndefined()
      const token = await challenge(userId)
      expect(await run((s) => s.spendChallenge(token, NOW))).toBe(true)
      expect(await run((s) => s.spendChallenge(token, NOW))).toBe(false)
      expect(await run((s) => s.takeAttempt(token, NOW, 5))).toBeUndefined()
      expect(await run((s) => s.challengeHolder(token, NOW, 5))).toBeUndefined()
      expect(await run((s) => s.takeAttempt("unknown", NOW, 5))).toBeUndefined()
      expect(await run((s) => s.spendChallenge("unknown", NOW))).toBe(false)
    })

    it("confirms only the pending secret, once, and keeps it when enrolment restarts", async () => {
      const userId = await world.user()
      expect(await run((s) => s.enrolmentOf(userId))).toBeUndefined()
      expect(await run((s) => s.confirm(userId, "FIRST", 7, NOW))).toBe(false)
      await run((s) => s.setPendingSecret(userId, "FIRST"))
      expect(await run((s) => s.enrolmentOf(userId))).toEqual({
        userId,
        secret: null,
        pendingSecret: "FIRST",
        lastUsedStep: null,
        consecutiveFailures: 0,
      })
      await run((s) => s.setPendingSecret(userId, "SECOND"))
      expect(await run((s) => s.confirm(userId, "FIRST", 7, NOW))).toBe(false)
      expect(await run((s) => s.confirm(userId, "SECOND", 7, NOW))).toBe(true)
      expect(await run((s) => s.confirm(userId, "SECOND", 8, NOW))).toBe(false)
      await run((s) => s.setPendingSecret(userId, "THIRD"))
      expect(await run((s) => s.confirm(userId, "THIRD", 9, NOW))).toBe(false)
      expect(await run((s) => s.enrolmentOf(userId))).toEqual({
        userId,
        secret: "SECOND",
        pendingSecret: "THIRD",
        lastUsedStep: 7,
        consecutiveFailures: 0,
      })
    })

    it("accepts a step only when later than every step used before (property)", async () => {
      const nobody = await world.user()
      expect(await run((s) => s.useStep(nobody, 5, LOCK))).toBe(false)
      const pending = await world.user()
      await run((s) => s.setPendingSecret(pending, "PENDING"))
      expect(await run((s) => s.useStep(pending, 5, LOCK))).toBe(false)
      // Confirmed at step 100: that step is used, and so is every earlier one.
      const confirmed = await enrolled()
      expect(await run((s) => s.useStep(confirmed, 100, LOCK))).toBe(false)
      expect(await run((s) => s.useStep(confirmed, 99, LOCK))).toBe(false)
      expect(await run((s) => s.useStep(confirmed, 101, LOCK))).toBe(true)
      expect(await run((s) => s.useStep(confirmed, 101, LOCK))).toBe(false)
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: 95, max: 110 }), { maxLength: 12 }),
          async (steps) => {
            const userId = await enrolled()
            let highest = 100
            for (const step of steps) {
              const accepted = await run((s) => s.useStep(userId, step, LOCK))
              expect(accepted).toBe(step > highest)
              highest = Math.max(highest, step)
            }
            expect((await run((s) => s.enrolmentOf(userId)))?.lastUsedStep).toBe(highest)
          },
        ),
        { numRuns: 10 },
      )
    })

    it("spends a recovery code once, only its user's, and forgets the old ones when replaced", async () => {
      const userId = await enrolled()
      const other = await enrolled()
      expect(await run((s) => s.unusedRecoveryCodes(userId))).toBe(0)
      await run((s) => s.replaceRecoveryCodes(userId, ["a", "b", "c"], NOW))
      await run((s) => s.replaceRecoveryCodes(other, ["z"], NOW))
      expect(await run((s) => s.useRecoveryCode(userId, "a", NOW))).toBe(true)
      expect(await run((s) => s.useRecoveryCode(userId, "a", LATER))).toBe(false)
      expect(await run((s) => s.unusedRecoveryCodes(userId))).toBe(2)
      expect(await run((s) => s.useRecoveryCode(other, "b", NOW))).toBe(false)
      expect(await run((s) => s.useRecoveryCode(userId, "z", NOW))).toBe(false)
      await run((s) => s.replaceRecoveryCodes(userId, ["d", "e"], NOW))
      expect(await run((s) => s.useRecoveryCode(userId, "b", NOW))).toBe(false)
      expect(await run((s) => s.useRecoveryCode(userId, "d", NOW))).toBe(true)
      expect(await run((s) => s.unusedRecoveryCodes(userId))).toBe(1)
      expect(await run((s) => s.unusedRecoveryCodes(other))).toBe(1)
    })

    it("counts wrong codes in a row, for a confirmed authenticator only", async () => {
      const nobody = await world.user()
      expect(await run((s) => s.recordFailure(nobody))).toBe(0)
      const pending = await world.user()
      await run((s) => s.setPendingSecret(pending, "PENDING"))
      expect(await run((s) => s.recordFailure(pending))).toBe(0)
      expect((await run((s) => s.enrolmentOf(pending)))?.consecutiveFailures).toBe(0)
      const userId = await enrolled()
      const other = await enrolled()
      for (let i = 1; i <= 3; i++) expect(await run((s) => s.recordFailure(userId))).toBe(i)
      expect((await run((s) => s.enrolmentOf(userId)))?.consecutiveFailures).toBe(3)
      expect((await run((s) => s.enrolmentOf(other)))?.consecutiveFailures).toBe(0)
      // Restarting an enrolment (refused by core once confirmed) leaves the count alone.
      await run((s) => s.setPendingSecret(userId, "OTHER"))
      expect((await run((s) => s.enrolmentOf(userId)))?.consecutiveFailures).toBe(3)
    })

    it("clears the count on an accepted step, and accepts none once it reaches the lock", async () => {
      const userId = await enrolled()
      for (let i = 0; i < LOCK - 1; i++) await run((s) => s.recordFailure(userId))
      expect(await run((s) => s.useStep(userId, 101, LOCK))).toBe(true)
      expect((await run((s) => s.enrolmentOf(userId)))?.consecutiveFailures).toBe(0)
      for (let i = 0; i < LOCK; i++) await run((s) => s.recordFailure(userId))
      // Locked: a later step, right as it may be, is not taken, nor marked used.
      expect(await run((s) => s.useStep(userId, 102, LOCK))).toBe(false)
      expect(await run((s) => s.enrolmentOf(userId))).toMatchObject({
        lastUsedStep: 101,
        consecutiveFailures: LOCK,
      })
      // Counting goes on past the lock (the first to reach it is the one that tells the owner).
      expect(await run((s) => s.recordFailure(userId))).toBe(LOCK + 1)
      // A recovery code accepted clears it; then the step is taken.
      await run((s) => s.clearFailures(userId))
      expect((await run((s) => s.enrolmentOf(userId)))?.consecutiveFailures).toBe(0)
      expect(await run((s) => s.useStep(userId, 102, LOCK))).toBe(true)
    })

    it("forgets the lock with the authenticator on a reset", async () => {
      const userId = await enrolled()
      for (let i = 0; i < LOCK; i++) await run((s) => s.recordFailure(userId))
      expect(await run((s) => s.reset(userId))).toBe(true)
      await run((s) => s.setPendingSecret(userId, "NEW"))
      expect(await run((s) => s.confirm(userId, "NEW", 200, NOW))).toBe(true)
      expect((await run((s) => s.enrolmentOf(userId)))?.consecutiveFailures).toBe(0)
      expect(await run((s) => s.useStep(userId, 201, LOCK))).toBe(true)
    })

    it("resets everything of one user, and nothing of another's", async () => {
      const userId = await enrolled()
      const other = await enrolled()
      await run((s) => s.replaceRecoveryCodes(userId, ["x"], NOW))
      await run((s) => s.replaceRecoveryCodes(other, ["x"], NOW))
      const mine = await challenge(userId)
      const theirs = await challenge(other)
      expect(await run((s) => s.reset(userId))).toBe(true)
      expect(await run((s) => s.enrolmentOf(userId))).toBeUndefined()
      expect(await run((s) => s.unusedRecoveryCodes(userId))).toBe(0)
      expect(await run((s) => s.challengeHolder(mine, NOW, 5))).toBeUndefined()
      expect(await run((s) => s.reset(userId))).toBe(false)
      expect(await run((s) => s.unusedRecoveryCodes(other))).toBe(1)
      expect((await run((s) => s.enrolmentOf(other)))?.secret).toBe("SECRET")
      expect(await run((s) => s.challengeHolder(theirs, NOW, 5))).toBe(other)
    })
  })
