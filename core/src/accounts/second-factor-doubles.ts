import { Effect, Layer } from "effect"
import { type SecondFactorEnrolment, SecondFactorStore } from "../ports/second-factors.js"

export interface SecondFactorRows {
  secondFactors: SecondFactorEnrolment[]
  recoveryCodes: { userId: string; codeHash: string; usedAt: Date | null }[]
  challenges: {
    tokenHash: string
    userId: string
    expiresAt: Date
    attempts: number
    spentAt: Date | null
  }[]
}

export const emptySecondFactorRows = (): SecondFactorRows => ({
  secondFactors: [],
  recoveryCodes: [],
  challenges: [],
})

/** Row copies, so a rolled-back transaction can put them back. */
export const copySecondFactorRows = (rows: SecondFactorRows): SecondFactorRows => ({
  secondFactors: rows.secondFactors.map((row) => ({ ...row })),
  recoveryCodes: rows.recoveryCodes.map((row) => ({ ...row })),
  challenges: rows.challenges.map((row) => ({ ...row })),
})

/** The in-memory SecondFactorStore: each method is one synchronous step, so atomic as the SQL is. */
export const makeSecondFactorStoreDouble = (rows: SecondFactorRows) => {
  const live = (tokenHash: string, now: Date, maxAttempts: number) =>
    rows.challenges.find(
      (c) =>
        c.tokenHash === tokenHash &&
        c.spentAt === null &&
        c.expiresAt.getTime() > now.getTime() &&
        c.attempts < maxAttempts,
    )
  const enrolment = (userId: string) => rows.secondFactors.find((e) => e.userId === userId)
  const upsert = (next: SecondFactorEnrolment) => {
    rows.secondFactors = [...rows.secondFactors.filter((e) => e.userId !== next.userId), next]
  }

  return Layer.succeed(SecondFactorStore, {
    createChallenge: (challenge) =>
      Effect.sync(() => {
        rows.challenges.push({ ...challenge, attempts: 0, spentAt: null })
      }),
    challengeHolder: (tokenHash, now, maxAttempts) =>
      Effect.sync(() => live(tokenHash, now, maxAttempts)?.userId),
    takeAttempt: (tokenHash, now, maxAttempts) =>
      Effect.sync(() => {
        const challenge = live(tokenHash, now, maxAttempts)
        if (challenge === undefined) return undefined
        challenge.attempts += 1
        return challenge.userId
      }),
    spendChallenge: (tokenHash, now) =>
      Effect.sync(() => {
        const challenge = rows.challenges.find(
          (c) => c.tokenHash === tokenHash && c.spentAt === null,
        )
        if (challenge === undefined) return false
        challenge.spentAt = now
        return true
      }),
    enrolmentOf: (userId) => Effect.sync(() => enrolment(userId)),
    setPendingSecret: (userId, secret) =>
      Effect.sync(() => {
        const current = enrolment(userId)
        upsert({
          userId,
          secret: current?.secret ?? null,
          pendingSecret: secret,
          lastUsedStep: current?.lastUsedStep ?? null,
          consecutiveFailures: current?.consecutiveFailures ?? 0,
        })
      }),
    confirm: (userId, secret, step) =>
      Effect.sync(() => {
        const current = enrolment(userId)
        if (current === undefined || current.secret !== null || current.pendingSecret !== secret)
          return false
        upsert({ ...current, secret, pendingSecret: null, lastUsedStep: step })
        return true
      }),
    useStep: (userId, step, lockAfter) =>
      Effect.sync(() => {
        const current = enrolment(userId)
        if (current === undefined || current.secret === null) return false
        if (current.lastUsedStep !== null && current.lastUsedStep >= step) return false
        if (current.consecutiveFailures >= lockAfter) return false
        upsert({ ...current, lastUsedStep: step, consecutiveFailures: 0 })
        return true
      }),
    recordFailure: (userId) =>
      Effect.sync(() => {
        const current = enrolment(userId)
        if (current === undefined || current.secret === null) return 0
        const consecutiveFailures = current.consecutiveFailures + 1
        upsert({ ...current, consecutiveFailures })
        return consecutiveFailures
      }),
    clearFailures: (userId) =>
      Effect.sync(() => {
        const current = enrolment(userId)
        if (current !== undefined) upsert({ ...current, consecutiveFailures: 0 })
      }),
    replaceRecoveryCodes: (userId, codeHashes) =>
      Effect.sync(() => {
        rows.recoveryCodes = [
          ...rows.recoveryCodes.filter((c) => c.userId !== userId),
          ...codeHashes.map((codeHash) => ({ userId, codeHash, usedAt: null })),
        ]
      }),
    useRecoveryCode: (userId, codeHash, at) =>
      Effect.sync(() => {
        const code = rows.recoveryCodes.find(
          (c) => c.userId === userId && c.codeHash === codeHash && c.usedAt === null,
        )
        if (code === undefined) return false
        code.usedAt = at
        return true
      }),
    unusedRecoveryCodes: (userId) =>
      Effect.sync(
        () => rows.recoveryCodes.filter((c) => c.userId === userId && c.usedAt === null).length,
      ),
    reset: (userId) =>
      Effect.sync(() => {
        const had = enrolment(userId) !== undefined
        rows.secondFactors = rows.secondFactors.filter((e) => e.userId !== userId)
        rows.recoveryCodes = rows.recoveryCodes.filter((c) => c.userId !== userId)
        rows.challenges = rows.challenges.filter((c) => c.userId !== userId)
        return had
      }),
  })
}
