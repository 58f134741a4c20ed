import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
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
        yield* Effect.logInfo("storefront report").pipe(
          Effect.annotateLogs({
            event: payload.event,
            url: payload.requestedUrl,
            title: payload.title ?? "",
            detail: payload.detail ?? "",
            orderId: payload.orderId ?? "",
          }),
        )
      }),
    )
  }),
)
