import { createHash } from "node:crypto"

/**
 * The card numbers the Checkout.com stand-in (checkout-provider.ts) knows,
 * taken from Checkout.com's sandbox test-card lists (its "Test cards" page:
 * the approved credit and debit cards, the response-code cards and the 3-D
 * Secure cards), with the funding the sandbox reports for each. Note that
 * 4242 4242 4242 4242 is a CREDIT card there, unlike the habit from other
 * providers: the debit card is 4658 5840 9000 0001.
 */

export type CardType = "CREDIT" | "DEBIT"

export interface TestCard {
  readonly scheme: "Visa" | "Mastercard"
  readonly cardType: CardType
  readonly issuerCountry: string
  /** The authorisation's answer: 10000 approves, anything else declines. */
  readonly responseCode: string
  /**
   * A 3-D Secure challenge comes first (the customer sees the bank's page),
   * and what the bank says when the customer completes it.
   */
  readonly challenge?: "authenticated" | "not_authenticated"
}

const card = (
  scheme: TestCard["scheme"],
  cardType: CardType,
  issuerCountry: string,
  responseCode: string,
  challenge?: TestCard["challenge"],
): TestCard => ({
  scheme,
  cardType,
  issuerCountry,
  responseCode,
  ...(challenge ? { challenge } : {}),
})

export const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  // Approved, no challenge (4485… is a 3-D Secure 2 frictionless card: authenticated silently).
  "4242424242424242": card("Visa", "CREDIT", "GB", "10000"),
  "4658584090000001": card("Visa", "DEBIT", "GB", "10000"),
  "4485040371536584": card("Visa", "CREDIT", "US", "10000"),
  // 3-D Secure 2 challenge cards.
  "5385308360135181": card("Mastercard", "CREDIT", "US", "10000", "authenticated"),
  "5518832400606463": card("Mastercard", "DEBIT", "US", "10000", "authenticated"),
  "4243754271700719": card("Visa", "CREDIT", "US", "10000", "not_authenticated"),
  // Declined by the issuer, by response code.
  "4544249167673670": card("Visa", "DEBIT", "GB", "20051"),
  "4724117215951699": card("Visa", "DEBIT", "GB", "20054"),
  "4485381577182090": card("Visa", "CREDIT", "US", "20014"),
}

/** What the test hooks accept for `card=`, besides a number. */
export const HOOK_CARDS: Readonly<Record<string, string>> = {
  debit: "4658584090000001",
  credit: "4242424242424242",
  declined: "4544249167673670",
  "3ds": "5385308360135181",
  "3ds-debit": "5518832400606463",
}

/** Checkout.com's response summaries for the codes the stand-in answers with. */
export const RESPONSE_SUMMARIES: Readonly<Record<string, string>> = {
  "10000": "Approved",
  "20014": "Invalid Card Number",
  "20051": "Insufficient Funds",
  "20054": "Expired Card",
  "20151": "Cardholder failed 3DS authentication",
}

/** The code a failed 3-D Secure challenge declines with. */
export const FAILED_3DS = "20151"

export const luhn = (digits: string) => {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return digits.length >= 12 && sum % 10 === 0
}

/**
 * Any other valid number is declined as an invalid card, as the sandbox
 * refuses real card numbers; its scheme is guessed from the first digit.
 */
export const cardOf = (number: string): TestCard =>
  TEST_CARDS[number] ??
  card(number.startsWith("4") ? "Visa" : "Mastercard", "CREDIT", "GB", "20014")

/** The same card gives the same fingerprint, as the real one's does within an account. */
export const fingerprintOf = (number: string) =>
  createHash("sha256").update(`checkout-stand-in/${number}`).digest("hex").toUpperCase()

/**
 * Flow's own word for a decline (its `PaymentDeclineReason`), which it hands
 * to `onError` in `details.requestErrorCodes`.
 */
export const declineReasonOf = (responseCode: string) => {
  switch (responseCode) {
    case "20051":
      return "not_enough_funds"
    case "20014":
    case "20054":
      return "invalid_customer_data"
    default:
      return "try_again"
  }
}
