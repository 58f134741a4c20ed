/**
 * The back office's instance of the shared API client (@howzat/api-client,
 * docs/decisions/0030) with the staff session handed in: the access token in
 * memory only, the session's refresh, and the XSRF cookie the server sets on
 * GET responses.
 */
import { createApiClient, readCookie, XSRF_COOKIE } from "@howzat/api-client"

export { ApiError, isApiError } from "@howzat/api-client"

let accessToken: string | undefined
let refresh: () => Promise<void> = async () => {}

export const setAccessToken = (token: string | undefined): void => {
  accessToken = token
}

/** The session module hands its refresh over when it loads (it imports this module). */
export const setTokenRefresh = (next: () => Promise<void>): void => {
  refresh = next
}

const xsrfToken = async (): Promise<string | undefined> => {
  const token = readCookie(document.cookie, XSRF_COOKIE)
  if (token) return token
  try {
    // Any GET but the public catalogue reads (shared by caches, so cookie-free) brings it.
    await fetch("/health/ping", { credentials: "same-origin" })
  } catch {
    // The call that follows fails with the real reason.
  }
  return readCookie(document.cookie, XSRF_COOKIE)
}

export const api = createApiClient({
  session: { accessToken: () => accessToken, refresh: () => refresh(), xsrfToken },
})
