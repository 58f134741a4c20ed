import { type Duration, Effect, Layer, Option, Schedule } from "effect"

export interface PeriodicJob<A, E, R> {
  /** Names the job in its log lines. */
  readonly name: string
  /** One pass. It must be safe to run from several processes at once (jobs claim rows). */
  readonly pass: Effect.Effect<A, E, R>
  /** The pause between the end of one pass and the start of the next. */
  readonly every: Duration.DurationInput
  /**
   * "at start": a pass as the job starts (catching up on what fell due while
   * the shop was down), then one every interval; "after an interval": the
   * first pass waits one interval too.
   */
  readonly firstPass: "at start" | "after an interval"
  /** Whether a pass left work behind (a backlog), so the next one starts at once. */
  readonly leftWork?: (result: A) => boolean
}

/**
 * A job of the server's runtime: a layer whose scope is the job's life. A
 * pass runs to its end once started (it is uninterruptible), so closing the
 * scope waits for the pass in hand and then stops the job in its pause: a
 * shutdown never leaves a transaction or a send half done, nor a pass
 * querying a database that is being closed. A failed pass (an error or a
 * defect) is logged and the next one tries again after the pause, so one
 * failure kills neither the job nor the server. Passes never overlap in one
 * process (the pause counts from a pass's end).
 */
export const periodicJob = <A, E, R>(job: PeriodicJob<A, E, R>): Layer.Layer<never, never, R> => {
  const pass = Effect.uninterruptible(job.pass).pipe(
    Effect.map(Option.some),
    Effect.catchAllCause((cause) =>
      Effect.as(Effect.logError(`${job.name} failed; will try again`, cause), Option.none<A>()),
    ),
  )
  const leftWork = job.leftWork ?? (() => false)
  const pauses = Schedule.identity<Option.Option<A>>().pipe(
    Schedule.addDelay((last) =>
      Option.isSome(last) && leftWork(last.value) ? "0 millis" : job.every,
    ),
  )
  const first = job.firstPass === "at start" ? Effect.void : Effect.sleep(job.every)
  return Layer.scopedDiscard(Effect.forkScoped(Effect.zipRight(first, Effect.repeat(pass, pauses))))
}
