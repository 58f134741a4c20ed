import type { IntentStatus } from "@howzat/core/ports"
import type { CardFunding } from "@howzat/core/rules"

/**
 * A card payment that succeeded, with the card's fingerprint and funding
 * when the provider gave them: left out, not undefined, when it did not.
 */
export const cardSucceeded = (
  cardFingerprint: string | undefined,
  cardFunding: CardFunding | undefined,
): IntentStatus => ({
  status: "Succeeded",
  ...(cardFingerprint ? { cardFingerprint } : {}),
  ...(cardFunding ? { cardFunding } : {}),
})
