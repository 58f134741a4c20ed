import { HttpApiEndpoint, HttpApiGroup } from "@effect/platform"
import { HARM_SIGNAL_KINDS, SELF_DEALING_MATCHES } from "@howzat/core/rules"
import { Schema } from "effect"
import { PageInfo, PagingParams } from "./paging.js"
import { Conflict, Forbidden, NotFound, Unauthorized } from "./problems.js"
import { Authentication, StaffPermission } from "./security.js"
import { boundedMultilineString } from "./text.js"

export const HarmSignalKind = Schema.Literal(...HARM_SIGNAL_KINDS)

/**
 * The evidence behind a signal: counts over a window, spend against history
 * (pence), or a referral refused because friend and referrer match
 * (decision 0065): the newest one's side, matches and the other customer.
 */
export const HarmEvidence = Schema.Union(
  Schema.Struct({
    kind: Schema.Literal("RepeatedlyReachedLimit", "FrequentLimitRaises", "ManyDeclinedPayments"),
    count: Schema.Int,
    windowDays: Schema.Int,
  }),
  Schema.Struct({
    kind: Schema.Literal("SpendVelocity"),
    lastWeekPence: Schema.Int,
    weeklyAveragePence: Schema.Int,
  }),
  Schema.Struct({
    kind: Schema.Literal("ReferralRefused"),
    count: Schema.Int,
    windowDays: Schema.Int,
    role: Schema.Literal("Friend", "Referrer"),
    matches: Schema.Array(Schema.Literal(...SELF_DEALING_MATCHES)),
    otherCustomerId: Schema.String,
  }),
)

export const HarmSignal = Schema.Struct({
  kind: HarmSignalKind,
  /** What staff read: "Repeatedly reached their spend limit". */
  label: Schema.String,
  /** One sentence of evidence, money in pounds. */
  description: Schema.String,
  evidence: HarmEvidence,
  latestEvidenceAt: Schema.Date,
  reviewedAt: Schema.NullOr(Schema.Date),
  awaitingReview: Schema.Boolean,
})
export type HarmSignalJson = typeof HarmSignal.Encoded

export const HarmSignalCustomer = Schema.Struct({
  customerId: Schema.String,
  name: Schema.String,
  email: Schema.String,
})

export const FlaggedCustomer = Schema.Struct({
  customer: HarmSignalCustomer,
  signals: Schema.Array(HarmSignal),
  latestEvidenceAt: Schema.Date,
})
export type FlaggedCustomerJson = typeof FlaggedCustomer.Encoded

/** Status=AwaitingReview (the default) hides what staff already reviewed. */
export const HarmSignalListParams = Schema.Struct({
  Status: Schema.optionalWith(Schema.Literal("AwaitingReview", "All"), {
    default: () => "AwaitingReview" as const,
  }),
  ...PagingParams,
})
export const HarmSignalList = Schema.Struct({
  customers: Schema.Array(FlaggedCustomer),
  ...PageInfo,
})
export type HarmSignalListJson = typeof HarmSignalList.Encoded

export const HarmSignalReview = Schema.Struct({
  at: Schema.Date,
  signals: Schema.Array(HarmSignalKind),
  note: Schema.String,
  by: Schema.NullOr(Schema.String),
})

export const CustomerHarmSignals = Schema.Struct({
  customer: HarmSignalCustomer,
  signals: Schema.Array(HarmSignal),
  reviews: Schema.Array(HarmSignalReview),
})
export const CustomerHarmSignalsResponse = Schema.Struct({ harmSignals: CustomerHarmSignals })
export type CustomerHarmSignalsResponseJson = typeof CustomerHarmSignalsResponse.Encoded

export const HarmSignalReviewRequest = Schema.Struct({
  note: Schema.optionalWith(boundedMultilineString(10_000), { default: () => "" }),
})
export type HarmSignalReviewRequestJson = typeof HarmSignalReviewRequest.Encoded

const CustomerPath = Schema.Struct({ customerId: Schema.UUID })

/** Harm signals for staff (ReviewHarmSignals): an extension for the back office. */
export class HarmSignalsApi extends HttpApiGroup.make("harmSignals")
  .add(
    HttpApiEndpoint.get("list", "/api/HarmSignals")
      .setUrlParams(HarmSignalListParams)
      .addSuccess(HarmSignalList),
  )
  .add(
    HttpApiEndpoint.get("byCustomer", "/api/HarmSignals/:customerId")
      .setPath(CustomerPath)
      .addSuccess(CustomerHarmSignalsResponse)
      .addError(NotFound),
  )
  .add(
    HttpApiEndpoint.post("review", "/api/HarmSignals/:customerId/review")
      .setPath(CustomerPath)
      .setPayload(HarmSignalReviewRequest)
      .addSuccess(CustomerHarmSignalsResponse)
      .addError(NotFound)
      .addError(Conflict),
  )
  .addError(Unauthorized)
  .addError(Forbidden)
  .middleware(Authentication)
  .annotate(StaffPermission, "ReviewHarmSignals") {}

/** What the customer's account pages show: whether to show the help panel, and this month's spend. */
export const Signposting = Schema.Struct({
  show: Schema.Boolean,
  spendThisMonthPence: Schema.Int,
})
export const SignpostingResponse = Schema.Struct({ signposting: Signposting })
export type SignpostingResponseJson = typeof SignpostingResponse.Encoded

/** The customer's own: anyone else is answered 404. */
export class ResponsiblePlayApi extends HttpApiGroup.make("responsiblePlay").add(
  HttpApiEndpoint.get("signposting", "/api/Customers/:customerId/responsible-play-signposting")
    .setPath(CustomerPath)
    .addSuccess(SignpostingResponse)
    .addError(NotFound)
    .addError(Unauthorized)
    .middleware(Authentication),
) {}
