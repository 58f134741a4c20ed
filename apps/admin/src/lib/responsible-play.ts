/**
 * The Complaints and Harm signals screens' plain logic (decision 0044):
 * their search params and the moves a complaint's status form offers.
 */
import { COMPLAINT_STATUSES, COMPLAINT_TRANSITIONS, type ComplaintStatus } from "@howzat/core/rules"
import { oneOf, pageParam } from "./search"

export interface ComplaintSearch {
  readonly page?: number | undefined
  /** Absent: every complaint. */
  readonly status?: ComplaintStatus | undefined
}

export const complaintSearch = (search: Record<string, unknown>): ComplaintSearch => ({
  page: pageParam(search.page),
  status: oneOf(...COMPLAINT_STATUSES)(search.status),
})

export const complaintListParams = (search: ComplaintSearch) => ({
  Status: search.status ?? ("All" as const),
  PageNumber: search.page,
  PageSize: 20,
})

/**
 * What the status form offers: the current status first (a note only),
 * then the moves the table allows, so staff are never offered a refusal.
 */
export const statusChoices = (current: ComplaintStatus): readonly ComplaintStatus[] => [
  current,
  ...COMPLAINT_TRANSITIONS[current],
]

export interface HarmSignalSearch {
  readonly page?: number | undefined
  /** "all" shows reviewed customers too; absent means those awaiting review. */
  readonly show?: "all" | undefined
}

export const harmSignalSearch = (search: Record<string, unknown>): HarmSignalSearch => ({
  page: pageParam(search.page),
  show: oneOf("all")(search.show),
})

export const harmSignalListParams = (search: HarmSignalSearch) => ({
  Status: search.show === "all" ? ("All" as const) : ("AwaitingReview" as const),
  PageNumber: search.page,
  PageSize: 20,
})
