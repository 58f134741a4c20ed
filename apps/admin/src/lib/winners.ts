/**
 * The winners screen's URL: which list (main prize or instant win) is the
 * tab, the processed filter and the page. What the API is asked follows
 * from it, so a link or Back always shows the same rows.
 */
import { oneOf, pageParam } from "./search"

export const WINNER_TABS = ["main", "instant"] as const
export type WinnerTab = (typeof WINNER_TABS)[number]

export const WINNER_STATUSES = ["All", "Processed", "NotProcessed"] as const
export type WinnerStatusFilter = (typeof WINNER_STATUSES)[number]

export interface WinnersSearch {
  readonly tab?: WinnerTab
  readonly status?: WinnerStatusFilter
  readonly page?: number
}

const tabParam = oneOf(...WINNER_TABS)
const statusParam = oneOf(...WINNER_STATUSES)

/** The defaults (main prize, every status, page 1) are left out, so the plain URL is the default. */
export const validateWinnersSearch = (search: Record<string, unknown>): WinnersSearch => {
  const tab = tabParam(search.tab)
  const status = statusParam(search.status)
  const page = pageParam(search.page)
  return {
    ...(tab && tab !== "main" ? { tab } : {}),
    ...(status && status !== "All" ? { status } : {}),
    ...(page && page > 1 ? { page } : {}),
  }
}

export const WINNERS_PAGE_SIZE = 20

/** The list call's query for a screen's search. */
export const winnersQuery = (search: WinnersSearch) => ({
  WinnerProcessedStatus: search.status ?? "All",
  PageNumber: search.page ?? 1,
  PageSize: WINNERS_PAGE_SIZE,
})

/** A main-prize winner has no id of its own: the competition and the winning ticket name it. */
export const mainWinnerKey = (w: {
  readonly competition: { readonly id: string }
  readonly ticketNumber: number
}): string => `${w.competition.id}:${w.ticketNumber}`
