import { Duration, Effect, type Layer } from "effect"
import { periodicJob } from "./periodic"

/** How often unpaid orders past their time are looked for. */
export const ORDER_EXPIRY_INTERVAL = Duration.seconds(30)

/**
 * The order expiry job: a pass at start-up, then one every interval. A pass
 * cancels the unpaid orders whose time ran out and puts their tickets back
 * on sale (core's Payments.expireDue), answering the ids it cancelled; it is
 * safe from several processes at once (each order claimed by one).
 */
export const orderExpiry = <E, R>(
  expireDue: Effect.Effect<readonly string[], E, R>,
  interval: Duration.DurationInput = ORDER_EXPIRY_INTERVAL,
): Layer.Layer<never, never, R> =>
  periodicJob({
    name: "order expiry",
    every: interval,
    firstPass: "at start",
    pass: Effect.tap(expireDue, (cancelled) =>
      cancelled.length === 0
        ? Effect.void
        : Effect.logInfo("unpaid orders expired; their tickets are back on sale", {
            orderIds: cancelled,
          }),
    ),
  })
