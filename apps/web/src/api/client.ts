/**
 * The storefront's door to the API: fetch with cookies, JSON in, problem+json
 * errors out as one typed error. Wire types come from @howzat/contracts with
 * `import type` only, so no Effect code reaches the browser
 * (docs/decisions/0003).
 */

import { readCookie, XSRF_COOKIE, xsrfHeaders } from "./xsrf"

export const API_BASE = "/api"

export type QueryValue = string | number | boolean | undefined
export type Query = Readonly<Record<string, QueryValue>>

/**
 * Why a call failed. "network" and "timeout" mean the API could not be
 * reached at all (the layout's connectivity check takes over); "http" means
 * it answered with an error.
 */
export type ApiErrorKind = "network" | "timeout" | "http"

export class ApiError extends Error {
  override readonly name = "ApiError"
  constructor(
    readonly kind: ApiErrorKind,
    /** 0 when there was no response. */
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    /** The problem's `type`, for the few problems the storefront acts on; "" when none. */
    readonly type = "",
  ) {
    super(detail ? `${title}: ${detail}` : title)
  }

  get unreachable(): boolean {
    return this.kind !== "http"
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

/** `/api/Competitions?PageSize=6`; undefined values are left out, names keep their PascalCase. */
export const apiUrl = (path: string, query: Query = {}): string => {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.append(name, String(value))
  }
  const search = params.toString()
  const joined = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`
  return search ? `${joined}?${search}` : joined
}

const statusTitles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value : undefined

/**
 * Reads an RFC 9457 problem (or anything else a server or proxy may send
 * instead) into an ApiError; never throws, whatever the body.
 */
export const problemFromResponse = (status: number, body: unknown): ApiError => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const title = text(record.title) ?? statusTitles[status] ?? `HTTP ${status}`
  const detail = text(record.detail) ?? (typeof body === "string" ? body.trim().slice(0, 500) : "")
  return new ApiError("http", status, title, detail, text(record.type) ?? "")
}

export interface GetOptions {
  readonly query?: Query
  readonly signal?: AbortSignal
  /** Give up after this long; the call then fails as a "timeout". */
  readonly timeoutMs?: number
}

const readBody = async (response: Response): Promise<unknown> => {
  const type = response.headers.get("content-type") ?? ""
  try {
    return type.includes("json") ? await response.json() : await response.text()
  } catch {
    return undefined
  }
}

/**
 * One signal for the caller's abort and the timeout. Built by hand rather
 * than with AbortSignal.any/timeout, which older iPhones still lack.
 */
const combinedSignal = (options: GetOptions) => {
  const controller = new AbortController()
  let timedOut = false
  const onAbort = () => controller.abort()
  options.signal?.addEventListener("abort", onAbort, { once: true })
  if (options.signal?.aborted) controller.abort()
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true
          controller.abort()
        }, options.timeoutMs)
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer)
      options.signal?.removeEventListener("abort", onAbort)
    },
  }
}

/**
 * The access token lives here, in memory only: never in storage a script
 * injected into the page could read later (SPEC §4, docs/decisions/0005).
 * The session module sets and clears it.
 */
let accessToken: string | undefined

export const setAccessToken = (token: string | undefined): void => {
  accessToken = token
}

const pageCookies = (): string => (typeof document === "undefined" ? "" : document.cookie)

/** The headers every call carries: JSON, the bearer token when there is one, XSRF on changes. */
export const requestHeaders = (
  method: string,
  url: string,
  token: string | undefined,
  cookies: string,
  hasBody: boolean,
): Record<string, string> => ({
  accept: "application/json",
  ...(hasBody ? { "content-type": "application/json" } : {}),
  ...(token ? { authorization: `Bearer ${token}` } : {}),
  ...xsrfHeaders(method, url, cookies),
})

const request = async <T>(
  method: string,
  url: string,
  body: unknown,
  options: GetOptions,
): Promise<T> => {
  const combined = combinedSignal(options)
  try {
    let response: Response
    try {
      response = await fetch(url, {
        method,
        credentials: "include",
        headers: requestHeaders(method, url, accessToken, pageCookies(), body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: combined.signal,
      })
    } catch (error) {
      if (combined.timedOut()) {
        throw new ApiError("timeout", 0, "Timeout", "The server took too long to answer.")
      }
      // The caller's own abort (navigating away) is not a connectivity problem: pass it on.
      if (options.signal?.aborted) throw error
      throw new ApiError("network", 0, "Network error", "The server could not be reached.")
    }
    const responseBody = await readBody(response)
    if (combined.timedOut()) {
      throw new ApiError("timeout", 0, "Timeout", "The server took too long to answer.")
    }
    if (!response.ok) throw problemFromResponse(response.status, responseBody)
    return responseBody as T
  } finally {
    combined.dispose()
  }
}

export const apiGet = <T>(path: string, options: GetOptions = {}): Promise<T> =>
  request<T>("GET", apiUrl(path, options.query), undefined, options)

/**
 * The server hands out the XSRF cookie with GET responses (the page itself
 * usually brought it). If it is missing, one cheap GET fetches it first.
 */
const ensureXsrfCookie = async (): Promise<void> => {
  if (typeof document === "undefined" || readCookie(document.cookie, XSRF_COOKIE)) return
  try {
    await apiGet("/Categories", { query: { PageSize: 1 } })
  } catch {
    // The call that follows fails with the real reason.
  }
}

export type SendMethod = "POST" | "PUT" | "DELETE"

/** A call that changes something: JSON body, cookies, bearer token and the XSRF header. */
export const apiSend = async <T>(
  method: SendMethod,
  path: string,
  body?: unknown,
  options: GetOptions = {},
): Promise<T> => {
  await ensureXsrfCookie()
  return request<T>(method, apiUrl(path, options.query), body, options)
}
