import { PICK_PAGE_SIZE } from "../../api/picked-numbers"

/**
 * Where the free numbers start after "Show from there": the whole number
 * typed, at most the last ticket; from 1 when nothing usable was typed.
 */
export const startFrom = (typed: string, totalTickets: number): number => {
  const n = Math.floor(Number(typed))
  return Number.isFinite(n) && n >= 1 ? Math.min(n, totalTickets) : 1
}

/** How many pages the free numbers fill (one, even when there are none). */
export const pageCount = (totalCount: number): number =>
  Math.max(1, Math.ceil(totalCount / PICK_PAGE_SIZE))
