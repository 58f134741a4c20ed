import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { Forbidden, NotFound, TooManyRequests } from "./problems.js"
import { Authentication } from "./security.js"
import { boundedString } from "./text.js"

const CustomerPath = Schema.Struct({ customerId: Schema.UUID })

/**
 * Refer a friend (decision 0039), for the customer themselves:
 * their code and link, the friends who joined (first name only), and
 * invitations by email. Another customer's id is answered 404.
 */
export const ReferredFriend = Schema.Struct({
  firstName: Schema.String,
  joinedAt: Schema.Date,
  rewarded: Schema.Boolean,
  /** Refused for good: the friend matched the referrer (decision 0065). Never why. */
  refused: Schema.Boolean,
})

export const ReferralsResponse = Schema.Struct({
  referrals: Schema.Struct({
    code: Schema.String,
    link: Schema.String,
    friends: Schema.Array(ReferredFriend),
    /**
     * Whether the customer may send invitations by email: only with a
     * verified email and a paid order (decision 0065). The page explains
     * the condition instead of showing the form when not.
     */
    canInvite: Schema.Boolean,
  }),
})
export type ReferralsResponseJson = typeof ReferralsResponse.Encoded

/** Up to 10 addresses are accepted by the rules; the wire refuses silly lists outright. */
export const ReferralInvitationsRequest = Schema.Struct({
  emails: Schema.Array(boundedString(320)).pipe(Schema.maxItems(50)),
})
export type ReferralInvitationsRequestJson = typeof ReferralInvitationsRequest.Encoded

/**
 * How many addresses were taken. An address that has an account (or was
 * invited this week) is skipped but still counted, so the answer never
 * tells who has an account.
 */
export const ReferralInvitationsResponse = Schema.Struct({ sent: Schema.Int })
export type ReferralInvitationsResponseJson = typeof ReferralInvitationsResponse.Encoded

export class ReferralsApi extends HttpApiGroup.make("referrals")
  .add(
    HttpApiEndpoint.get("summary", "/api/Customers/:customerId/referrals")
      .setPath(CustomerPath)
      .addSuccess(ReferralsResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("invite", "/api/Customers/:customerId/referral-invitations")
      .setPath(CustomerPath)
      .setPayload(ReferralInvitationsRequest)
      .addSuccess(ReferralInvitationsResponse)
      .addError(Forbidden)
      .addError(NotFound)
      .addError(TooManyRequests),
  )
  .middleware(Authentication) {}
