/**
 * A staff adjustment of site credit, as the form holds it: a direction
 * (credit or debit), an amount in pounds and a reason. The wire takes signed
 * integer pence. The words are core's (core/src/rules/site-credit-adjustment.ts)
 * so the form and the server say the same thing; a debit below £0.00 is only
 * the server's to refuse, as only it knows the balance at that moment.
 */
import { parseExactPounds } from "./format"

export type Direction = "credit" | "debit"

export interface AdjustmentValues {
  readonly direction: Direction
  readonly pounds: string
  readonly reason: string
}

export const LONGEST_ADJUSTMENT_PENCE = 1_000_000
export const REASON_MAX_LENGTH = 200

export const adjustmentWords = {
  amountNotMoney: "Enter an amount in pounds, like 5 or 12.50.",
  amountZero: "Enter an amount other than £0.00.",
  amountTooLarge: "An adjustment is at most £10,000.00 either way.",
  reasonRequired: "Say why the credit is adjusted.",
  reasonTooLong: `Keep the reason to ${REASON_MAX_LENGTH} characters.`,
} as const

export const amountError = (pounds: string): string | undefined => {
  const amount = parseExactPounds(pounds)
  if (amount === undefined || amount < 0) return adjustmentWords.amountNotMoney
  if (amount === 0) return adjustmentWords.amountZero
  if (amount > LONGEST_ADJUSTMENT_PENCE) return adjustmentWords.amountTooLarge
  return undefined
}

export const reasonError = (reason: string): string | undefined => {
  const trimmed = reason.trim()
  if (trimmed.length === 0) return adjustmentWords.reasonRequired
  if (trimmed.length > REASON_MAX_LENGTH) return adjustmentWords.reasonTooLong
  return undefined
}

/** The request, or undefined while the form still has something to fix. */
export const adjustmentPayload = (
  values: AdjustmentValues,
): { amount: number; reason: string } | undefined => {
  if (amountError(values.pounds) || reasonError(values.reason)) return undefined
  const pence = parseExactPounds(values.pounds) ?? 0
  return { amount: values.direction === "debit" ? -pence : pence, reason: values.reason.trim() }
}
