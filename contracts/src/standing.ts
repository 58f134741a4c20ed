import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { PAUSE_LENGTHS } from "@howzat/core/rules"
import { Schema } from "effect"
import { Conflict, NotFound } from "./problems.js"
import { Authentication } from "./security.js"

const CustomerPath = Schema.Struct({ customerId: Schema.UUID })

export const PauseLength = Schema.Literal(...PAUSE_LENGTHS)

/**
 * A customer's standing (decision 0043): on a break until when,
 * or closed, and the latest age check. For the customer themselves and,
 * read-only, for staff who manage customers; anyone else gets 404.
 */
export const AccountStandingJson = Schema.Struct({
  status: Schema.Literal("Active", "Paused", "Closed"),
  pausedUntil: Schema.NullOr(Schema.Date),
  pauseLength: Schema.NullOr(PauseLength),
  closedAt: Schema.NullOr(Schema.Date),
  ageVerification: Schema.NullOr(
    Schema.Struct({
      outcome: Schema.Literal("Verified", "Refused", "NeedsDocuments"),
      method: Schema.String,
      reason: Schema.String,
      at: Schema.Date,
    }),
  ),
})
export const AccountStandingResponse = Schema.Struct({ standing: AccountStandingJson })
export type AccountStandingResponseJson = typeof AccountStandingResponse.Encoded

export const PauseRequest = Schema.Struct({ length: PauseLength })
export type PauseRequestJson = typeof PauseRequest.Encoded

/** Closing needs the customer's explicit yes, so a stray request cannot close an account. */
export const ClosureRequest = Schema.Struct({ confirm: Schema.Literal(true) })
export type ClosureRequestJson = typeof ClosureRequest.Encoded

export class AccountStandingApi extends HttpApiGroup.make("accountStanding")
  .add(
    HttpApiEndpoint.get("view", "/api/Customers/:customerId/standing")
      .setPath(CustomerPath)
      .addSuccess(AccountStandingResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("pause", "/api/Customers/:customerId/standing/pause")
      .setPath(CustomerPath)
      .setPayload(PauseRequest)
      .addSuccess(AccountStandingResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .add(
    HttpApiEndpoint.post("close", "/api/Customers/:customerId/standing/closure")
      .setPath(CustomerPath)
      .setPayload(ClosureRequest)
      .addSuccess(AccountStandingResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .middleware(Authentication) {}
