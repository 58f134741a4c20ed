import { type Brand, brand } from "../brand"

/**
 * docs/product/screens.md treats charities as optional brand configuration (the footer's
 * CharitySupport link shows only with one). A round-up is a donation, so it
 * is offered only when there is a charity to receive it: asking for money
 * for "our charity partners" that do not exist would be untrue.
 */
export const roundUpOffered = (b: Brand = brand): boolean => b.charities.length > 0

/** The round-up a change to the basket asks for: never one without a charity to receive it. */
export const roundUpToSend = (autoRoundup: boolean, b: Brand = brand): boolean =>
  autoRoundup && roundUpOffered(b)

/** Who the round-up goes to, for the question at checkout. */
export const roundUpCharity = (b: Brand = brand): string | null => b.charities[0]?.name ?? null
