import type { CompetitionListParams } from "@howzat/contracts/catalogue"
import { ApiError, api } from "./client"

/** The storefront's read-only calls (docs/product/api.md), with the storefront's own defaults. */

export type TimePeriod = NonNullable<(typeof CompetitionListParams.Encoded)["TimePeriod"]>
export type SortBy = NonNullable<(typeof CompetitionListParams.Encoded)["SortBy"]>

export interface CompetitionListQuery {
  readonly timePeriod?: TimePeriod
  readonly categoryId?: string
  /** Part of the name, any case. */
  readonly name?: string
  /** Unset: the server's order for the time period. */
  readonly sortBy?: SortBy
  readonly pageNumber?: number
  readonly pageSize?: number
}

export const listCompetitions = (q: CompetitionListQuery = {}, signal?: AbortSignal) =>
  api.competitions.list({
    urlParams: {
      TimePeriod: q.timePeriod,
      CategoryId: q.categoryId,
      Name: q.name,
      SortBy: q.sortBy,
      VisibilityStatus: "VisibleOnly",
      PageNumber: q.pageNumber,
      PageSize: q.pageSize,
    },
    signal,
  })

/** A shop has a handful of categories: one page of the most there can be holds them all. */
const CATEGORIES_SHOWN = 100

/** The categories a visitor may browse by (visible ones only). */
export const listCategories = async (signal?: AbortSignal) =>
  (
    await api.categories.list({
      urlParams: { VisibilityStatus: "VisibleOnly", PageSize: CATEGORIES_SHOWN },
      signal,
    })
  ).categories

export const getCompetition = (competitionId: string, signal?: AbortSignal) =>
  api.competitions.byId({ path: { competitionId }, signal })

export const INSTANT_WIN_TICKET_PAGE_SIZE = 50

export const instantWinGroupTickets = (
  competitionId: string,
  instantWinGroupId: string,
  pageNumber: number,
  signal?: AbortSignal,
) =>
  api.competitions.instantWinGroupTickets({
    path: { competitionId, instantWinGroupId },
    urlParams: { PageNumber: pageNumber, PageSize: INSTANT_WIN_TICKET_PAGE_SIZE },
    signal,
  })

export const nextLiveDraw = (signal?: AbortSignal) => api.draws.nextLiveDraw({ signal })

export const competitionWinners = (pageSize: number, signal?: AbortSignal, pageNumber?: number) =>
  api.draws.competitionWinners({
    urlParams: { PageSize: pageSize, PageNumber: pageNumber },
    signal,
  })

/** Staff-written HTML blocks; a missing key is simply not shown. */
export const resourceHtml = async (key: string, signal?: AbortSignal): Promise<string | null> => {
  try {
    const { resource } = await api.resources.byKey({ path: { key }, signal })
    return resource.value
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const CONNECTIVITY_PROBE_TIMEOUT_MS = 1000

/** docs/product/api.md: the storefront's connectivity probe, with a one second timeout. */
export const probeApi = (signal?: AbortSignal) =>
  api.categories.list({
    urlParams: { PageSize: 1 },
    timeoutMs: CONNECTIVITY_PROBE_TIMEOUT_MS,
    signal,
  })
