import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, Logger, Ref, TestClock } from "effect"
import { orderExpiry } from "./order-expiry"

describe("the order expiry job", () => {
  it.scoped("expires at start-up and every interval, logging what it cancelled", () =>
    Effect.gen(function* () {
      const passes = yield* Ref.make(0)
      const logged: unknown[] = []
      const expireDue = Effect.map(
        Ref.updateAndGet(passes, (n) => n + 1),
        (n) => (n === 2 ? ["order-1"] : []),
      )
      yield* Layer.build(
        orderExpiry(expireDue, Duration.seconds(30)).pipe(
          Layer.provide(
            Logger.replace(
              Logger.defaultLogger,
              Logger.make(({ message }) => logged.push(message)),
            ),
          ),
        ),
      )
      yield* Effect.yieldNow()
      expect(yield* Ref.get(passes)).toBe(1)
      yield* TestClock.adjust(Duration.seconds(30))
      expect(yield* Ref.get(passes)).toBe(2)
      expect(logged).toEqual([
        ["unpaid orders expired; their tickets are back on sale", { orderIds: ["order-1"] }],
      ])
    }),
  )

  it.scoped("keeps going after a failed pass", () =>
    Effect.gen(function* () {
      const passes = yield* Ref.make(0)
      const expireDue = Effect.flatMap(
        Ref.updateAndGet(passes, (n) => n + 1),
        (n) => (n === 1 ? Effect.fail("database away" as const) : Effect.succeed([])),
      )
      yield* Layer.build(orderExpiry(expireDue, Duration.seconds(30)))
      yield* Effect.yieldNow()
      yield* TestClock.adjust(Duration.seconds(60))
      expect(yield* Ref.get(passes)).toBe(3)
    }),
  )
})
