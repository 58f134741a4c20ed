/**
 * Double-submit XSRF (docs/product/api.md): the server sets the `XSRF-TOKEN` cookie on
 * GET responses and refuses a non-GET under /api whose `X-XSRF-TOKEN`
 * header does not repeat it. Another site can make a browser send the
 * cookie, but only our own pages can read it to copy it into a header.
 */
export const XSRF_COOKIE = "XSRF-TOKEN"
export const XSRF_HEADER = "X-XSRF-TOKEN"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** One cookie's value from a `document.cookie` string, or undefined. */
export const readCookie = (cookies: string, name: string): string | undefined => {
  for (const pair of cookies.split(";")) {
    const at = pair.indexOf("=")
    if (at < 0 || pair.slice(0, at).trim() !== name) continue
    const value = pair.slice(at + 1).trim()
    try {
      return decodeURIComponent(value)
    } catch {
      return value
    }
  }
  return undefined
}

/**
 * Only requests that change something, and only to our own server: an
 * absolute URL (another host) must never be handed the token.
 */
export const needsXsrfToken = (method: string, url: string): boolean =>
  !SAFE_METHODS.has(method.toUpperCase()) && !/^([a-z][a-z\d+.-]*:)?\/\//i.test(url)

/** The header to send with a request, given the page's cookies: none, or X-XSRF-TOKEN. */
export const xsrfHeaders = (
  method: string,
  url: string,
  cookies: string,
): Record<string, string> => {
  if (!needsXsrfToken(method, url)) return {}
  const token = readCookie(cookies, XSRF_COOKIE)
  return token ? { [XSRF_HEADER]: token } : {}
}
