import { Effect } from "effect"
import type { Principal } from "../accounts/model.js"

/**
 * The ids a use case's span may carry (docs/decisions/0088): which order,
 * competition, customer or user, never who they are (no email, name,
 * address or IP), so a trace store holds no personal data.
 */
export interface UseCaseIds {
  readonly orderId?: string | undefined
  readonly competitionId?: string | undefined
  readonly basketId?: string | undefined
  readonly customerId?: string | null | undefined
  readonly userId?: string | undefined
}

/** A principal's ids alone: its email and name stay out of every span. */
export const principalIds = (principal: Principal | "Scheduler"): UseCaseIds =>
  principal === "Scheduler"
    ? {}
    : { userId: principal.userId, customerId: principal.customerId ?? undefined }

/**
 * Wraps a use case in a span named `Service.method`, a child of the
 * request's. Without a tracer configured Effect's own spans are a few
 * small objects and nothing leaves the process.
 */
export const useCaseSpan =
  (name: string, ids: UseCaseIds) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> => {
    const attributes: Record<string, string> = {}
    for (const [key, value] of Object.entries(ids)) {
      if (typeof value === "string") attributes[key] = value
    }
    // No stack trace captured: an Error a call would cost far more than the span itself.
    return Effect.withSpan(effect, name, { attributes, kind: "internal", captureStackTrace: false })
  }
