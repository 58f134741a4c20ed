import { type CardFunding, isCardExpired, passesLuhn } from "@howzat/core/rules"

/**
 * How the sandbox provider judges a card, with the test cards every card
 * provider documents. Two kinds of answer: a mistake in what was typed
 * (the customer corrects it and tries again on the same intent, as with a
 * real provider's card form) and the issuer's decision, which settles the
 * intent for good.
 */

export const cardTexts = {
  declined: "Your card was declined.",
  insufficientFunds: "Your card has insufficient funds.",
  incorrectNumber: "Your card number is incorrect.",
  expired: "Your card has expired.",
  incorrectExpiry: "Your card's expiry date is incorrect.",
  incorrectSecurityCode: "Your card's security code is incorrect.",
  nameMissing: "Please enter the name on the card.",
  /** The shop voided the intent (the order was cancelled or expired): no card can pay it now. */
  cancelled: "The payment was cancelled.",
} as const

/**
 * The sandbox's test cards (README § Test cards). A card's kind matters to
 * the shop (decision 0042): 4242… and 5555… are credit cards, as in the
 * issue; the debit card pays anything a credit card may not. The declining
 * cards are debit cards, though a decline never gets as far as the kind.
 */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  creditMastercard: "5555555555554444",
  debit: "4000056655665556",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
} as const

/** What kind of card each paying test card is; any other number is declined. */
const PAYING_CARDS: Readonly<Record<string, CardFunding>> = {
  [TEST_CARDS.succeeds]: "Credit",
  [TEST_CARDS.creditMastercard]: "Credit",
  [TEST_CARDS.debit]: "Debit",
}

export interface CardDetails {
  readonly cardNumber: string
  readonly cardholderName: string
  /** "MM/YY" (or "MM/YYYY"). */
  readonly expiry: string
  readonly securityCode: string
}

export type CardJudgement =
  /** Something typed is wrong; nothing is settled. */
  | { readonly kind: "Invalid"; readonly failureDetail: string }
  /** The issuer's answer; the intent settles with it. */
  | { readonly kind: "Succeeded"; readonly funding: CardFunding }
  | { readonly kind: "Declined"; readonly failureDetail: string }

/** Card numbers are 12 to 19 digits (ISO/IEC 7812); spaces as printed on the card are ignored. */
const cardNumberDigits = (text: string): string | undefined => {
  const digits = text.replace(/ /g, "")
  return /^\d{12,19}$/.test(digits) && passesLuhn(digits) ? digits : undefined
}

/** A card is good until the end of its expiry month (core's isCardExpired). */
const expiryProblem = (text: string, now: Date): string | undefined => {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text.trim())
  if (!match) return cardTexts.incorrectExpiry
  const month = Number(match[1])
  const yearText = match[2] ?? ""
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  if (month < 1 || month > 12) return cardTexts.incorrectExpiry
  return isCardExpired({ month, year }, now) ? cardTexts.expired : undefined
}

/** Checks in the order the card form shows the fields, so the first mistake is the one named. */
export const judgeCard = (card: CardDetails, now: Date): CardJudgement => {
  const digits = cardNumberDigits(card.cardNumber)
  if (digits === undefined) return { kind: "Invalid", failureDetail: cardTexts.incorrectNumber }
  if (card.cardholderName.trim() === "")
    return { kind: "Invalid", failureDetail: cardTexts.nameMissing }
  const expiry = expiryProblem(card.expiry, now)
  if (expiry !== undefined) return { kind: "Invalid", failureDetail: expiry }
  if (!/^\d{3}$/.test(card.securityCode.trim()))
    return { kind: "Invalid", failureDetail: cardTexts.incorrectSecurityCode }
  const funding = PAYING_CARDS[digits]
  if (funding !== undefined) return { kind: "Succeeded", funding }
  if (digits === TEST_CARDS.insufficientFunds)
    return { kind: "Declined", failureDetail: cardTexts.insufficientFunds }
  // No real card is ever charged: any other well-formed number is declined by its "issuer".
  return { kind: "Declined", failureDetail: cardTexts.declined }
}
