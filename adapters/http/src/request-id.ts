import { randomUUID } from "node:crypto"
import type { Context, MiddlewareHandler } from "hono"

/** The header a request's id travels in, both ways (docs/decisions/0088). */
export const REQUEST_ID_HEADER = "x-request-id"

/**
 * An id a load balancer or proxy may hand on: 8 to 128 letters, digits and
 * `._:-` (a UUID, a hex trace id, HAProxy's unique-id). Anything else (too
 * long, spaces, quotes, control characters that would forge a log line) is
 * replaced by one of our own.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/

export const acceptedRequestId = (incoming: string | undefined | null): string =>
  incoming != null && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID()

/**
 * Each request's id by its Request object (and Hono's context, below), for
 * the edge's handlers and their log lines. Not an AsyncLocalStorage: on Node 20 that turns on async
 * hooks for every promise of the process, which measured a third slower
 * on the cheapest requests (docs/benchmarks.md). Inside the API, Effect
 * code carries the id as a log annotation instead.
 */
const ids = new WeakMap<object, string>()

export const requestIdOf = (request: Request): string | undefined => ids.get(request)

/**
 * First of the app's middleware: the id of the Request the app was given,
 * kept for the whole of Hono's handling. Middleware after it may replace
 * `c.req.raw` (the body limits wrap its stream), so the handlers ask
 * `requestIdIn(c)` rather than `requestIdOf(c.req.raw)`.
 */
export const keepRequestId: MiddlewareHandler = (c, next) => {
  const id = ids.get(c.req.raw)
  if (id !== undefined) ids.set(c, id)
  return next()
}

export const requestIdIn = (c: Context): string | undefined => ids.get(c)

/** A request's header from node's parsed headers when there are some (no Headers object made). */
const incomingHeader = (request: Request, env: unknown, name: string): string | undefined => {
  const parsed = (env as { incoming?: { headers?: Record<string, string | string[] | undefined> } })
    ?.incoming?.headers
  if (parsed === undefined) return request.headers.get(name) ?? undefined
  const value = parsed[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Wraps the app's fetch: every request gets an id (the proxy's, when
 * sane), answered in `X-Request-Id` and found by `requestIdOf`. Outermost,
 * so a cached answer carries one too.
 */
export const withRequestIds =
  <Rest extends unknown[]>(
    fetch: (request: Request, env?: unknown, ...rest: Rest) => Response | Promise<Response>,
  ) =>
  (request: Request, env?: unknown, ...rest: Rest): Response | Promise<Response> => {
    const id = acceptedRequestId(incomingHeader(request, env, REQUEST_ID_HEADER))
    ids.set(request, id)
    const stamp = (response: Response) => {
      try {
        response.headers.set(REQUEST_ID_HEADER, id)
        return response
      } catch {
        // A response whose headers are immutable (a fetched one): copied once to carry the id.
        const copy = new Response(response.body, response)
        copy.headers.set(REQUEST_ID_HEADER, id)
        return copy
      }
    }
    const answer = fetch(request, env, ...rest)
    return answer instanceof Response ? stamp(answer) : answer.then(stamp)
  }
