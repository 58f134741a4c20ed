import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc, TestClock } from "effect"
import { sign, signatureHeader, verifySignature } from "./signature"

const secret = fc.string({ minLength: 1, maxLength: 64 })
const body = fc.string({ maxLength: 500 })
// Any instant from 2001 to 2286, in whole seconds.
const nowSeconds = fc.integer({ min: 1_000_000_000, max: 9_999_999_999 })

const reason = (effect: Effect.Effect<void, { readonly reason: string }>) =>
  Effect.flip(effect).pipe(Effect.map((e) => e.reason))

describe("signatures", () => {
  it.effect.prop("a fresh signature verifies", [secret, body, nowSeconds], ([s, b, now]) =>
    Effect.gen(function* () {
      yield* TestClock.setTime(now * 1000)
      const header = yield* sign(s, b)
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
      yield* verifySignature({ secret: s, header, rawBody: b })
    }),
  )

  it.effect.prop(
    "any change to the body is rejected",
    [secret, body, body, nowSeconds],
    ([s, b, other, now]) =>
      Effect.gen(function* () {
        fc.pre(b !== other)
        yield* TestClock.setTime(now * 1000)
        const header = signatureHeader(s, now, b)
        expect(yield* reason(verifySignature({ secret: s, header, rawBody: other }))).toBe(
          "The signature does not match the body.",
        )
      }),
  )

  it.effect.prop(
    "any other secret is rejected",
    [secret, secret, body, nowSeconds],
    ([s, other, b, now]) =>
      Effect.gen(function* () {
        fc.pre(s !== other)
        yield* TestClock.setTime(now * 1000)
        const header = signatureHeader(other, now, b)
        expect(yield* reason(verifySignature({ secret: s, header, rawBody: b }))).toBe(
          "The signature does not match the body.",
        )
      }),
  )

  it.effect.prop(
    "a changed timestamp is rejected, even inside the window",
    [secret, body, nowSeconds, fc.integer({ min: -300, max: 300 })],
    ([s, b, now, shift]) =>
      Effect.gen(function* () {
        fc.pre(shift !== 0)
        yield* TestClock.setTime(now * 1000)
        const genuine = signatureHeader(s, now, b)
        const moved = genuine.replace(/^t=\d+/, `t=${now + shift}`)
        expect(yield* reason(verifySignature({ secret: s, header: moved, rawBody: b }))).toBe(
          "The signature does not match the body.",
        )
      }),
  )

  it.effect.prop(
    "a genuine signature outside the window is rejected",
    [secret, body, nowSeconds, fc.integer({ min: 301, max: 10_000_000 }), fc.boolean()],
    ([s, b, now, age, future]) =>
      Effect.gen(function* () {
        yield* TestClock.setTime(now * 1000)
        const header = signatureHeader(s, future ? now + age : now - age, b)
        expect(yield* reason(verifySignature({ secret: s, header, rawBody: b }))).toBe(
          "The signature's timestamp is outside the tolerated window.",
        )
      }),
  )

  it.effect("the window is the edge: 300 s old passes, 301 s fails, and it is configurable", () =>
    Effect.gen(function* () {
      const header = signatureHeader("whsec", 1_700_000_000, "{}")
      yield* TestClock.setTime(1_700_000_300_999)
      yield* verifySignature({ secret: "whsec", header, rawBody: "{}" })
      yield* TestClock.setTime(1_700_000_301_000)
      expect(yield* reason(verifySignature({ secret: "whsec", header, rawBody: "{}" }))).toMatch(
        /outside/,
      )
      yield* verifySignature({ secret: "whsec", header, rawBody: "{}", toleranceSeconds: 600 })
    }),
  )

  it.effect("any of several v1 entries may match (a provider rotating its secret)", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_700_000_000_000)
      const genuine = signatureHeader("new", 1_700_000_000, "{}")
      const old = signatureHeader("old", 1_700_000_000, "{}").split(",")[1]
      yield* verifySignature({ secret: "new", header: `${genuine},${old},v0=abc`, rawBody: "{}" })
      yield* verifySignature({
        secret: "new",
        header: `t=1700000000,${old},${genuine.split(",")[1]}`,
        rawBody: "{}",
      })
    }),
  )

  it.effect("missing and malformed headers are rejected with their own reasons", () =>
    Effect.gen(function* () {
      const check = (header: string | undefined) =>
        reason(verifySignature({ secret: "s", header, rawBody: "{}" }))
      expect(yield* check(undefined)).toBe("The signature header is missing.")
      expect(yield* check(" ")).toBe("The signature header is missing.")
      expect(yield* check("v1=00")).toBe("The signature header is malformed.")
      expect(yield* check("t=0")).toBe("The signature header is malformed.")
      expect(yield* check(`t=abc,v1=${"0".repeat(64)}`)).toBe("The signature header is malformed.")
      expect(yield* check(`t=0,v1=${"z".repeat(64)}`)).toBe("The signature header is malformed.")
    }),
  )
})
