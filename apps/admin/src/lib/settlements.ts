/**
 * The settlements screen's pure parts (docs/decisions/0068): its range as
 * typed search params, the words for each kind of disagreement, and the
 * CSV's file name.
 */
import { dayParam, textParam } from "./search"

export interface SettlementsSearch {
  /** London calendar days, yyyy-mm-dd, both inclusive; the server's default when absent. */
  readonly from?: string
  readonly to?: string
}

export const settlementsSearch = (search: Record<string, unknown>): SettlementsSearch => ({
  from: dayParam(textParam(search.from)),
  to: dayParam(textParam(search.to)),
})

/** The API's query: only what was picked, so the server fills in the rest. */
export const settlementsParams = (search: SettlementsSearch) => ({
  ...(search.from === undefined ? {} : { from: search.from }),
  ...(search.to === undefined ? {} : { to: search.to }),
})

export const DISAGREEMENT_WORDS: Readonly<Record<string, string>> = {
  CompletedWithoutPayment: "Completed, but no kept card payment covers its card balance",
  ClosedWithKeptPayment: "Cancelled, expired or refunded, yet a succeeded payment has no refund",
  PaidTwice: "Two or more card payments succeeded and none was given back",
}

export const disagreementWords = (kind: string): string => DISAGREEMENT_WORDS[kind] ?? kind

/** The same name the server gives the download. */
export const csvFileName = (range: { readonly from: string; readonly to: string }) =>
  `settlements-${range.from}-to-${range.to}.csv`

/** The provider's name as staff read it: the orders site credit paid whole have none. */
export const providerLabel = (provider: string): string =>
  provider === "none" ? "No card (site credit)" : provider
