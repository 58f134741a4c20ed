/**
 * The winners screen's URL: which list (main prize or instant win) is the
 * tab, the processed and visibility filters and the page. What the API is asked follows
 * from it, so a link or Back always shows the same rows.
 */
import { oneOf, pageParam } from "./search"

export const WINNER_TABS = ["main", "instant"] as const
export type WinnerTab = (typeof WINNER_TABS)[number]

export const WINNER_STATUSES = ["All", "Processed", "NotProcessed"] as const
export type WinnerStatusFilter = (typeof WINNER_STATUSES)[number]

/** Whether the public pages name the winner (decision 0035). */
export const WINNER_VISIBILITIES = ["All", "Visible", "Hidden"] as const
export type WinnerVisibilityFilter = (typeof WINNER_VISIBILITIES)[number]

export interface WinnersSearch {
  readonly tab?: WinnerTab
  readonly status?: WinnerStatusFilter
  readonly visibility?: WinnerVisibilityFilter
  readonly page?: number
}

const tabParam = oneOf(...WINNER_TABS)
const statusParam = oneOf(...WINNER_STATUSES)
const visibilityParam = oneOf(...WINNER_VISIBILITIES)

/** The defaults (main prize, every status and visibility, page 1) are left out, so the plain URL is the default. */
export const validateWinnersSearch = (search: Record<string, unknown>): WinnersSearch => {
  const tab = tabParam(search.tab)
  const status = statusParam(search.status)
  const visibility = visibilityParam(search.visibility)
  const page = pageParam(search.page)
  return {
    ...(tab && tab !== "main" ? { tab } : {}),
    ...(status && status !== "All" ? { status } : {}),
    ...(visibility && visibility !== "All" ? { visibility } : {}),
    ...(page && page > 1 ? { page } : {}),
  }
}

export const WINNERS_PAGE_SIZE = 20

/** The list call's query for a screen's search. */
export const winnersQuery = (search: WinnersSearch) => ({
  WinnerProcessedStatus: search.status ?? "All",
  WinnerVisibility: search.visibility ?? "All",
  PageNumber: search.page ?? 1,
  PageSize: WINNERS_PAGE_SIZE,
})

/** A main-prize winner has no id of its own: the competition and the winning ticket name it. */
export const mainWinnerKey = (w: {
  readonly competition: { readonly id: string }
  readonly ticketNumber: number
}): string => `${w.competition.id}:${w.ticketNumber}`

/**
 * What the confirmation says hiding a winner does: the public lose the
 * name, never the fact that the ticket won (decision 0035).
 */
export const hidingSays = (kind: WinnerTab): string =>
  kind === "main"
    ? "The winner's name and card leave the public winners page and the home page's recent winners, and the competition page says \"Our winner\" instead of the name. The draw stays public: its proof still shows the winning ticket number and anyone can still check it."
    : "The winner's name leaves the competition page's instant-win tickets. The ticket still shows as WON! and still counts in the prize's won total, so anyone can see the prize was won."
