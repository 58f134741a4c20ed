import { Data } from "effect"

/**
 * An invitation request the rules refuse: no address, too many at once, or
 * addresses that are not addresses (listed, so the page can mark them).
 */
export class ReferralInvitationInvalid extends Data.TaggedError("ReferralInvitationInvalid")<{
  readonly detail: string
  readonly invalid: readonly string[]
}> {}

/**
 * The customer may not send invitations yet (decision 0065): their email
 * is unverified or they have not paid for an order. The detail says both
 * conditions, so the page can say what to do.
 */
export class ReferralInvitationsNotAllowed extends Data.TaggedError(
  "ReferralInvitationsNotAllowed",
)<{
  readonly customerId: string
  readonly detail: string
}> {}
