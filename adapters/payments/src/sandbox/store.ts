import type { RepositoryError } from "@howzat/core/competitions"
import type { CardFunding } from "@howzat/core/rules"
import { Effect, Ref } from "effect"

/**
 * Where the sandbox provider keeps its intents. Several server processes
 * share one sandbox, so the real store is a table
 * (adapters/postgres/src/repos/sandbox-intents.ts implements this shape);
 * the in-memory one below is for tests of this package.
 */

export type SandboxIntentStatus = "Pending" | "Succeeded" | "Failed"

export interface SandboxIntentRecord {
  readonly providerReference: string
  readonly clientToken: string
  readonly orderId: string
  readonly amountPence: number
  readonly status: SandboxIntentStatus
  readonly failureDetail: string | null
  /** The id of the status notification, fixed when the intent settles so every retry carries it. */
  readonly eventId: string | null
  /** An HMAC of the card that paid (never its number), once it succeeded. */
  readonly cardFingerprint?: string | null
  /** The kind of card that paid, once it succeeded (decision 0042). */
  readonly cardFunding?: CardFunding | null
  /** False: the shop will not keep a credit card's money, so the card form refuses one. */
  readonly creditCardsAllowed?: boolean
  /** The shop's words for that refusal. */
  readonly creditCardNotice?: string | null
  /** The payment's refund, once it has one: the sandbox refunds a payment once. */
  readonly refund: SandboxRefund | null
}

export interface SandboxRefund {
  readonly refundReference: string
  /** The caller's key: the same key answers this refund again. */
  readonly idempotencyKey: string
  readonly amountPence: number
}

export interface NewSandboxIntent {
  readonly idempotencyKey: string
  readonly providerReference: string
  readonly clientToken: string
  readonly orderId: string
  readonly amountPence: number
  readonly creditCardsAllowed: boolean
  readonly creditCardNotice: string | null
}

export interface SandboxSettlement {
  readonly cardFingerprint?: string | null
  readonly cardFunding?: CardFunding | null
  readonly status: "Succeeded" | "Failed"
  readonly failureDetail: string | null
  readonly eventId: string
  readonly settledAt: Date
}

export interface SandboxIntentStore {
  /** Inserts unless the idempotency key is known; either way answers the intent stored under it. */
  readonly create: (intent: NewSandboxIntent) => Effect.Effect<SandboxIntentRecord, RepositoryError>
  readonly byReference: (
    providerReference: string,
  ) => Effect.Effect<SandboxIntentRecord | undefined, RepositoryError>
  readonly byClientToken: (
    clientToken: string,
  ) => Effect.Effect<SandboxIntentRecord | undefined, RepositoryError>
  /**
   * Settles a pending intent, atomically: of two racing settlements one
   * wins, and both answer the winner's record. A settled intent is answered
   * as it stands.
   */
  readonly settle: (
    providerReference: string,
    settlement: SandboxSettlement,
  ) => Effect.Effect<SandboxIntentRecord, RepositoryError>
  /**
   * Records a refund on a succeeded intent that has none, atomically: of
   * two racing refunds one wins. Answers the intent as it then stands, so
   * the caller sees whose refund it holds.
   */
  readonly refund: (
    providerReference: string,
    refund: SandboxRefund & { readonly refundedAt: Date },
  ) => Effect.Effect<SandboxIntentRecord, RepositoryError>
}

/** One process's memory: for tests, never for a server (its processes would not share it). */
export const makeInMemorySandboxIntentStore = (): Effect.Effect<SandboxIntentStore> =>
  Effect.map(
    Ref.make({
      byKey: new Map<string, string>(),
      intents: new Map<string, SandboxIntentRecord>(),
    }),
    (state): SandboxIntentStore => {
      const find = (predicate: (record: SandboxIntentRecord) => boolean) =>
        Effect.map(Ref.get(state), (s) => [...s.intents.values()].find(predicate))
      return {
        create: (intent) =>
          Ref.modify(state, (s) => {
            const known = s.byKey.get(intent.idempotencyKey)
            const existing = known === undefined ? undefined : s.intents.get(known)
            if (existing !== undefined) return [existing, s]
            const record: SandboxIntentRecord = {
              providerReference: intent.providerReference,
              clientToken: intent.clientToken,
              orderId: intent.orderId,
              amountPence: intent.amountPence,
              creditCardsAllowed: intent.creditCardsAllowed,
              creditCardNotice: intent.creditCardNotice,
              status: "Pending",
              failureDetail: null,
              eventId: null,
              refund: null,
            }
            const byKey = new Map(s.byKey).set(intent.idempotencyKey, intent.providerReference)
            const intents = new Map(s.intents).set(intent.providerReference, record)
            return [record, { byKey, intents }]
          }),
        byReference: (reference) => find((r) => r.providerReference === reference),
        byClientToken: (token) => find((r) => r.clientToken === token),
        settle: (reference, settlement) =>
          Ref.modify(state, (s) => {
            const record = s.intents.get(reference)
            if (record === undefined) throw new Error(`No sandbox intent ${reference}`)
            if (record.status !== "Pending") return [record, s]
            const settled: SandboxIntentRecord = {
              ...record,
              status: settlement.status,
              failureDetail: settlement.failureDetail,
              eventId: settlement.eventId,
              cardFingerprint: settlement.cardFingerprint ?? null,
              cardFunding: settlement.cardFunding ?? null,
            }
            return [settled, { ...s, intents: new Map(s.intents).set(reference, settled) }]
          }),
        refund: (reference, { refundedAt: _, ...refund }) =>
          Ref.modify(state, (s) => {
            const record = s.intents.get(reference)
            if (record === undefined) throw new Error(`No sandbox intent ${reference}`)
            if (record.status !== "Succeeded" || record.refund !== null) return [record, s]
            const refunded: SandboxIntentRecord = { ...record, refund }
            return [refunded, { ...s, intents: new Map(s.intents).set(reference, refunded) }]
          }),
      }
    },
  )
