import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect, Layer, TestClock } from "effect"
import { emptyAccountStore, makeAccountDoubles } from "./test-doubles.js"
import { type Attempt, defaultRateLimitPolicy, RateLimitPolicy, Throttle } from "./throttle.js"

const START = Date.parse("2026-06-15T12:00:00Z")

const withPolicy = (enabled: boolean) => {
  const store = emptyAccountStore()
  return {
    store,
    layer: Throttle.Default.pipe(
      Layer.provide(Layer.succeed(RateLimitPolicy, { ...defaultRateLimitPolicy, enabled })),
      Layer.provide(makeAccountDoubles(store)),
    ),
  }
}

const attempts = (n: number, who: Attempt) =>
  Effect.flatMap(Throttle, (throttle) =>
    Effect.forEach(Array.from({ length: n }), () => Effect.either(throttle.check("login", who))),
  )

describe("Throttle", () => {
  it.effect("allows ten logins per account in a quarter hour, then says when to come back", () => {
    const { layer } = withPolicy(true)
    return Effect.gen(function* () {
      yield* TestClock.setTime(START + 5 * 60_000)
      const results = yield* attempts(11, { account: "ann@example.com" })
      expect(results.filter((r) => r._tag === "Right")).toHaveLength(10)
      const refused = results[10]
      expect(refused?._tag === "Left" && refused.left).toMatchObject({
        _tag: "RateLimited",
        limit: "account",
        retryAfterSeconds: 10 * 60,
      })
      // The same person typing their address differently is the same account.
      expect((yield* attempts(1, { account: " ANN@example.com" }))[0]?._tag).toBe("Left")
      yield* TestClock.adjust(Duration.minutes(10))
      expect((yield* attempts(1, { account: "ann@example.com" }))[0]?._tag).toBe("Right")
    }).pipe(Effect.provide(layer))
  })

  it.effect("counts per client address across accounts", () => {
    const { layer } = withPolicy(true)
    return Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const throttle = yield* Throttle
      for (let i = 0; i < 50; i++)
        yield* throttle.check("login", { account: `user${i}@example.com`, address: "198.51.100.7" })
      const refused = yield* Effect.flip(
        throttle.check("login", { account: "fresh@example.com", address: "198.51.100.7" }),
      )
      expect(refused).toMatchObject({ _tag: "RateLimited", limit: "address" })
      yield* throttle.check("login", { account: "fresh@example.com", address: "198.51.100.8" })
    }).pipe(Effect.provide(layer))
  })

  it.effect("lets many customers behind one address register, each email a few times", () => {
    const { layer } = withPolicy(true)
    return Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const throttle = yield* Throttle
      const office = "198.51.100.7"
      // A mobile network's or an office's shared address (decision 0014).
      for (let i = 0; i < 100; i++)
        yield* throttle.check("register", { account: `customer${i}@example.com`, address: office })
      const refused = yield* Effect.flip(
        throttle.check("register", { account: "one-more@example.com", address: office }),
      )
      expect(refused._tag).toBe("RateLimited")
      // One mailbox still gets five tries an hour, from wherever.
      for (let i = 0; i < 5; i++)
        yield* throttle.check("register", { account: "ann@example.com", address: `203.0.113.${i}` })
      const again = { account: "ann@example.com", address: "203.0.113.99" }
      expect((yield* Effect.flip(throttle.check("register", again)))._tag).toBe("RateLimited")
    }).pipe(Effect.provide(layer))
  })

  it.effect("counts an IPv6 client per /64 network, not per address it picks", () => {
    const { layer } = withPolicy(true)
    return Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const throttle = yield* Throttle
      for (let i = 1; i <= 50; i++)
        yield* throttle.check("login", {
          account: `user${i}@example.com`,
          address: `2001:db8:1:2::${i.toString(16)}`,
        })
      const sameNetwork = { account: "fresh@example.com", address: "2001:DB8:1:2:ab:cd:ef:1" }
      expect((yield* Effect.flip(throttle.check("login", sameNetwork)))._tag).toBe("RateLimited")
      yield* throttle.check("login", { ...sameNetwork, address: "2001:db8:1:3::1" })
    }).pipe(Effect.provide(layer))
  })

  it.effect("counts a trusted device against a budget of its own, as large as an account's", () => {
    const { layer, store } = withPolicy(true)
    return Effect.gen(function* () {
      yield* TestClock.setTime(START)
      const stranger = { account: "ann@example.com", address: "203.0.113.9" }
      const owner = { ...stranger, trustedDevice: "family-of-anns-browser" }
      const strangers = yield* attempts(11, stranger)
      expect(strangers[10]?._tag).toBe("Left")
      // The account and the address are used up; the owner's browser is not.
      const own = yield* attempts(11, owner)
      expect(own.filter((r) => r._tag === "Right")).toHaveLength(10)
      expect(own[10]?._tag === "Left" && own[10].left).toMatchObject({ limit: "device" })
      // Another device of hers has its own budget; the device id is kept only hashed.
      expect((yield* attempts(1, { ...owner, trustedDevice: "her-phone" }))[0]?._tag).toBe("Right")
      expect([...store.counters.keys()].join()).not.toContain("family-of")
    }).pipe(Effect.provide(layer))
  })

  it.effect("keeps no email address in the counters", () => {
    const { layer, store } = withPolicy(true)
    return Effect.gen(function* () {
      yield* attempts(1, { account: "ann@example.com" })
      expect([...store.counters.keys()].join()).not.toContain("ann")
    }).pipe(Effect.provide(layer))
  })

  it.effect("counts nothing when switched off", () => {
    const { layer, store } = withPolicy(false)
    return Effect.gen(function* () {
      const results = yield* attempts(100, { account: "ann@example.com", address: "198.51.100.7" })
      expect(results.every((r) => r._tag === "Right")).toBe(true)
      expect(store.counters.size).toBe(0)
    }).pipe(Effect.provide(layer))
  })
})
