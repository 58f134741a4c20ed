/**
 * The second factor at sign-in (decision 0032): an Admin's password is
 * answered with a problem that carries a challenge, and the sign-in goes on
 * with a code from an authenticator app (or a recovery code), enrolling one
 * first if the Admin has none.
 */
import { SECOND_FACTOR_REQUIRED_PROBLEM } from "@howzat/contracts/problem-types"
import { ApiError } from "../api"

export interface SecondFactorChallenge {
  readonly challenge: string
  readonly enrolled: boolean
}

/** The challenge in a sign-in's refusal, when the refusal is "now the second factor". */
export const secondFactorChallenge = (error: unknown): SecondFactorChallenge | undefined => {
  if (!(error instanceof ApiError) || error.type !== SECOND_FACTOR_REQUIRED_PROBLEM)
    return undefined
  const challenge = error.problem?.challenge
  const enrolled = error.problem?.enrolled
  return typeof challenge === "string" && challenge !== ""
    ? { challenge, enrolled: enrolled === true }
    : undefined
}

/** A base32 secret in groups of four, as people type it into an app. */
export const groupedSecret = (secret: string): string =>
  secret.replace(/\s+/g, "").replace(/(.{4})(?=.)/g, "$1 ")

/** What was typed, as the server reads it: spaces out, a six-digit code or a recovery code. */
export const cleanCode = (typed: string): string => typed.replace(/\s+/g, "").toLowerCase()
