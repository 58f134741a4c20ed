import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"
import type { PostalAddress, ReferralOrder } from "../rules/referrals.js"

/** A friend who joined through a customer's link (decision 0039). */
export interface Referral {
  readonly id: string
  readonly friendCustomerId: string
  readonly referrerCustomerId: string
  readonly joinedAt: Date
  readonly rewardedAt: Date | null
}

/** A friend as their referrer's page lists them: a first name only, nothing more. */
export interface ReferredFriend {
  readonly firstName: string
  readonly joinedAt: Date
  readonly rewarded: boolean
}

/** What the self-referral check compares, as the store holds it for one customer. */
export interface ReferralIdentity {
  readonly firstName: string
  readonly email: string
  readonly addresses: readonly (PostalAddress | null)[]
  readonly cardFingerprints: readonly string[]
}

/**
 * Referral codes, who referred whom, and the reward. Each friend has at
 * most one referral (a unique index) and each referral pays each of its two
 * customers once (a unique index on the ledger), so no retry or racing
 * completion rewards twice.
 */
export interface ReferralRepoShape {
  readonly codeOf: (customerId: string) => Effect.Effect<string | undefined, RepositoryError>
  /**
   * Gives the customer this code unless they have one: answers the code they
   * hold afterwards, or undefined when another customer holds this code
   * (the caller draws another).
   */
  readonly assignCode: (
    customerId: string,
    code: string,
  ) => Effect.Effect<string | undefined, RepositoryError>
  readonly customerByCode: (code: string) => Effect.Effect<string | undefined, RepositoryError>
  /** Records the friend's referral once: a second one for the same friend changes nothing. */
  readonly record: (referral: {
    readonly friendCustomerId: string
    readonly referrerCustomerId: string
    readonly at: Date
  }) => Effect.Effect<void, RepositoryError>
  /** The friend's referral, held until the caller's transaction ends. */
  readonly referralOfForUpdate: (
    friendCustomerId: string,
  ) => Effect.Effect<Referral | undefined, RepositoryError>
  /**
   * Marks the referral rewarded and credits both customers, once: answers
   * false (and credits nothing) when it was rewarded already.
   */
  readonly reward: (
    referral: Referral,
    amounts: {
      readonly friend: { readonly amount: Pence; readonly description: string }
      readonly referrer: { readonly amount: Pence; readonly description: string }
    },
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  readonly friendsOf: (
    referrerCustomerId: string,
  ) => Effect.Effect<readonly ReferredFriend[], RepositoryError>
  /** Mailbox, billing and shipping addresses, and the fingerprints of cards that paid. */
  readonly identityOf: (
    customerId: string,
  ) => Effect.Effect<ReferralIdentity | undefined, RepositoryError>
  /** Every order of the customer, as the reward rule reads them. */
  readonly ordersOf: (
    customerId: string,
  ) => Effect.Effect<readonly ReferralOrder[], RepositoryError>
  /** Whether anyone invited this mailbox (its identity) since `since`. */
  readonly invitedSince: (mailbox: string, since: Date) => Effect.Effect<boolean, RepositoryError>
  readonly recordInvitation: (invitation: {
    readonly inviterCustomerId: string
    readonly mailbox: string
    readonly at: Date
  }) => Effect.Effect<void, RepositoryError>
}
export class ReferralRepo extends Context.Tag("@howzat/core/ReferralRepo")<
  ReferralRepo,
  ReferralRepoShape
>() {}
