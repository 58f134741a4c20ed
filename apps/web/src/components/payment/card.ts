import { isCardExpired, passesLuhn } from "@howzat/core/rules"
/**
 * The card form's typing help and checks. They only help the customer type:
 * the card provider decides whether a card is good. No card rule exists in
 * core (cards never reach our server), so they live beside the form.
 */

/** Card numbers are 12 to 19 digits (ISO/IEC 7812). */
export const MAX_CARD_DIGITS = 19
const MIN_CARD_DIGITS = 12

export const cardMessages = {
  numberRequired: "Please enter your card number.",
  numberInvalid: "Please check your card number.",
  nameRequired: "Please enter the name on your card.",
  expiryInvalid: "Please enter the expiry date as MM/YY.",
  expired: "Your card has expired.",
  securityCodeInvalid: "Please enter the 3 or 4 digit security code.",
} as const

export const cardDigits = (text: string): string =>
  text.replace(/\D/g, "").slice(0, MAX_CARD_DIGITS)

/** "4242424242424242" → "4242 4242 4242 4242", as printed on the card. */
export const formatCardNumber = (text: string): string =>
  cardDigits(text)
    .replace(/(\d{4})(?=\d)/g, "$1 ")
    .trim()

/** "1228" → "12/28"; the slash appears once the month is typed. */
export const formatExpiry = (text: string): string => {
  const digits = text.replace(/\D/g, "").slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

export const securityCodeDigits = (text: string): string => text.replace(/\D/g, "").slice(0, 4)

export const validateCardNumber = (text: string): string | undefined => {
  const digits = text.replace(/\D/g, "")
  if (digits === "") return cardMessages.numberRequired
  if (digits.length < MIN_CARD_DIGITS || digits.length > MAX_CARD_DIGITS || !passesLuhn(digits))
    return cardMessages.numberInvalid
  return undefined
}

export const validateCardholderName = (text: string): string | undefined =>
  text.trim() === "" ? cardMessages.nameRequired : undefined

/** A card is good until the end of its expiry month (core's isCardExpired). */
export const validateExpiry = (text: string, now: Date): string | undefined => {
  const match = /^(\d{2})\/(\d{2})$/.exec(text.trim())
  if (!match) return cardMessages.expiryInvalid
  const month = Number(match[1])
  const year = 2000 + Number(match[2])
  if (month < 1 || month > 12) return cardMessages.expiryInvalid
  return isCardExpired({ month, year }, now) ? cardMessages.expired : undefined
}

export const validateSecurityCode = (text: string): string | undefined =>
  /^\d{3,4}$/.test(text) ? undefined : cardMessages.securityCodeInvalid

export interface CardValues {
  readonly cardNumber: string
  readonly cardholderName: string
  readonly expiry: string
  readonly securityCode: string
}

export type CardErrors = Partial<Record<keyof CardValues, string>>

export const cardErrors = (values: CardValues, now: Date): CardErrors => {
  const errors: CardErrors = {}
  const number = validateCardNumber(values.cardNumber)
  const name = validateCardholderName(values.cardholderName)
  const expiry = validateExpiry(values.expiry, now)
  const code = validateSecurityCode(values.securityCode)
  if (number) errors.cardNumber = number
  if (name) errors.cardholderName = name
  if (expiry) errors.expiry = expiry
  if (code) errors.securityCode = code
  return errors
}

/** The sandbox provider's cards (decision 0008): shown only when the sandbox takes the payment. */
export const SANDBOX_TEST_CARDS = [
  { number: "4000 0566 5566 5556", outcome: "succeeds (debit card)" },
  { number: "4242 4242 4242 4242", outcome: "succeeds (credit card)" },
  { number: "5555 5555 5555 4444", outcome: "succeeds (credit card)" },
  { number: "4000 0000 0000 0002", outcome: "is declined" },
  { number: "4000 0000 0000 9995", outcome: "fails for insufficient funds" },
] as const
