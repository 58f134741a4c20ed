import { problemType } from "@howzat/contracts/problems"
import { base64Url } from "@howzat/core/accounts"
import type { MiddlewareHandler } from "hono"
import { generateCookie, getCookie } from "hono/cookie"
import { problemResponse } from "./problem-response"

/** The storefront's convention (Angular's): it echoes the cookie in the header. */
export const XSRF_COOKIE = "XSRF-TOKEN"
export const XSRF_HEADER = "X-XSRF-TOKEN"

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"])

/** Compares without stopping at the first difference, so timing says nothing about the token. */
const sameToken = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

const sharedCacheable = (response: Response) =>
  /(^|,)\s*public\s*(,|$)/i.test(response.headers.get("cache-control") ?? "")

const newToken = () => base64Url(globalThis.crypto.getRandomValues(new Uint8Array(32)))

export interface XsrfOptions {
  readonly secure: boolean
  /** Paths under /api that other servers call without a browser (signed webhooks). */
  readonly exemptPaths?: readonly string[]
}

/**
 * Double-submit XSRF protection. Any GET that arrives without the cookie
 * gets one (readable by the page's script, SameSite=Strict, Path=/), so the
 * storefront's first page load — or a plain HTTP client's first GET — has it
 * before its first POST. Every other method under /api must then echo the
 * cookie in the X-XSRF-TOKEN header: another site can make a browser send
 * the cookie but cannot read it to copy it into a header. A refusal is a 403
 * problem and also carries a fresh cookie if there was none, so the caller
 * can retry.
 */
export const xsrfProtection = (options: XsrfOptions): MiddlewareHandler => {
  const cookie = () =>
    generateCookie(XSRF_COOKIE, newToken(), {
      path: "/",
      sameSite: "Strict",
      secure: options.secure,
      httpOnly: false,
    })
  const exempt = new Set(options.exemptPaths ?? [])

  return async (c, next) => {
    const presented = getCookie(c, XSRF_COOKIE)
    const path = c.req.path
    const isExempt = exempt.has(path)
    if (!SAFE_METHODS.has(c.req.method) && path.startsWith("/api/") && !isExempt) {
      const echoed = c.req.header(XSRF_HEADER)
      if (!presented || !echoed || !sameToken(presented, echoed)) {
        return problemResponse(
          {
            type: problemType("xsrf"),
            title: "Forbidden",
            detail: `The XSRF token is missing or wrong: send the ${XSRF_COOKIE} cookie's value in the ${XSRF_HEADER} header.`,
            status: 403,
          },
          presented ? undefined : { "set-cookie": cookie() },
        )
      }
    }
    await next()
    // Hashed assets are cached for a year by anything in between, and a public answer may
    // be stored and shared by any cache: a cookie on those would be handed to other visitors.
    // An exempt call (a fresh visitor's first basket) gets one too, for the changes that follow.
    if (
      !presented &&
      (SAFE_METHODS.has(c.req.method) || isExempt) &&
      !path.startsWith("/assets/") &&
      !sharedCacheable(c.res)
    ) {
      c.res.headers.append("set-cookie", cookie())
    }
  }
}
