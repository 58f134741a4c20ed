import { describe, expect, it } from "@effect/vitest"
import { Deferred, Duration, Effect, Exit, Fiber, Layer, Ref, Scope, TestClock } from "effect"
import { periodicJob } from "./periodic"

const counting = Effect.gen(function* () {
  const passes = yield* Ref.make(0)
  return { passes, pass: Ref.update(passes, (n) => n + 1) }
})

describe("a periodic job", () => {
  it.effect("passes at start, then once every interval, and stops when its scope closes", () =>
    Effect.gen(function* () {
      const { passes, pass } = yield* counting
      const scope = yield* Scope.make()
      yield* Layer.buildWithScope(
        periodicJob({ name: "test job", pass, every: "10 seconds", firstPass: "at start" }),
        scope,
      )
      yield* Effect.yieldNow()
      expect(yield* Ref.get(passes)).toBe(1)
      yield* TestClock.adjust(Duration.seconds(9))
      expect(yield* Ref.get(passes)).toBe(1)
      yield* TestClock.adjust(Duration.seconds(1))
      expect(yield* Ref.get(passes)).toBe(2)
      yield* TestClock.adjust(Duration.seconds(30))
      expect(yield* Ref.get(passes)).toBe(5)
      yield* Scope.close(scope, Exit.void)
      yield* TestClock.adjust(Duration.seconds(60))
      expect(yield* Ref.get(passes)).toBe(5)
    }),
  )

  it.scoped("can wait one interval before its first pass", () =>
    Effect.gen(function* () {
      const { passes, pass } = yield* counting
      yield* Layer.build(
        periodicJob({ name: "test job", pass, every: "1 hour", firstPass: "after an interval" }),
      )
      yield* TestClock.adjust(Duration.minutes(59))
      expect(yield* Ref.get(passes)).toBe(0)
      yield* TestClock.adjust(Duration.minutes(1))
      expect(yield* Ref.get(passes)).toBe(1)
      yield* TestClock.adjust(Duration.hours(2))
      expect(yield* Ref.get(passes)).toBe(3)
    }),
  )

  it.scoped("tries again after a pass that fails or dies", () =>
    Effect.gen(function* () {
      const passes = yield* Ref.make(0)
      const pass = Effect.flatMap(
        Ref.updateAndGet(passes, (n) => n + 1),
        (n) =>
          n === 1
            ? Effect.fail("database away" as const)
            : n === 2
              ? Effect.die(new Error("a bug"))
              : Effect.void,
      )
      yield* Layer.build(
        periodicJob({ name: "test job", pass, every: "5 seconds", firstPass: "at start" }),
      )
      yield* Effect.yieldNow()
      yield* TestClock.adjust(Duration.seconds(10))
      expect(yield* Ref.get(passes)).toBe(3)
      yield* TestClock.adjust(Duration.seconds(5))
      expect(yield* Ref.get(passes)).toBe(4)
    }),
  )

  it.effect("lets the pass in hand finish before its scope is closed", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const finished = yield* Ref.make(false)
      const pass = Deferred.succeed(started, undefined).pipe(
        Effect.zipRight(Effect.sleep(Duration.seconds(3))),
        Effect.zipRight(Ref.set(finished, true)),
      )
      const scope = yield* Scope.make()
      yield* Layer.buildWithScope(
        periodicJob({ name: "test job", pass, every: "10 seconds", firstPass: "at start" }),
        scope,
      )
      yield* Deferred.await(started)
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* Effect.yieldNow()
      expect(closing.unsafePoll()).toBeNull()
      yield* TestClock.adjust(Duration.seconds(3))
      yield* Fiber.join(closing)
      expect(yield* Ref.get(finished)).toBe(true)
    }),
  )
})

describe("a periodic job with a backlog", () => {
  it.scoped("goes again at once while a pass leaves work behind", () =>
    Effect.gen(function* () {
      const backlog = yield* Ref.make(3)
      const passes = yield* Ref.make(0)
      const pass = Effect.zipRight(
        Ref.update(passes, (n) => n + 1),
        Ref.getAndUpdate(backlog, (n) => Math.max(0, n - 1)),
      )
      yield* Layer.build(
        periodicJob({
          name: "test job",
          pass,
          every: "10 seconds",
          firstPass: "at start",
          leftWork: (handled) => handled > 0,
        }),
      )
      yield* TestClock.adjust(Duration.millis(1))
      // Three batches and an empty fourth pass, then the pause.
      expect(yield* Ref.get(passes)).toBe(4)
      yield* TestClock.adjust(Duration.seconds(10))
      expect(yield* Ref.get(passes)).toBe(5)
    }),
  )
})
