import {
  MAXIMUM_SITE_CREDIT_PURCHASE,
  MINIMUM_SITE_CREDIT_PURCHASE,
  type Pence,
  parsePounds,
  pence,
  siteCreditPurchaseRefusal,
} from "@howzat/core/rules"
import { ApiError } from "../api/client"
import { poundsText } from "./basket"
import { detailLines } from "./error-text"

export const CREDIT_AMOUNT_REQUIRED = "Enter how much credit to buy."
export const CREDIT_AMOUNT_INVALID = "Enter an amount in pounds and pence, such as 10.00."
export const CREDIT_AMOUNT_MINIMUM = `The minimum purchase is £${poundsText(MINIMUM_SITE_CREDIT_PURCHASE)}.`
export const CREDIT_AMOUNT_MAXIMUM = `The most you can buy at once is £${(MAXIMUM_SITE_CREDIT_PURCHASE / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}.`

export type CreditAmount =
  | { readonly amount: Pence; readonly error: null }
  | { readonly amount: null; readonly error: string }

/**
 * docs/product/validation.md's site-credit purchase box: required, at least £1.00, made
 * positive (a minus sign is dropped, as is anything but digits and one
 * point), two decimals; core's rule sets the bounds the shop enforces.
 */
export const creditAmountFromText = (text: string): CreditAmount => {
  if (text.trim() === "") return { amount: null, error: CREDIT_AMOUNT_REQUIRED }
  const amount = parsePounds(text)
  if (amount === undefined) return { amount: null, error: CREDIT_AMOUNT_INVALID }
  switch (siteCreditPurchaseRefusal(amount)) {
    case null:
      return { amount, error: null }
    case "BelowMinimum":
      return { amount: null, error: CREDIT_AMOUNT_MINIMUM }
    case "AboveMaximum":
      return { amount: null, error: CREDIT_AMOUNT_MAXIMUM }
    case "NotWholePence":
      return { amount: null, error: CREDIT_AMOUNT_INVALID }
  }
}

/** What the box shows once the customer leaves it: two decimals, or what they typed if unreadable. */
export const creditAmountShown = (text: string): string => {
  const amount = parsePounds(text)
  return amount === undefined ? text : poundsText(pence(amount))
}

/** The shop's refusal in words: a validation problem's field lines, or its detail. */
export const buyCreditErrorText = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.unreachable) return "We couldn't reach the shop just now. Please try again."
    const bullets = detailLines(error.detail).filter((line) => line.kind === "bullet")
    const first = bullets[0]?.text.replace(/^[^:]+:\s*/, "")
    return first || error.detail.trim() || error.title
  }
  return "Something went wrong. Please try again."
}
