import { Data } from "effect"

/**
 * An invitation request the rules refuse: no address, too many at once, or
 * addresses that are not addresses (listed, so the page can mark them).
 */
export class ReferralInvitationInvalid extends Data.TaggedError("ReferralInvitationInvalid")<{
  readonly detail: string
  readonly invalid: readonly string[]
}> {}
