import {
  BASKET_CHANGES_PROBLEM,
  BASKET_CHECKED_OUT_PROBLEM,
  BASKET_EMPTY_PROBLEM,
  PICK_REFUSED_PROBLEM,
  PICKED_NUMBERS_TAKEN_PROBLEM,
  SPEND_LIMIT_REACHED_PROBLEM,
  SPEND_LIMIT_UNANSWERED_PROBLEM,
  VOUCHER_REPLACEMENT_PROBLEM,
} from "@howzat/contracts/problem-types"
import {
  BadRequest,
  badRequest,
  Conflict,
  type Forbidden,
  type NotFound,
  notFound,
  problemType,
  type ServiceUnavailable,
  validationProblem,
} from "@howzat/contracts/problems"
import type { CustomerNotFound } from "@howzat/core/accounts"
import type { CompetitionNotFound, RepositoryError } from "@howzat/core/competitions"
import type {
  BasketCheckedOut,
  BasketEmpty,
  BasketItemNotFound,
  BasketNotFound,
  CheckoutDetailsInvalid,
  CompetitionNotOnSale,
  OrderNotFound,
  OrderTransitionRefused,
  PickedNumbersTaken,
  PickRefused,
  PromotionNotApplicable,
  PromotionNotValid,
  TicketLimitExceeded,
  VoucherReplacementUnconfirmed,
} from "@howzat/core/orders"
import type { InsufficientSiteCredit } from "@howzat/core/ports"
import type { SpendLimitReached, SpendLimitUnanswered } from "@howzat/core/responsible-play"
import {
  formatMoney,
  notOnSaleMessage,
  pickMessages,
  smallerDiscountMessage,
  spendLimitBeforePaymentMessage,
  spendLimitReachedMessage,
  spendLimitUnansweredMessage,
  ticketLimitMessage,
} from "@howzat/core/rules"
import { Effect } from "effect"
import { repositoryProblem } from "./repository-problem"

/** A 409 whose title is not "application error", so the storefront shows its detail as it is. */
export const basketConflict = (detail: string): Conflict =>
  new Conflict({
    type: BASKET_CHANGES_PROBLEM,
    title: "Changes to your basket",
    detail,
    status: 409,
  })

/**
 * docs/product/errors.md's "basket is empty" (the storefront knows the problem by its
 * type); the reasons follow as '-- Competition: reason' lines, which its
 * dialog shows as bullets.
 */
export const basketEmptyDetail = (error: BasketEmpty): string =>
  error.exceptions.length === 0
    ? "Your basket is empty."
    : [
        "Your basket is empty: none of its tickets could be allocated.",
        ...error.exceptions.map((e) => ` -- ${e.competitionName}: ${e.exceptionReason}`),
      ].join("\n")

/** The balance fell between pricing and payment, e.g. another tab spent it. */
export const SITE_CREDIT_CHANGED =
  "Your site credit balance has changed since your basket was priced, so it no longer covers the credit applied. Please check the site credit in your basket and try again."

export const ORDER_MOVED_ON =
  "Your order changed while it was being placed. Please check your orders before trying again."

/**
 * A checked-out basket belongs to its order: the storefront knows this
 * problem by its type, starts a new basket and makes the change there.
 */
export const basketCheckedOut = (): Conflict =>
  new Conflict({
    type: BASKET_CHECKED_OUT_PROBLEM,
    title: "Basket checked out",
    detail: "This basket has been checked out and belongs to its order. Start a new basket.",
    status: 409,
  })

/** Over the month's spend limit (decision 0041), at checkout or before a payment starts. */
export const spendLimitReachedProblem = (error: SpendLimitReached): Conflict =>
  new Conflict({
    type: SPEND_LIMIT_REACHED_PROBLEM,
    title: "Monthly spend limit reached",
    detail: spendLimitReachedMessage(error.limit, error.left),
    status: 409,
  })

/**
 * The spend-limit question must be answered first (decision 0041): at
 * checkout, or before a payment starts, where the storefront asks it in
 * the payment form's place. One type; the detail says which.
 */
export const spendLimitUnansweredProblem = (error: SpendLimitUnanswered): Conflict =>
  new Conflict({
    type: SPEND_LIMIT_UNANSWERED_PROBLEM,
    title: "Monthly spend limit needed",
    detail:
      error.before === "Payment" ? spendLimitBeforePaymentMessage : spendLimitUnansweredMessage,
    status: 409,
  })

export const noSuchBasket = () => Effect.fail(notFound("Not Found", "no such basket"))

export type BasketFailure =
  | BasketNotFound
  | BasketCheckedOut
  | BasketItemNotFound
  | CompetitionNotFound
  | CustomerNotFound
  | TicketLimitExceeded
  | CompetitionNotOnSale
  | BasketEmpty
  | CheckoutDetailsInvalid
  | PromotionNotValid
  | PromotionNotApplicable
  | OrderNotFound
  | OrderTransitionRefused
  | InsufficientSiteCredit
  | SpendLimitReached
  | SpendLimitUnanswered
  | VoucherReplacementUnconfirmed
  | PickRefused
  | PickedNumbersTaken
  | RepositoryError

