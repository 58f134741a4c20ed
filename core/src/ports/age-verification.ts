import { Context, Data, type Effect } from "effect"
import type { Address } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"

/** Who is asking to be verified 18+: what the customer declared about themselves. */
export interface AgeVerificationRequest {
  readonly customerId: string
  readonly firstName: string
  readonly lastName: string
  /** "yyyy-mm-dd", as declared at registration. */
  readonly dateOfBirth: string
  readonly address: Address | null
}

/**
 * A provider's answer. A real identity-check provider may ask for documents
 * before it answers; until it says Verified, the customer may not buy.
 */
export type AgeVerificationOutcome =
  | { readonly result: "Verified"; readonly reason: string }
  | { readonly result: "Refused"; readonly reason: string }
  | { readonly result: "NeedsDocuments"; readonly reason: string }

/** The provider could not be asked (down, timed out): nothing is decided, nothing stored. */
export class AgeVerificationUnavailable extends Data.TaggedError("AgeVerificationUnavailable")<{
  readonly method: string
}> {}

/**
 * Is this customer verified 18 or over? (decision 0043, "Age".)
 * The default accepts the declared date of birth; an identity-check
 * provider plugs in behind the same port, chosen by configuration.
 */
export interface AgeVerificationShape {
  /** Names the provider in every stored outcome, e.g. "DeclaredDateOfBirth". */
  readonly method: string
  readonly check: (
    request: AgeVerificationRequest,
  ) => Effect.Effect<AgeVerificationOutcome, AgeVerificationUnavailable>
}
export class AgeVerification extends Context.Tag("@howzat/core/AgeVerification")<
  AgeVerification,
  AgeVerificationShape
>() {}

export interface AgeVerificationRecord {
  readonly customerId: string
  readonly method: string
  readonly outcome: AgeVerificationOutcome["result"]
  readonly reason: string
  readonly at: Date
}

/** Every outcome, kept: the latest one decides; the rest is the history staff look back on. */
export interface AgeVerificationRecordsShape {
  readonly record: (outcome: AgeVerificationRecord) => Effect.Effect<void, RepositoryError>
  readonly latest: (
    customerId: string,
  ) => Effect.Effect<AgeVerificationRecord | null, RepositoryError>
}
export class AgeVerificationRecords extends Context.Tag("@howzat/core/AgeVerificationRecords")<
  AgeVerificationRecords,
  AgeVerificationRecordsShape
>() {}
