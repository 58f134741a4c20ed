import {
  AgeVerification,
  type AgeVerificationRequest,
  type AgeVerificationShape,
} from "@howzat/core/ports"
import { Effect, type Layer } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"

/**
 * An AgeVerification provider to test and the customers it knows: one it
 * finds 18 or over, one it does not (each call a new customer).
 */
export interface AgeVerificationWorld {
  readonly layer: Layer.Layer<AgeVerification>
  readonly adult: () => AgeVerificationRequest
  readonly minor: () => AgeVerificationRequest
}

/**
 * The AgeVerification port's contract (decision 0043), run on the default
 * provider (the declared date of birth) and on the in-memory scripted one:
 * a provider names itself, verifies the adults it knows, never verifies a
 * minor, gives a reason, and answers a request asked again the same way.
 * AgeVerificationRecords has its own contract (account-standing.*).
 */
export const ageVerificationContract = (name: string, open: () => AgeVerificationWorld) =>
  describe(name, () => {
    const world = open()
    const run = <A, E>(use: (provider: AgeVerificationShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(AgeVerification, use).pipe(Effect.provide(world.layer)))

    it("names itself, the same name every time", async () => {
      const method = await run((p) => Effect.succeed(p.method))
      expect(method).toMatch(/^[A-Za-z][A-Za-z0-9]*$/)
      expect(await run((p) => Effect.succeed(p.method))).toBe(method)
    })

    it("verifies an adult it knows and never a minor, each with a reason", async () => {
      const adult = await run((p) => p.check(world.adult()))
      expect(adult.result).toBe("Verified")
      expect(adult.reason).not.toBe("")
      const minor = await run((p) => p.check(world.minor()))
      expect(minor.result).not.toBe("Verified")
      expect(minor.reason).not.toBe("")
    })

    it("answers a request asked again the same way (property)", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }), async (kinds) => {
          const requests = kinds.map((isAdult) => (isAdult ? world.adult() : world.minor()))
          const first = []
          for (const request of requests) first.push(await run((p) => p.check(request)))
          for (const [i, request] of requests.entries())
            expect(await run((p) => p.check(request))).toEqual(first[i])
          expect(first.map((o) => o.result === "Verified")).toEqual(kinds)
        }),
        { numRuns: 10 },
      )
    })
  })
