/**
 * Why a basket line got fewer tickets than asked for. The storefront lists
 * these under "Changes to your basket" (SPEC §8), one per competition.
 */
export const allocationReasons = {
  notOpen: "This competition is not open yet.",
  closed: "This competition has closed.",
  soldOut: "This competition has sold out.",
  fewerLeft: (allocated: number) =>
    `Only ${allocated} ${allocated === 1 ? "ticket was" : "tickets were"} left.`,
  maximumReached: (max: number) =>
    `You have reached the maximum number of tickets per person in this competition (${max}).`,
  fewerBeforeMaximum: (allocated: number, max: number) =>
    `Only ${allocated} more ${allocated === 1 ? "ticket" : "tickets"} before you reach the maximum per person (${max}).`,
} as const

/**
 * How many tickets a line may claim: what was asked, cut to the customer's
 * remaining allowance. The stock is not known here; the pool decides that.
 */
export const allowedQuantity = (requested: number, maxPerCustomer: number, held: number): number =>
  Math.max(0, Math.min(Math.floor(requested), maxPerCustomer - held))
