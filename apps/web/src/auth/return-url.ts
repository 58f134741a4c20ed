/**
 * `?returnUrl=` comes from the address bar, so anyone can write a link that
 * sets it. Only a path on this site is followed: never another origin
 * ("https://evil.example", "//evil.example", "/\\evil.example"), never a
 * script URL, and never the login or logout page itself.
 */

const PLACEHOLDER_ORIGIN = "https://storefront.invalid"
const NOT_AFTER_LOGIN = /^\/auth\/(login|logout)(\/|$)/i

/** The path, query and fragment to go to, or `fallback` when `candidate` is not a safe local path. */
export const safeReturnPath = (candidate: unknown, fallback: string): string => {
  if (typeof candidate !== "string") return fallback
  // Browsers drop tabs and newlines from URLs and read "\" as "/": judge what they would open.
  const text = candidate.replace(/[\t\n\r]/g, "")
  if (!text.startsWith("/") || text.startsWith("//") || text.includes("\\")) return fallback
  let url: URL
  try {
    url = new URL(text, PLACEHOLDER_ORIGIN)
  } catch {
    return fallback
  }
  if (url.origin !== PLACEHOLDER_ORIGIN || NOT_AFTER_LOGIN.test(url.pathname)) return fallback
  return `${url.pathname}${url.search}${url.hash}`
}

/** The search part of a route that takes `?returnUrl=`: kept only if it is safe to follow. */
export const returnUrlSearch = (search: Record<string, unknown>): { returnUrl?: string } => {
  const returnUrl = safeReturnPath(search.returnUrl, "")
  return returnUrl ? { returnUrl } : {}
}
