/**
 * The draws screen's URL (recent draws: a date range and the page) and the
 * words for what each waiting competition needs, by draw type.
 */
import type { CompetitionsAwaitingDrawJson } from "@howzat/contracts/draws"
import { formatDateTime } from "./format"
import { dayParam, pageParam } from "./search"

export interface DrawsSearch {
  /** "yyyy-mm-dd", the first day of draws listed. */
  readonly from?: string
  /** "yyyy-mm-dd", the last day (inclusive: the API reads a plain date as its whole day). */
  readonly to?: string
  readonly page?: number
}

export const validateDrawsSearch = (search: Record<string, unknown>): DrawsSearch => {
  const from = dayParam(search.from)
  const to = dayParam(search.to)
  const page = pageParam(search.page)
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(page && page > 1 ? { page } : {}),
  }
}

export const DRAWS_PAGE_SIZE = 20

export const drawsQuery = (search: DrawsSearch) => ({
  ...(search.from ? { DrawFromDate: search.from } : {}),
  ...(search.to ? { DrawToDate: search.to } : {}),
  PageNumber: search.page ?? 1,
  PageSize: DRAWS_PAGE_SIZE,
})

type Waiting = CompetitionsAwaitingDrawJson["competitions"][number]

/**
 * What staff can do about a competition waiting for its draw: a live one is
 * drawn by the host from here, once the draw time it advertised has come
 * (the server refuses sooner); an automatic one by the shop's job; one
 * without a draw never is (decision 0024).
 */
export const drawAction = (
  competition: Pick<Waiting, "drawType" | "drawDateTimeUtc">,
  now: Date,
): { readonly canDraw: boolean; readonly note: string } => {
  switch (competition.drawType) {
    case "Live":
      return competition.drawDateTimeUtc !== null &&
        now.getTime() < Date.parse(competition.drawDateTimeUtc)
        ? {
            canDraw: false,
            note: `Drawn live from ${formatDateTime(competition.drawDateTimeUtc)}, as advertised.`,
          }
        : { canDraw: true, note: "Drawn by the host, from here." }
    case "Automatic":
      return { canDraw: false, note: "The shop draws it automatically at its draw time." }
    case "None":
      return { canDraw: false, note: "This competition has no draw." }
  }
}

/** The storefront's page for a competition, where its draw's proof is published. */
export const publicCompetitionUrl = (competitionId: string): string =>
  `/Competitions/Competition/${encodeURIComponent(competitionId)}`
