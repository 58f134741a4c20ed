import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import type { LoggingRequest } from "@howzat/contracts/orders"
import { Effect } from "effect"
import { clientAddress } from "./request-context"

/** Per address, per minute: a storefront reports a handful of events; a flood is dropped. */
export const LOG_REPORTS_PER_MINUTE = 30
const WINDOW_MS = 60_000
/** Past this many addresses in one window the oldest are forgotten, so memory stays bounded. */
const MAX_ADDRESSES = 10_000

/**
 * A fixed-window counter in this process's memory: cheap, and good enough
 * for a log whose only risk is noise (each process allows its own share).
 */
export const makeReportLimiter = (perMinute = LOG_REPORTS_PER_MINUTE) => {
  const windows = new Map<string, { start: number; count: number }>()
  return (address: string, now: number): boolean => {
    const current = windows.get(address)
    if (current === undefined || now - current.start >= WINDOW_MS) {
      if (windows.size >= MAX_ADDRESSES) {
        const oldest = windows.keys().next().value
        if (oldest !== undefined) windows.delete(oldest)
      }
      windows.delete(address)
      windows.set(address, { start: now, count: 1 })
      return true
    }
    current.count++
    return current.count <= perMinute
  }
}

/** A backslash is escaped too, so a caller's own "\\n" text cannot pass for an escaped line break. */
const NAMED_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
}

/**
 * Characters that could end a log line or disguise one: C0 and C1 controls,
 * DEL, the Unicode line and paragraph separators, and the bidirectional
 * overrides that make a viewer show text in another order than it is; and
 * the backslash that starts every escape.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE_IN_LOG = /[\\\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const escapeForLog = (text: string): string =>
  text.replace(
    UNSAFE_IN_LOG,
    (c) => NAMED_ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )

/** Escaping can lengthen a field; it is cut back to its bound, and the cut is marked. */
const bounded = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`

/** How long each field of a report may be in the log, escapes included. */
export const LOG_FIELD_LIMITS = { url: 2000, title: 500, detail: 4000 } as const

/**
 * A report's fields as they go into the log: each one escaped so that no
 * caller can start a new log line or hide text, and bounded. The logger
 * writes them as annotations (key=value), never into the message.
 */
export const reportFields = (report: typeof LoggingRequest.Type) => ({
  event: report.event,
  url: bounded(escapeForLog(report.requestedUrl), LOG_FIELD_LIMITS.url),
  title: bounded(escapeForLog(report.title ?? ""), LOG_FIELD_LIMITS.title),
  detail: bounded(escapeForLog(report.detail ?? ""), LOG_FIELD_LIMITS.detail),
  orderId: report.orderId ?? "",
})

/**
 * POST /api/Logging: the storefront's reports (create-order, payment
 * outcomes, basket errors) go to the server's log as structured entries.
 * The caller always gets 204: a dropped report is nothing it could act on.
 */
export const LoggingHandlersLive = HttpApiBuilder.group(HowzatApi, "logging", (handlers) =>
  Effect.sync(() => {
    const allow = makeReportLimiter()
    return handlers.handle("log", ({ payload }) =>
      Effect.gen(function* () {
        const address = (yield* clientAddress) ?? "unknown"
        if (!allow(address, Date.now())) return
        yield* Effect.logInfo("storefront report").pipe(Effect.annotateLogs(reportFields(payload)))
      }),
    )
  }),
)
