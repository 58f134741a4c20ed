/**
 * An in-memory AgeVerification: an identity-check provider whose answers
 * a test scripts per customer (a refusal, a request for documents, the
 * provider being down), recording every request it was asked. The
 * production default (DeclaredDateOfBirthLive) needs no double: it is a
 * pure rule over the clock. Both pass the contract of
 * test/contracts/age-verification.*.
 */
import { Effect, Layer } from "effect"
import {
  AgeVerification,
  type AgeVerificationOutcome,
  type AgeVerificationRequest,
  AgeVerificationUnavailable,
} from "../ports/age-verification.js"

/** What the scripted provider answers: an outcome, or "Unavailable" for a provider that is down. */
export type ScriptedAgeAnswer = AgeVerificationOutcome | "Unavailable"

export interface AgeVerificationScript {
  /** Answers by customer id; a customer not named gets `otherwise`. */
  readonly answers: Map<string, ScriptedAgeAnswer>
  otherwise: ScriptedAgeAnswer
  /** Every request the provider was asked, in order. */
  readonly asked: AgeVerificationRequest[]
}

/** Verifies everyone unless told otherwise. */
export const ageVerificationScript = (
  otherwise: ScriptedAgeAnswer = { result: "Verified", reason: "scripted" },
): AgeVerificationScript => ({ answers: new Map(), otherwise, asked: [] })

export const memoryAgeVerification = (
  script: AgeVerificationScript,
  method = "ScriptedIdentityCheck",
) =>
  Layer.succeed(AgeVerification, {
    method,
    check: (request) =>
      Effect.suspend(() => {
        script.asked.push(request)
        const answer = script.answers.get(request.customerId) ?? script.otherwise
        return answer === "Unavailable"
          ? Effect.fail(new AgeVerificationUnavailable({ method }))
          : Effect.succeed(answer)
      }),
  })
