/**
 * The reads Home's first paint waits for, in one place: Home's loader
 * fetches these very URLs, and the server names them in a `Link: rel=preload`
 * header on `/` (apps/server/src/storefront.ts, decision 0051) so the
 * browser fetches them while the page's script is still loading.
 *
 * A preloaded response is only used by a fetch that asks exactly as the
 * preload did: same URL, same credentials mode, no request headers of its
 * own. So these go without the API client's `Accept` and bearer token,
 * same-origin, as `crossorigin` (anonymous) preloads do. They are Home's
 * public reads, the same answer for every visitor whoever is signed in
 * (Home asks for no hidden records and no one customer's wins), so the
 * token changes nothing.
 */
import { ApiError, endpointUrl, type SuccessOf, send } from "@howzat/api-client"
import { brand } from "../brand"

export const HOME_COMPETITIONS = 24
export const RECENT_WINNERS = 6

export const HOME_READS = {
  list: endpointUrl("competitions", "list", {
    urlParams: { VisibilityStatus: "VisibleOnly", PageSize: HOME_COMPETITIONS },
  }),
  nextLiveDraw: endpointUrl("draws", "nextLiveDraw"),
  winners: brand.showRecentWinners
    ? endpointUrl("draws", "competitionWinners", { urlParams: { PageSize: RECENT_WINNERS } })
    : null,
  heroSub: endpointUrl("resources", "byKey", { path: { key: "content-banner-hero-sub" } }),
  howItWorks: endpointUrl("resources", "byKey", { path: { key: "content-article-how-it-works" } }),
} as const

/** Every URL Home's loader fetches, for the preload header. */
export const homeReadUrls = (): string[] =>
  Object.values(HOME_READS).filter((url): url is string => url !== null)

/** The request init of every Home read: what a `crossorigin` preload of it asked. */
export const HOME_READ_INIT = { method: "GET", headers: {}, credentials: "same-origin" } as const

/** One of Home's reads, asked as its preload asked it: the same errors as the API client's. */
export const homeRead = <T>(url: string, signal?: AbortSignal): Promise<T> =>
  send(url, { ...HOME_READ_INIT, signal }) as Promise<T>

export type HomeList = SuccessOf<"competitions", "list">
export type HomeDraw = SuccessOf<"draws", "nextLiveDraw">
export type HomeWinners = SuccessOf<"draws", "competitionWinners">
export type HomeResource = SuccessOf<"resources", "byKey">

/** A staff-written block: a missing key is simply not shown. */
export const homeResourceHtml = async (url: string, signal?: AbortSignal) => {
  try {
    return (await homeRead<HomeResource>(url, signal)).resource.value
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}
