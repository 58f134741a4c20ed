import { formatMoney, type Pence, pence } from "./money.js"

/**
 * The largest single adjustment staff may make, either way: a typo of a few
 * extra zeros must not hand out (or wipe) a fortune in one click.
 */
export const LONGEST_ADJUSTMENT: Pence = pence(1_000_000)

/** The reason is kept on the ledger for good: short, but never empty. */
export const ADJUSTMENT_REASON_MAX_LENGTH = 200

export const adjustmentMessages = {
  amountZero: "Enter an amount other than £0.00.",
  amountTooLarge: `An adjustment is at most ${formatMoney(LONGEST_ADJUSTMENT)} either way.`,
  reasonRequired: "Say why the credit is adjusted.",
  reasonTooLong: `Keep the reason to ${ADJUSTMENT_REASON_MAX_LENGTH} characters.`,
  belowZero: (balance: Pence) =>
    `That would take the balance below £0.00: the customer has ${formatMoney(balance)}.`,
} as const

export interface AdjustmentRequest {
  /** Positive gives credit, negative takes it away; integer pence. */
  readonly amount: number
  readonly reason: string
}

export type AdjustmentErrors = Partial<Record<"amount" | "reason", string>>

/** What is wrong with the request itself, before any balance is read. */
export const adjustmentErrors = (request: AdjustmentRequest): AdjustmentErrors => {
  const errors: { amount?: string; reason?: string } = {}
  if (!Number.isSafeInteger(request.amount) || request.amount === 0)
    errors.amount = adjustmentMessages.amountZero
  else if (Math.abs(request.amount) > LONGEST_ADJUSTMENT)
    errors.amount = adjustmentMessages.amountTooLarge
  const reason = request.reason.trim()
  if (reason.length === 0) errors.reason = adjustmentMessages.reasonRequired
  else if (reason.length > ADJUSTMENT_REASON_MAX_LENGTH)
    errors.reason = adjustmentMessages.reasonTooLong
  return errors
}

/**
 * The balance after the adjustment, or undefined when it would go below
 * zero: the ledger never does, so credit taken back is at most what is held.
 */
export const balanceAfterAdjustment = (balance: Pence, amount: number): Pence | undefined =>
  balance + amount < 0 ? undefined : pence(balance + amount)
