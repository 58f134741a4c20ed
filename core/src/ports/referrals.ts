import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Pence } from "../rules/money.js"
import type { ReferralParty, SelfDealingMatch } from "../rules/referral-self-dealing.js"
import type { ReferralOrder } from "../rules/referrals.js"

/** A friend who joined through a customer's link (decision 0039). */
export interface Referral {
  readonly id: string
  readonly friendCustomerId: string
  readonly referrerCustomerId: string
  readonly joinedAt: Date
  readonly rewardedAt: Date | null
  /** When it was refused because the friend is the referrer (decision 0065); null if not. */
  readonly refusedAt: Date | null
}

/** A friend as their referrer's page lists them: a first name only, nothing more. */
export interface ReferredFriend {
  readonly firstName: string
  readonly joinedAt: Date
  readonly rewarded: boolean
  /** Refused for good: the page must not say the friend has yet to spend £5. */
  readonly refused: boolean
}

/**
 * What the self-dealing check compares (rules/referral-self-dealing.ts), as
 * the store holds it for one customer, and the first name the reward's
 * words use.
 */
export interface ReferralIdentity extends ReferralParty {
  readonly firstName: string
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
  /**
   * Marks the referral refused, with the matches that refused it, once:
   * answers false (and changes nothing) when it was rewarded or refused
   * already. Staff read refusals as a harm signal (decision 0065).
   */
  readonly refuse: (
    referral: Referral,
    matches: readonly SelfDealingMatch[],
    at: Date,
  ) => Effect.Effect<boolean, RepositoryError>
  readonly friendsOf: (
    referrerCustomerId: string,
  ) => Effect.Effect<readonly ReferredFriend[], RepositoryError>
  /**
   * Mailbox, surname, date of birth, telephone, billing and shipping
   * addresses, and the fingerprints of cards that paid.
   */
  readonly identityOf: (
    customerId: string,
  ) => Effect.Effect<ReferralIdentity | undefined, RepositoryError>
  /** Every order of the customer, as the reward rule reads them. */
  readonly ordersOf: (
    customerId: string,
  ) => Effect.Effect<readonly ReferralOrder[], RepositoryError>
  /**
   * Whether the customer has an order that completed with money taken by
   * card: a purchase paid for, not a free entry (decision 0065).
   */
  readonly hasPaidOrder: (customerId: string) => Effect.Effect<boolean, RepositoryError>
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
