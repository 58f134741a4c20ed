import { getConnInfo } from "@hono/node-server/conninfo"
import type { Context } from "hono"

/**
 * The caller's address, for rate limits. Directly on the internet that is
 * the socket's peer. Behind a proxy (TRUST_PROXY=true) every request comes
 * from the proxy, which appends the real peer to X-Forwarded-For: the last
 * entry is the one our own proxy wrote; earlier ones are the caller's to
 * invent, so they are never used.
 */
export const clientAddressReader =
  (trustProxy: boolean) =>
  (c: Context): string | undefined => {
    if (trustProxy) {
      const forwarded = c.req.header("x-forwarded-for")
      const last = forwarded?.split(",").at(-1)?.trim()
      if (last) return last
    }
    try {
      return getConnInfo(c).remote.address
    } catch {
      // No socket: a request made in-process (tests, app.request).
      return undefined
    }
  }
