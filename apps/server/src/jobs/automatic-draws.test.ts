import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Fiber, Layer, Ref, TestClock } from "effect"
import { automaticDraws } from "./automatic-draws"

describe("the automatic draw job", () => {
  it.scoped("passes at start-up, then once every interval, until its scope closes", () =>
    Effect.gen(function* () {
      const passes = yield* Ref.make(0)
      const pass = Effect.as(
        Ref.update(passes, (n) => n + 1),
        [],
      )
      const scope = yield* Effect.scope
      yield* Layer.buildWithScope(automaticDraws(pass, Duration.seconds(30)), scope)
      yield* Effect.yieldNow()
      expect(yield* Ref.get(passes)).toBe(1)
      yield* TestClock.adjust(Duration.seconds(29))
      expect(yield* Ref.get(passes)).toBe(1)
      yield* TestClock.adjust(Duration.seconds(1))
      expect(yield* Ref.get(passes)).toBe(2)
      yield* TestClock.adjust(Duration.seconds(60))
      expect(yield* Ref.get(passes)).toBe(4)
    }),
  )

  it.scoped("keeps going after a failed pass", () =>
    Effect.gen(function* () {
      const passes = yield* Ref.make(0)
      const pass = Effect.flatMap(
        Ref.updateAndGet(passes, (n) => n + 1),
        (n) => (n === 1 ? Effect.fail("database down" as const) : Effect.succeed([])),
      )
      const scope = yield* Effect.scope
      yield* Layer.buildWithScope(automaticDraws(pass, Duration.seconds(30)), scope)
      yield* Effect.yieldNow()
      yield* TestClock.adjust(Duration.seconds(30))
      expect(yield* Ref.get(passes)).toBe(2)
    }),
  )

  it.effect("stops when its scope closes", () =>
    Effect.gen(function* () {
      const passes = yield* Ref.make(0)
      const pass = Effect.as(
        Ref.update(passes, (n) => n + 1),
        [],
      )
      const fiber = yield* Effect.fork(
        Effect.scoped(
          Effect.zipRight(
            Layer.build(automaticDraws(pass, Duration.seconds(30))),
            Effect.sleep(Duration.seconds(45)),
          ),
        ),
      )
      yield* TestClock.adjust(Duration.seconds(45))
      yield* Fiber.join(fiber)
      const atClose = yield* Ref.get(passes)
      yield* TestClock.adjust(Duration.seconds(120))
      expect(yield* Ref.get(passes)).toBe(atClose)
      expect(atClose).toBe(2)
    }),
  )
})
