import { UK_TIME_ZONE, zonedParts } from "./dates.js"

/** The month and year printed on a card (MM/YY read as month 1-12 and a four-digit year). */
export interface CardExpiry {
  readonly month: number
  readonly year: number
}

/**
 * Whether a card has expired. A card is valid through the last day of its
 * expiry month, so it expires when that month ends, and the month ends by
 * London's calendar: the shop sells in the UK to UK-issued cards, whose
 * issuers close the month on UK time. Neither the browser's zone (a customer
 * abroad would be refused a card a day early, or let through a day late) nor
 * UTC (an hour late all summer) is the issuer's. One rule for the
 * storefront's card form and the sandbox provider, so they never disagree
 * about the same moment. The issuer still has the final word: this only
 * spares the customer a round trip.
 */
export const isCardExpired = (expiry: CardExpiry, now: Date): boolean => {
  const today = zonedParts(now, UK_TIME_ZONE)
  return expiry.year * 12 + (expiry.month - 1) < today.year * 12 + (today.month - 1)
}
