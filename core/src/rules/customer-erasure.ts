import type { Address, MarketingPreferences } from "../accounts/model.js"

/**
 * What a customer's personal data becomes when they are erased (UK GDPR
 * art. 17, docs/decisions/0029). Orders, tickets and the ledger stay for
 * the accounts and the draws; they point at this placeholder, so a winners
 * list shows "Erased Customer" and nothing about the person.
 */
export interface ErasedPerson extends MarketingPreferences {
  readonly firstName: string
  readonly lastName: string
  /** Unique per customer (the address column is unique) and undeliverable (RFC 2606 `.invalid`). */
  readonly email: string
  /** The column is required; a date nobody has. */
  readonly dateOfBirth: string
  readonly telephoneNumber: string
  readonly defaultBillingAddress: Address | null
  readonly defaultShippingAddress: Address | null
}

export const ERASED_FIRST_NAME = "Erased"
export const ERASED_LAST_NAME = "Customer"
export const ERASED_FULL_NAME = `${ERASED_FIRST_NAME} ${ERASED_LAST_NAME}`
/** What is left of a staff note about an erased winner: the fact that there was one. */
export const ERASED_NOTE = "[Erased with the customer's personal data]"

export const erasedEmail = (customerId: string) => `erased-${customerId}@erased.invalid`

export const isErasedEmail = (email: string) => /^erased-[^@]+@erased\.invalid$/i.test(email)

export const erasedPerson = (customerId: string): ErasedPerson => ({
  firstName: ERASED_FIRST_NAME,
  lastName: ERASED_LAST_NAME,
  email: erasedEmail(customerId),
  dateOfBirth: "1900-01-01",
  telephoneNumber: "",
  defaultBillingAddress: null,
  defaultShippingAddress: null,
  // Consent is personal too, and an erased person is never marketed to.
  allowMarketingByEmail: false,
  allowMarketingByPhone: false,
  allowMarketingByText: false,
  allowMarketingByPost: false,
})
