/**
 * When to refresh the access token (docs/product/states.md, docs/product/constants.md), for every app's session: one minute before the
 * JWT's `exp`. Plain functions of the token and the clock, so the timing is
 * tested without a browser.
 */

export const REFRESH_BEFORE_EXPIRY_MS = 60_000
/** Never sooner than this: a token that lives under a minute must not cause a refresh loop. */
export const MIN_REFRESH_DELAY_MS = 5_000
/** setTimeout holds at most a signed 32-bit number of milliseconds (about 24.8 days). */
export const MAX_TIMER_DELAY_MS = 2_147_483_647
/** A call made this close to expiry refreshes first rather than risk a 401 on the way. */
export const EXPIRY_MARGIN_MS = 10_000

const base64UrlDecode = (text: string): string => {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/")
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), "="))
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
}

/**
 * The token's `exp` as epoch milliseconds, or undefined if it has none or is
 * not a JWT. Only read, never trusted: the server verifies the signature.
 */
export const tokenExpiresAt = (jwt: string): number | undefined => {
  const payload = jwt.split(".")[1]
  if (!payload) return undefined
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload))
    const exp = (claims as { exp?: unknown } | null)?.exp
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : undefined
  } catch {
    return undefined
  }
}

/** Milliseconds from `nowMs` until the refresh: a minute before expiry, within timer limits. */
export const refreshDelay = (expiresAtMs: number, nowMs: number): number =>
  Math.min(
    MAX_TIMER_DELAY_MS,
    Math.max(MIN_REFRESH_DELAY_MS, expiresAtMs - REFRESH_BEFORE_EXPIRY_MS - nowMs),
  )

/** True when a call should refresh the token before it goes (a sleeping laptop misses its timer). */
export const nearExpiry = (expiresAtMs: number | undefined, nowMs: number): boolean =>
  expiresAtMs !== undefined && expiresAtMs - nowMs <= EXPIRY_MARGIN_MS
