/**
 * Why a call failed. "network" and "timeout" mean the API could not be
 * reached at all (an app's connectivity check takes over); "http" means it
 * answered with an error, whose RFC 9457 problem is kept in `problem`.
 */
export type ApiErrorKind = "network" | "timeout" | "http"

/** An RFC 9457 problem as the API writes it; members past the four standard ones vary by type. */
export interface Problem {
  readonly type: string
  readonly title: string
  readonly status: number
  readonly detail: string
  readonly [member: string]: unknown
}

/**
 * `P` is the endpoint's own problems (`ProblemOf<"baskets", "addItem">`),
 * for a caller that narrows on `problem.status`; a rejected promise cannot
 * carry its type, so the caller names it.
 */
export class ApiError<P extends Problem = Problem> extends Error {
  override readonly name = "ApiError"
  constructor(
    readonly kind: ApiErrorKind,
    /** 0 when there was no response. */
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    /** The problem's `type`, for the few problems an app acts on; "" when none. */
    readonly type = "",
    /** The body, when the server (not a proxy) answered with a problem. */
    readonly problem?: P,
  ) {
    super(detail ? `${title}: ${detail}` : title)
  }

  get unreachable(): boolean {
    return this.kind !== "http"
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError

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

const asProblem = (status: number, record: Record<string, unknown>): Problem | undefined =>
  text(record.title) !== undefined && record.status === status
    ? {
        ...record,
        type: text(record.type) ?? "about:blank",
        title: String(record.title),
        status,
        detail: typeof record.detail === "string" ? record.detail : "",
      }
    : undefined

/**
 * Reads an RFC 9457 problem (or anything else a server or proxy may send
 * instead) into an ApiError; never throws, whatever the body.
 */
export const problemFromResponse = (status: number, body: unknown): ApiError => {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {}
  const title = text(record.title) ?? statusTitles[status] ?? `HTTP ${status}`
  const detail = text(record.detail) ?? (typeof body === "string" ? body.trim().slice(0, 500) : "")
  return new ApiError(
    "http",
    status,
    title,
    detail,
    text(record.type) ?? "",
    asProblem(status, record),
  )
}
