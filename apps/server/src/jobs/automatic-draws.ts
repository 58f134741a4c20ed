import type { ListedDraw } from "@howzat/core/draws"
import { Duration, Effect, type Layer } from "effect"
import { periodicJob } from "./periodic"

/** How often automatic competitions whose draw time has come are looked for. */
export const AUTOMATIC_DRAW_INTERVAL = Duration.seconds(30)

type DrawPass<E, R> = Effect.Effect<
  readonly { readonly competitionId: string; readonly made: ListedDraw | null }[],
  E,
  R
>

/**
 * The automatic draws: one pass at start-up (catching up on whatever fell
 * due while the shop was down), then one every interval, for as long as the
 * layer's scope lives (periodic.ts: a failed pass is logged and the next one
 * tries again). Several processes may run passes at once: each draw is made
 * under the competition's row lock and recorded once (core's Draws), so
 * they cannot make two.
 */
export const automaticDraws = <E, R>(
  drawDue: DrawPass<E, R>,
  interval: Duration.DurationInput = AUTOMATIC_DRAW_INTERVAL,
): Layer.Layer<never, never, R> =>
  periodicJob({
    name: "automatic draw pass",
    every: interval,
    firstPass: "at start",
    pass: Effect.tap(drawDue, (results) =>
      Effect.forEach(
        results.flatMap((r) => (r.made === null ? [] : [r.made])),
        (made) =>
          Effect.logInfo("competition drawn", {
            competitionId: made.competitionId,
            outcome: made.outcome,
            winningTicketNumber: made.winningTicketNumber,
          }),
        { discard: true },
      ),
    ),
  })
