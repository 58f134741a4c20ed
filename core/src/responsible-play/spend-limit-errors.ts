import { Data } from "effect"
import type { Pence } from "../rules/money.js"

/** The order would take the month's spend over the customer's limit: nothing was placed. */
export class SpendLimitReached extends Data.TaggedError("SpendLimitReached")<{
  readonly customerId: string
  readonly limit: Pence
  readonly spent: Pence
  readonly order: Pence
  readonly left: Pence
}> {}

/** A returning customer who never answered the spend-limit question must answer before buying. */
export class SpendLimitUnanswered extends Data.TaggedError("SpendLimitUnanswered")<{
  readonly customerId: string
}> {}

/** The amount asked for is not a limit the shop accepts; `detail` is the sentence to show. */
export class SpendLimitInvalid extends Data.TaggedError("SpendLimitInvalid")<{
  readonly detail: string
}> {}
