import { type Pence, pence } from "./money.js"

/**
 * What becomes of a refunded order's tickets in one competition
 * (docs/decisions/0029): back on sale while it is open; kept as they were
 * once it is drawn (they were entries of a published draw); and while it
 * is closed but not drawn the refund waits, as the tickets are entries of
 * the coming draw that can neither be sold again nor quietly removed.
 */
export type TicketFate = "ReturnToPool" | "Keep" | "WaitForDraw"

export interface RefundCompetition {
  readonly competitionId: string
  readonly name: string
  readonly closesAt: Date
  readonly drawn: boolean
}

export const ticketFate = (competition: RefundCompetition, at: Date): TicketFate =>
  competition.drawn
    ? "Keep"
    : at.getTime() < competition.closesAt.getTime()
      ? "ReturnToPool"
      : "WaitForDraw"

export interface RefundablePayment {
  readonly id: string
  readonly amount: Pence
  readonly status: "Pending" | "Succeeded" | "Failed" | "Refunded"
}

export interface RefundPlan {
  /** Every card payment that took money and has not gone back, in full. */
  readonly card: readonly { readonly paymentId: string; readonly amount: Pence }[]
  /** The site credit the order spent, back to the ledger. */
  readonly siteCredit: Pence
  readonly total: Pence
}

/**
 * Everything the order took, back where it came from: what was taken by
 * card to the card, the site credit to the ledger. Payments that failed,
 * are still pending or were refunded already took nothing to give back.
 */
export const refundPlan = (
  order: { readonly siteCreditDebit: Pence },
  payments: readonly RefundablePayment[],
): RefundPlan => {
  const card = payments
    .filter((payment) => payment.status === "Succeeded")
    .map((payment) => ({ paymentId: payment.id, amount: payment.amount }))
  return {
    card,
    siteCredit: order.siteCreditDebit,
    total: pence(card.reduce((sum: number, c) => sum + c.amount, order.siteCreditDebit)),
  }
}
