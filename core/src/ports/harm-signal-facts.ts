import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { HarmCandidateFilter, HarmFacts, HarmSignalKind } from "../rules/harm-signals.js"

export interface HarmSignalCustomer {
  readonly customerId: string
  readonly name: string
  readonly email: string
}

/** A HarmSignalReviewed event as staff read it back. */
export interface HarmSignalReview {
  readonly at: Date
  readonly signals: readonly HarmSignalKind[]
  readonly note: string
  /** The staff user who reviewed; null if the event did not say. */
  readonly by: string | null
}

export interface CustomerHarmFacts {
  readonly customer: HarmSignalCustomer
  readonly facts: HarmFacts
  /** Oldest first. */
  readonly reviews: readonly HarmSignalReview[]
}

/**
 * What harm signals are read from: the responsible-play log, the orders a
 * customer completed, the card payments that failed, and the referrals
 * refused because the friend matched the referrer (decision 0065). The rule is core's
 * (rules/harm-signals.ts); this port only gathers the facts.
 */
export interface HarmSignalFactsShape {
  /**
   * Customers with any fact at or after `since` that could make a signal
   * fire: a limit reached or changed, a declined or failed payment, a
   * completed order, a referral refused (as its friend or its referrer).
   * A superset; the rule decides.
   */
  readonly candidates: (since: Date) => Effect.Effect<readonly string[], RepositoryError>
  /**
   * The customers whose facts may meet core's candidate filter
   * (rules/harm-signals `mayFireHarmSignal`, docs/decisions/0094): every one
   * whose facts meet it, each once, perhaps a few more. Staff's list
   * gathers facts for these only; a shop's buyers mostly never reach the
   * velocity floor, so this is far fewer than `candidates`.
   */
  readonly candidatesFor: (
    filter: HarmCandidateFilter,
  ) => Effect.Effect<readonly string[], RepositoryError>
  /** Each known customer's facts at or after `since`; unknown ids are left out. */
  readonly factsOf: (
    customerIds: readonly string[],
    since: Date,
  ) => Effect.Effect<ReadonlyMap<string, CustomerHarmFacts>, RepositoryError>
}
export class HarmSignalFacts extends Context.Tag("@howzat/core/HarmSignalFacts")<
  HarmSignalFacts,
  HarmSignalFactsShape
>() {}
