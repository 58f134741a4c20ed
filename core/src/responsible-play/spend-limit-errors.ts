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

/**
 * A customer who never answered the spend-limit question must answer first:
 * at checkout (a returning customer, or an order site credit pays in full)
 * or before a payment starts (the first purchase included).
 */
export class SpendLimitUnanswered extends Data.TaggedError("SpendLimitUnanswered")<{
  readonly customerId: string
  /** Where it was asked: the storefront asks the question in the payment page's place. */
  readonly before: "Checkout" | "Payment"
}> {}

/** The amount asked for is not a limit the shop accepts; `detail` is the sentence to show. */
export class SpendLimitInvalid extends Data.TaggedError("SpendLimitInvalid")<{
  readonly detail: string
}> {}
