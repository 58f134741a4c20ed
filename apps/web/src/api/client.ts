/**
 * The storefront's instance of the shared API client (@howzat/api-client,
 * docs/decisions/0030), with the storefront's session handed in: the access
 * token kept here in memory only, the session module's token refresh, and
 * the XSRF cookie the server sets on GET responses.
 */
import { createApiClient, readCookie, XSRF_COOKIE } from "@howzat/api-client"

export { ApiError, type ApiErrorKind, isApiError, problemFromResponse } from "@howzat/api-client"

/**
 * The access token lives here, in memory only: never in storage a script
 * injected into the page could read later (docs/product/states.md, docs/decisions/0005).
 * The session module sets and clears it.
 */
let accessToken: string | undefined

export const setAccessToken = (token: string | undefined): void => {
  accessToken = token
}

let refreshToken: () => Promise<void> = async () => {}

/**
 * The session module hands over its "refresh a token about to expire" when
 * it loads; it imports this module for its own calls, so this one cannot
 * import it back.
 */
export const setTokenRefresh = (refresh: () => Promise<void>): void => {
  refreshToken = refresh
}

const pageCookies = (): string => (typeof document === "undefined" ? "" : document.cookie)

/**
 * The server hands out the XSRF cookie with GET responses (the page itself
 * usually brought it). If it is missing, one cheap GET fetches it first.
 */
const xsrfToken = async (): Promise<string | undefined> => {
  const token = readCookie(pageCookies(), XSRF_COOKIE)
  if (token || typeof document === "undefined") return token
  try {
    // Not a catalogue read: those are public answers any cache may share, so they carry no cookie.
    await fetch("/health/ping", { credentials: "same-origin" })
  } catch {
    // The call that follows fails with the real reason.
  }
  return readCookie(pageCookies(), XSRF_COOKIE)
}

export const api = createApiClient({
  session: { accessToken: () => accessToken, refresh: () => refreshToken(), xsrfToken },
})
