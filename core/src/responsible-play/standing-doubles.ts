import { Effect, Layer } from "effect"
import { CustomerNotFound } from "../accounts/errors.js"
import { AccountStandingStore } from "../ports/account-standing.js"
import { type AgeVerificationRecord, AgeVerificationRecords } from "../ports/age-verification.js"
import { GOOD_STANDING, type StandingRecord, withClosure } from "../rules/standing.js"

/** Standing and age-check outcomes in memory, for tests. */
export interface StandingStore {
  standings: Map<string, StandingRecord>
  ageChecks: AgeVerificationRecord[]
  /** Who exists: holding an unknown customer fails as the customers row would. */
  customerIds: () => readonly string[]
}

export const standingStoreOver = (customerIds: () => readonly string[]): StandingStore => ({
  standings: new Map(),
  ageChecks: [],
  customerIds,
})

/** Saves as the Postgres store does: a break's end only later, a closure never undone. */
const merged = (before: StandingRecord, after: StandingRecord): StandingRecord => {
  const later =
    before.pausedUntil !== null &&
    (after.pausedUntil === null || after.pausedUntil < before.pausedUntil)
      ? {
          pausedUntil: before.pausedUntil,
          pauseLength: before.pauseLength,
          pausedAt: before.pausedAt,
        }
      : {
          pausedUntil: after.pausedUntil,
          pauseLength: after.pauseLength,
          pausedAt: after.pausedAt,
        }
  const closed = before.closedAt !== null ? withClosure(after, before.closedAt) : after
  return { ...later, closedAt: before.closedAt ?? closed.closedAt }
}

export const standingDoublesOver = (store: StandingStore) =>
  Layer.mergeAll(
    Layer.succeed(AccountStandingStore, {
      read: (customerId) => Effect.sync(() => store.standings.get(customerId) ?? GOOD_STANDING),
      hold: (customerId) =>
        store.customerIds().includes(customerId)
          ? Effect.sync(() => store.standings.get(customerId) ?? GOOD_STANDING)
          : Effect.fail(new CustomerNotFound({ customerId })),
      save: (customerId, record) =>
        Effect.sync(() => {
          store.standings.set(
            customerId,
            merged(store.standings.get(customerId) ?? GOOD_STANDING, record),
          )
        }),
    }),
    Layer.succeed(AgeVerificationRecords, {
      record: (outcome) => Effect.sync(() => void store.ageChecks.push(outcome)),
      // The newest by when it happened, not by when it was written; the later written on a tie.
      latest: (customerId) =>
        Effect.sync(() =>
          store.ageChecks
            .filter((r) => r.customerId === customerId)
            .reduce<AgeVerificationRecord | null>(
              (latest, r) => (latest === null || r.at >= latest.at ? r : latest),
              null,
            ),
        ),
    }),
  )
