import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { Schema } from "effect"
import { NotFound } from "./problems.js"
import { Authentication } from "./security.js"

const CustomerPath = Schema.Struct({ customerId: Schema.UUID })

/**
 * A monthly spend limit on the wire (decision 0041): an amount in
 * pence, or `noLimit: true`, which is only ever the customer's explicit
 * choice. The rules (£0 to £100,000) are core's: a number out of range is
 * a 400 with the sentence to show; a malformed body is a 400 too.
 */
export const SpendLimitRequest = Schema.Union(
  Schema.Struct({ amount: Schema.Int }),
  Schema.Struct({ noLimit: Schema.Literal(true) }),
)
export type SpendLimitRequestJson = typeof SpendLimitRequest.Encoded

/** A limit as shown: `amount` null when `noLimit`. */
const LimitJson = Schema.Struct({ amount: Schema.NullOr(Schema.Int), noLimit: Schema.Boolean })

export const SpendLimitResponse = Schema.Struct({
  spendLimit: Schema.Struct({
    /** False until the customer answers: no limit is enforced, but a returning buyer is asked. */
    answered: Schema.Boolean,
    /** The limit in force now; null when unanswered. */
    limit: Schema.NullOr(LimitJson),
    /** A raise or removal waiting out its 24 hours, and when it applies. */
    pending: Schema.NullOr(Schema.Struct({ ...LimitJson.fields, appliesAt: Schema.Date })),
    /** Money committed to entries this London calendar month, in pence. */
    spentThisMonth: Schema.Int,
    /** null when nothing limits the month. */
    leftThisMonth: Schema.NullOr(Schema.Int),
  }),
})
export type SpendLimitResponseJson = typeof SpendLimitResponse.Encoded

/** The customer's own monthly spend limit; another customer's id is answered 404. */
export class SpendLimitsApi extends HttpApiGroup.make("spendLimits")
  .add(
    HttpApiEndpoint.get("get", "/api/Customers/:customerId/spend-limit")
      .setPath(CustomerPath)
      .addSuccess(SpendLimitResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.put("set", "/api/Customers/:customerId/spend-limit")
      .setPath(CustomerPath)
      .setPayload(SpendLimitRequest)
      .addSuccess(SpendLimitResponse)
      .addError(NotFound),
  )
  .middleware(Authentication) {}
