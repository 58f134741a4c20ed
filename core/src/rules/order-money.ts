import { type Pence, pence } from "./money.js"
import { isOpenOrder, type OrderStatus } from "./order-status.js"

/**
 * What an order's money comes to, in every status: what was paid (by site
 * credit and by card), what went back or is owed back, what the shop keeps
 * and what is still to pay. The order pages and the wire's orderBalance
 * read it here, so "Still to pay" can no longer show on an order that was
 * paid and refunded (docs/decisions/0074).
 *
 * A card payment's money is kept only by a paid order: a payment that
 * succeeded for an order since cancelled, expired or refunded is owed back
 * (docs/decisions/0011, 0029), and so is one a credit card made where the
 * rules allow none (decision 0042: it stays Succeeded, with the refusal
 * as its failure detail, until the provider gives the money back, when it
 * becomes Refunded).
 */

export interface OrderMoneyPayment {
  readonly amount: Pence
  readonly status: "Pending" | "Succeeded" | "Failed" | "Refunded"
  /** Succeeded, but refused by the credit-card rules: its money is owed back. */
  readonly refused: boolean
}

export interface OrderMoneyFacts {
  readonly status: OrderStatus
  /** Everything the order costs: goods less discounts plus the donation, before site credit. */
  readonly total: Pence
  /** Site credit that paid for part (or all) of it, taken at checkout. */
  readonly siteCreditSpent: Pence
  /** Site credit given back to the balance since (a cancel, an expiry, a refund). */
  readonly siteCreditReturned: Pence
  readonly payments: readonly OrderMoneyPayment[]
}

export interface OrderMoney {
  readonly total: Pence
  readonly paidBySiteCredit: Pence
  /** Money taken by card, whether or not it has gone back since. */
  readonly paidByCard: Pence
  /** Card money the provider has given back. */
  readonly refundedToCard: Pence
  /** Card money the shop owes back and the provider has not yet returned. */
  readonly refundDueToCard: Pence
  readonly siteCreditReturned: Pence
  /** What the shop keeps: everything paid, less everything given or owed back. */
  readonly kept: Pence
  /** What the card still has to pay: only an order waiting for payment owes anything. */
  readonly stillToPay: Pence
}

/** The statuses in which the order is still waiting to be paid: an open order. */
const awaitsPayment = isOpenOrder

/** Only a paid order, or one still waiting for its payment, may keep card money. */
const keepsCardMoney = (status: OrderStatus): boolean =>
  status === "Completed" || awaitsPayment(status)

const sum = (amounts: readonly number[]): Pence =>
  pence(amounts.reduce((total, amount) => total + amount, 0))

export const orderMoney = (facts: OrderMoneyFacts): OrderMoney => {
  const taken = facts.payments.filter((p) => p.status === "Succeeded" || p.status === "Refunded")
  const paidByCard = sum(taken.map((p) => p.amount))
  const refundedToCard = sum(taken.filter((p) => p.status === "Refunded").map((p) => p.amount))
  const refundDueToCard = sum(
    taken
      .filter((p) => p.status === "Succeeded" && (p.refused || !keepsCardMoney(facts.status)))
      .map((p) => p.amount),
  )
  const keptByCard = paidByCard - refundedToCard - refundDueToCard
  const kept = pence(facts.siteCreditSpent - facts.siteCreditReturned + keptByCard)
  const owed = facts.total - facts.siteCreditSpent - keptByCard
  return {
    total: facts.total,
    paidBySiteCredit: facts.siteCreditSpent,
    paidByCard,
    refundedToCard,
    refundDueToCard,
    siteCreditReturned: facts.siteCreditReturned,
    kept,
    stillToPay: awaitsPayment(facts.status) ? pence(Math.max(0, owed)) : pence(0),
  }
}