export type Problem = NotFound | Conflict | BadRequest | Forbidden | ServiceUnavailable

/**
 * Core's basket and checkout failures as problems, for `Effect.catchAll`;
 * a problem already made passes through.
 */
export const basketProblem = (error: BasketFailure | Problem): Effect.Effect<never, Problem> => {
  if (!("_tag" in error)) return Effect.fail(error)
  switch (error._tag) {
    case "BasketNotFound":
      return noSuchBasket()
    case "BasketCheckedOut":
      return Effect.fail(basketCheckedOut())
    case "BasketItemNotFound":
      return Effect.fail(notFound("Not Found", "no such basket item"))
    case "CompetitionNotFound":
      return Effect.fail(notFound("Not Found", "no such competition"))
    case "CustomerNotFound":
      // The customer behind a session has gone: nothing of theirs can be shown.
      return noSuchBasket()
    case "OrderNotFound":
    case "OrderTransitionRefused":
      // Only checkout meets these: another request moved the new order on mid-way.
      return Effect.fail(basketConflict(ORDER_MOVED_ON))
    case "InsufficientSiteCredit":
      return Effect.fail(basketConflict(SITE_CREDIT_CHANGED))
    case "TicketLimitExceeded":
      return Effect.fail(basketConflict(ticketLimitMessage(error)))
    case "CompetitionNotOnSale":
      return Effect.fail(basketConflict(notOnSaleMessage(error.phase)))
    case "BasketEmpty":
      return Effect.fail(
        new Conflict({
          type: BASKET_EMPTY_PROBLEM,
          title: "Changes to your basket",
          detail: basketEmptyDetail(error),
          status: 409,
        }),
      )
    case "CheckoutDetailsInvalid":
      return Effect.fail(
        validationProblem(
          Object.fromEntries(
            Object.entries(error.errors).map(([field, message]) => [field, [message]]),
          ),
        ),
      )
    case "PromotionNotValid":
      return Effect.fail(
        badRequest(
          "Promotion code not valid",
          `"${error.code}" is not a valid promotion code. No valid promotion codes have been registered.`,
        ),
      )
    case "PromotionNotApplicable":
      return Effect.fail(
        new BadRequest({
          type: problemType("promotion-not-applicable"),
          title: "Promotion code does not apply",
          detail: promotionNotApplicableDetail(error),
          status: 400,
        }),
      )
    case "SpendLimitReached":
      return Effect.fail(spendLimitReachedProblem(error))
    case "SpendLimitUnanswered":
      return Effect.fail(spendLimitUnansweredProblem(error))
    case "VoucherReplacementUnconfirmed":
      return Effect.fail(
        new Conflict({
          type: VOUCHER_REPLACEMENT_PROBLEM,
          title: "Only one code per order",
          detail: smallerDiscountMessage(error.current, error.offered),
          status: 409,
        }),
      )
    case "PickRefused":
      return Effect.fail(pickRefusedProblem(error))
    case "PickedNumbersTaken":
      return Effect.fail(
        new Conflict({
          type: PICKED_NUMBERS_TAKEN_PROBLEM,
          title: "Changes to your basket",
          detail: [
            "Some numbers you picked were taken by someone else, so nothing was bought yet:",
            ...error.lost.map(
              (lost) => ` -- ${pickMessages.lostAtCheckout(lost.competitionName, lost.numbers)}`,
            ),
          ].join("\n"),
          status: 409,
        }),
      )
    case "RepositoryError":
      return repositoryProblem(error)
  }
}

/**
 * A refused pick (docs/decisions/0080): a number the request got wrong (out of
 * range, none, too many) is a 400; one the shop's state refuses (taken, the
 * maximum, no picks in this competition) a 409. The detail is core's sentence.
 */
export const pickRefusedProblem = (error: PickRefused): BadRequest | Conflict => {
  const { refusal } = error
  const fields = { type: PICK_REFUSED_PROBLEM, title: "Pick your numbers", detail: refusal.message }
  return refusal.kind === "OutOfRange" || refusal.kind === "NoNumbers" || refusal.kind === "TooMany"
    ? new BadRequest({ ...fields, status: 400 })
    : new Conflict({ ...fields, status: 409 })
}

/** Why a real voucher does not apply to this basket or customer, in words a customer can act on. */
export const promotionNotApplicableDetail = (error: PromotionNotApplicable): string => {
  const { code, refusal } = error
  if (refusal.kind === "AlreadyUsed")
    return refusal.perCustomerLimit === 1
      ? `You have already used "${code}": it can be used once per customer.`
      : `You have already used "${code}" ${refusal.perCustomerLimit} times, as often as it can be used per customer.`
  const needs =
    error.competitionId === null
      ? `a basket of ${formatMoney(refusal.minimum)} or more`
      : `${formatMoney(refusal.minimum)} or more of tickets in the competition it is for`
  return `"${code}" needs ${needs} before discounts. Add more tickets, then enter the code again.`
}
