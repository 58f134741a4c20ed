/**
 * The competitions list's search params (every filter and the page in the
 * URL) and the API query they make. Staff see hidden and finished
 * competitions too, which visitors' default query leaves out.
 */
import { oneOf, pageParam, textParam } from "./search"

/** The API's TimePeriod, in the operator's words. */
export const PHASES = {
  Current: "Running (coming soon, on sale or awaiting draw)",
  EndingSoon: "Ending soon",
  Past: "Finished (closed or drawn)",
  All: "Any",
} as const
export type PhaseFilter = keyof typeof PHASES

export const VISIBILITIES = { All: "Any", VisibleOnly: "Published", HiddenOnly: "Hidden" } as const
export type VisibilityFilter = keyof typeof VISIBILITIES

export interface CompetitionListSearch {
  readonly page?: number
  readonly q?: string
  readonly phase?: PhaseFilter
  readonly visibility?: VisibilityFilter
}

const phase = oneOf<PhaseFilter>("Current", "EndingSoon", "Past", "All")
const visibility = oneOf<VisibilityFilter>("All", "VisibleOnly", "HiddenOnly")

/** Keeps what it understands; a default is left out, so links stay short. */
export const readCompetitionListSearch = (
  search: Record<string, unknown>,
): CompetitionListSearch => {
  const out: { -readonly [K in keyof CompetitionListSearch]: CompetitionListSearch[K] } = {}
  const page = pageParam(search.page)
  if (page !== undefined && page > 1) out.page = page
  const q = textParam(search.q)
  if (q !== undefined) out.q = q.slice(0, 255)
  const p = phase(search.phase)
  if (p !== undefined && p !== "All") out.phase = p
  const v = visibility(search.visibility)
  if (v !== undefined && v !== "All") out.visibility = v
  return out
}

export const PAGE_SIZE = 20

/** The list call's query for these search params. */
export const competitionListQuery = (search: CompetitionListSearch) => ({
  ...(search.q ? { Name: search.q } : {}),
  TimePeriod: search.phase ?? ("All" as const),
  VisibilityStatus: search.visibility ?? ("All" as const),
  PageNumber: search.page ?? 1,
  PageSize: PAGE_SIZE,
})
