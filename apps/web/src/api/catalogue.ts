import type {
  CategoryListJson,
  CompetitionListJson,
  CompetitionResponseJson,
  CompetitionWinnerListJson,
  DrawResponseJson,
  ResourceResponseJson,
  TicketListJson,
} from "@howzat/contracts/catalogue"
import { ApiError, apiGet } from "./client"

/** The storefront's read-only calls (SPEC §7); paths and query names letter for letter. */

export type TimePeriod = "Current" | "EndingSoon" | "Past" | "All"

export interface CompetitionListQuery {
  readonly timePeriod?: TimePeriod
  readonly pageNumber?: number
  readonly pageSize?: number
}

export const listCompetitions = (q: CompetitionListQuery = {}, signal?: AbortSignal) =>
  apiGet<CompetitionListJson>("/Competitions", {
    query: {
      TimePeriod: q.timePeriod,
      VisibilityStatus: "VisibleOnly",
      PageNumber: q.pageNumber,
      PageSize: q.pageSize,
    },
    signal,
  })

export const getCompetition = (competitionId: string, signal?: AbortSignal) =>
  apiGet<CompetitionResponseJson>(`/Competitions/${encodeURIComponent(competitionId)}`, {
    signal,
  })

export const INSTANT_WIN_TICKET_PAGE_SIZE = 50

export const instantWinGroupTickets = (
  competitionId: string,
  instantWinGroupId: string,
  pageNumber: number,
  signal?: AbortSignal,
) =>
  apiGet<TicketListJson>(
    `/Competitions/${encodeURIComponent(competitionId)}/instant-win-groups/${encodeURIComponent(instantWinGroupId)}/tickets`,
    { query: { PageNumber: pageNumber, PageSize: INSTANT_WIN_TICKET_PAGE_SIZE }, signal },
  )

export const nextLiveDraw = (signal?: AbortSignal) =>
  apiGet<DrawResponseJson>("/Draws/NextLiveDraw", { signal })

export const competitionWinners = (pageSize: number, signal?: AbortSignal, pageNumber?: number) =>
  apiGet<CompetitionWinnerListJson>("/Draws/competition-winners", {
    query: { PageSize: pageSize, PageNumber: pageNumber },
    signal,
  })

/** Staff-written HTML blocks; a missing key is simply not shown. */
export const resourceHtml = async (key: string, signal?: AbortSignal): Promise<string | null> => {
  try {
    const { resource } = await apiGet<ResourceResponseJson>(`/Resources/${key}`, { signal })
    return resource.value
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

export const CONNECTIVITY_PROBE_TIMEOUT_MS = 1000

/** SPEC §7: the storefront's connectivity probe, with a one second timeout. */
export const probeApi = (signal?: AbortSignal) =>
  apiGet<CategoryListJson>("/Categories", {
    query: { PageSize: 1 },
    timeoutMs: CONNECTIVITY_PROBE_TIMEOUT_MS,
    signal,
  })
