import { randomUUID } from "node:crypto"
import { AgeVerification, type AgeVerificationRequest } from "@howzat/core/ports"
import { ageVerificationScript, memoryAgeVerification } from "@howzat/core/testing"
import { Effect, Either } from "effect"
import { describe, expect, it } from "vitest"
import { ageVerificationContract } from "./age-verification.contract"

const request = (): AgeVerificationRequest => ({
  customerId: randomUUID(),
  firstName: "Sam",
  lastName: "Scripted",
  dateOfBirth: "1990-01-01",
  address: null,
})

ageVerificationContract("age verification in memory (the scripted provider)", () => {
  const script = ageVerificationScript()
  return {
    layer: memoryAgeVerification(script),
    adult: request,
    minor: () => {
      const asked = request()
      script.answers.set(asked.customerId, { result: "NeedsDocuments", reason: "send a passport" })
      return asked
    },
  }
})

describe("the scripted age verification", () => {
  it("records what it was asked and can be down", async () => {
    const script = ageVerificationScript("Unavailable")
    const asked = request()
    const answer = await Effect.runPromise(
      Effect.either(Effect.flatMap(AgeVerification, (p) => p.check(asked))).pipe(
        Effect.provide(memoryAgeVerification(script, "Down")),
      ),
    )
    expect(Either.isLeft(answer) && answer.left).toMatchObject({
      _tag: "AgeVerificationUnavailable",
      method: "Down",
    })
    expect(script.asked).toEqual([asked])
  })
})
