import { Data } from "effect"
import type { CompetitionPhase } from "../rules/competition.js"
import type { OrderStatus } from "../rules/order-status.js"
import type { PickRefusal } from "../rules/picked-numbers.js"
import type { PromotionRefusal } from "../rules/promotions.js"
import type { SiteCreditPurchaseRefusal } from "../rules/site-credit-purchase.js"
import type { CodeDiscount } from "../rules/vouchers.js"
import type { AllocationException } from "./model.js"

export class BasketNotFound extends Data.TaggedError("BasketNotFound")<{
  readonly basketId: string
}> {}

export class BasketItemNotFound extends Data.TaggedError("BasketItemNotFound")<{
  readonly basketId: string
  readonly itemId: string
}> {}

/**
 * The basket was checked out and now belongs to its order: a change to it is
 * refused, and the storefront starts a new basket and makes the change there.
 */
export class BasketCheckedOut extends Data.TaggedError("BasketCheckedOut")<{
  readonly basketId: string
  readonly orderId: string
}> {}

/**
 * docs/product/errors.md: "basket is empty" is what the storefront looks for after a failed
 * checkout, whether the basket had no items or none of them could be allocated
 * (then `exceptions` says why, per competition).
 */
export class BasketEmpty extends Data.TaggedError("BasketEmpty")<{
  readonly basketId: string
  readonly exceptions: readonly AllocationException[]
}> {}

/** Adding more than the per-person maximum, counting purchases, pending orders and the basket. */
export class TicketLimitExceeded extends Data.TaggedError("TicketLimitExceeded")<{
  readonly competitionId: string
  readonly maxPerCustomer: number
  readonly alreadyHeld: number
  readonly requested: number
}> {}

/** Tickets were added to a competition outside its sale; `phase` says whether it is yet to open. */
export class CompetitionNotOnSale extends Data.TaggedError("CompetitionNotOnSale")<{
  readonly competitionId: string
  readonly phase: Exclude<CompetitionPhase, typeof CompetitionPhase.Open>
}> {}

export class PromotionNotValid extends Data.TaggedError("PromotionNotValid")<{
  readonly code: string
}> {}

/**
 * A real, current voucher that does not apply to this basket or customer:
 * the minimum spend is not reached, or the customer has used it as often as
 * it allows. The basket is left without a voucher, as for an invalid code.
 */
export class PromotionNotApplicable extends Data.TaggedError("PromotionNotApplicable")<{
  readonly code: string
  /** null: the whole basket's spend counts; else only this competition's. */
  readonly competitionId: string | null
  readonly refusal: Extract<PromotionRefusal, { kind: "AlreadyUsed" | "MinimumSpendNotReached" }>
}> {}

/**
 * The code typed would take less off than the basket's code, so replacing it
 * would raise the total (one code per order, docs/decisions/0076): nothing
 * changed, and the customer is asked whether to replace it anyway.
 */
export class VoucherReplacementUnconfirmed extends Data.TaggedError(
  "VoucherReplacementUnconfirmed",
)<{
  readonly current: CodeDiscount
  readonly offered: CodeDiscount
}> {}

export class OrderNotFound extends Data.TaggedError("OrderNotFound")<{
  readonly orderId: string
}> {}

/** A move the order status machine (rules/order-status) does not list. */
export class OrderTransitionRefused extends Data.TaggedError("OrderTransitionRefused")<{
  readonly orderId: string
  readonly from: OrderStatus
  readonly to: OrderStatus
}> {}

/**
 * The billing or shipping details given at checkout break docs/product/validation.md's rules:
 * each field (`billingAddress.postCode`) with its message. Nothing was held,
 * allocated or ordered.
 */
export class CheckoutDetailsInvalid extends Data.TaggedError("CheckoutDetailsInvalid")<{
  readonly errors: Readonly<Record<string, string>>
}> {}

/**
 * The provider will not void an intent of the order yet (a payment
 * mid-processing, Stripe's `processing`): the order cannot be cancelled, nor
 * a new attempt started, until it settles. A conflict with the payment,
 * not an outage: nothing may act as if the intent were closed.
 */
export class PaymentStillProcessing extends Data.TaggedError("PaymentStillProcessing")<{
  readonly orderId: string
  /** What had to wait: cancelling the order, or starting another payment. */
  readonly attempted: "cancel" | "newPayment"
}> {}

/** An amount of site credit that cannot be bought (docs/decisions/0038). */
export class SiteCreditAmountInvalid extends Data.TaggedError("SiteCreditAmountInvalid")<{
  readonly amount: number
  readonly refusal: SiteCreditPurchaseRefusal
  readonly minimum: number
  readonly maximum: number
}> {}

/** The brand buys credit straight away, not through the basket (docs/decisions/0038). */
export class DeferredSiteCreditPurchaseOff extends Data.TaggedError(
  "DeferredSiteCreditPurchaseOff",
)<{ readonly basketId: string }> {}

/**
 * Staff refund of an order that bought site credit the customer has since
 * spent: giving the card money back would leave them the goods as well.
 */
export class PurchasedSiteCreditSpent extends Data.TaggedError("PurchasedSiteCreditSpent")<{
  readonly orderId: string
  readonly balance: number
  readonly bought: number
}> {}

/**
 * A pick refused (rules/picked-numbers' pickShapeRefusal and pickRefusal):
 * the competition does not offer picks, a number is out of range or taken,
 * or the maximum would be passed. Nothing was held.
 */
export class PickRefused extends Data.TaggedError("PickRefused")<{
  readonly competitionId: string
  readonly refusal: PickRefusal
}> {}

/** Picking needs a signed-in customer: the maximum counts their holds across baskets. */
export class PickNeedsSignIn extends Data.TaggedError("PickNeedsSignIn")<{
  readonly basketId: string
}> {}

/**
 * At checkout a picked number was no longer the basket's: its hold ran out
 * and someone else took it. The whole checkout rolled back; `lost` says
 * which numbers, by competition.
 */
export class PickedNumbersTaken extends Data.TaggedError("PickedNumbersTaken")<{
  readonly basketId: string
  readonly lost: readonly {
    readonly competitionId: string
    readonly competitionName: string
    readonly numbers: readonly number[]
  }[]
}> {}
