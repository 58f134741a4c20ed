/**
 * The storefront's door to the API: fetch with cookies, JSON in, problem+json
 * errors out as one typed error. Wire types come from @howzat/contracts with
 * `import type` only, so no Effect code reaches the browser
 * (docs/decisions/0003).
 */

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
  return new ApiError("http", status, title, detail)
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

export const apiGet = async <T>(path: string, options: GetOptions = {}): Promise<T> => {
  const combined = combinedSignal(options)
  try {
    let response: Response
    try {
      response = await fetch(apiUrl(path, options.query), {
        credentials: "include",
        headers: { accept: "application/json" },
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
    const body = await readBody(response)
    if (combined.timedOut()) {
      throw new ApiError("timeout", 0, "Timeout", "The server took too long to answer.")
    }
    if (!response.ok) throw problemFromResponse(response.status, body)
    return body as T
  } finally {
    combined.dispose()
  }
}
