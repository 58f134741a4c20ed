import { CompetitionPhase, competitionPhase } from "./competition.js"

/**
 * Why a basket line got fewer tickets than asked for. The storefront lists
 * these under "Changes to your basket" (docs/product/errors.md), one per competition.
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

/** A competition's sale as the allocation read it, in the same transaction as the claim. */
export interface SaleWindow {
  readonly opensAt: Date
  readonly closesAt: Date
  /** Drawn already: nothing more is sold, whatever the close date says. */
  readonly drawn: boolean
}

/**
 * Tickets are sold only while the competition is open (competitionPhase's
 * Open) and not yet drawn. The allocator asks this before it claims any
 * ticket, and the shortfall reason below gives the same answer.
 */
export const saleIsOpen = (sale: SaleWindow, at: Date): boolean =>
  !sale.drawn &&
  competitionPhase({ start: sale.opensAt, close: sale.closesAt, draw: null }, at) ===
    CompetitionPhase.Open

/**
 * The facts of one basket line's allocation, as the allocator reports them.
 * It claims rows and counts; why a line fell short is decided here, from
 * these, so every allocator (SQL or in memory) gives the same reasons.
 */
export interface LineAllocationFacts {
  readonly requested: number
  /** How many tickets were actually claimed from the pool. */
  readonly claimed: number
  readonly maxPerCustomer: number
  /**
   * Tickets the customer held here before this claim. Not read (0) when the
   * sale was not open, where it cannot change the reason.
   */
  readonly held: number
  readonly sale: SaleWindow
}

/**
 * Why the line got fewer tickets than requested, or null when it got them
 * all. Not open or closed first (nothing was claimed); then stock (the pool
 * gave less than the customer was allowed) before the per-person maximum.
 */
export const shortfallReason = (facts: LineAllocationFacts, at: Date): string | null => {
  const { claimed, requested, maxPerCustomer: max } = facts
  if (claimed >= requested) return null
  if (!saleIsOpen(facts.sale, at)) {
    return at.getTime() < facts.sale.opensAt.getTime()
      ? allocationReasons.notOpen
      : allocationReasons.closed
  }
  if (claimed < allowedQuantity(requested, max, facts.held)) {
    return claimed === 0 ? allocationReasons.soldOut : allocationReasons.fewerLeft(claimed)
  }
  return claimed === 0
    ? allocationReasons.maximumReached(max)
    : allocationReasons.fewerBeforeMaximum(claimed, max)
}

/** A line as an allocator reports it: the facts, with the numbers it claimed. */
export interface ReportedLine extends Omit<LineAllocationFacts, "claimed"> {
  readonly competitionName: string
  readonly ticketNumbers: readonly number[]
}

/** docs/product/errors.md's "Changes to your basket": one entry per line that fell short, in line order. */
export const allocationExceptions = (
  lines: readonly ReportedLine[],
  at: Date,
): { readonly competitionName: string; readonly exceptionReason: string }[] =>
  lines.flatMap((line) => {
    const reason = shortfallReason({ ...line, claimed: line.ticketNumbers.length }, at)
    return reason === null
      ? []
      : [{ competitionName: line.competitionName, exceptionReason: reason }]
  })
