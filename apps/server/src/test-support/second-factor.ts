import { SECOND_FACTOR_REQUIRED_PROBLEM } from "@howzat/contracts/problem-types"
import { TOTP_PERIOD_SECONDS, totpCode, totpStep } from "@howzat/core/rules"
import { expect } from "vitest"
import { type Browser, json } from "./browser"

export interface SecondFactorChallenge {
  readonly type: string
  readonly status: number
  readonly challenge: string
  readonly enrolled: boolean
}

/** What an Admin's phone and desk drawer hold: the app's secret and the unused recovery codes. */
export interface Authenticator {
  readonly secret: string
  recoveryCodes: string[]
  /** The last TOTP step this helper sent: the shop refuses it again (no replay). */
  lastStep: number
}

/** Every Admin this test file has enrolled, by email: their next sign-in uses the same phone. */
export const authenticators = new Map<string, Authenticator>()

/**
 * The code the phone would show now, or the next step's if now's was used
 * (the shop takes one step of drift); a recovery code when both were.
 */
export const nextCode = (authenticator: Authenticator, nowMs = Date.now()) => {
  const step = Math.max(totpStep(nowMs), authenticator.lastStep + 1)
  if (step <= totpStep(nowMs) + 1) {
    authenticator.lastStep = step
    return totpCode(authenticator.secret, step)
  }
  const code = authenticator.recoveryCodes.shift()
  if (code === undefined) throw new Error("out of TOTP steps and recovery codes")
  return code
}

/**
 * Finishes an Admin's sign-in as the admin app does: enrols an authenticator
 * on first use (computing its codes with the same library as the apps), or
 * answers with the next code. Answers with the AuthBody, the refresh cookie set.
 */
export const answerSecondFactor = async <A>(
  browser: Browser,
  email: string,
  required: SecondFactorChallenge,
): Promise<A> => {
  expect(required).toMatchObject({ type: SECOND_FACTOR_REQUIRED_PROBLEM, status: 401 })
  const { challenge } = required
  if (!required.enrolled) {
    const { secret } = await json<{ secret: string }>(
      await browser.post("/api/auth/second-factor/enrolment", { challenge }),
    )
    const authenticator: Authenticator = { secret, recoveryCodes: [], lastStep: -1 }
    const confirmed = await json<{ auth: A; recoveryCodes: string[] }>(
      await browser.post("/api/auth/second-factor/enrolment/confirm", {
        challenge,
        code: nextCode(authenticator),
      }),
    )
    authenticator.recoveryCodes = [...confirmed.recoveryCodes]
    authenticators.set(email.toLowerCase(), authenticator)
    return confirmed.auth
  }
  const authenticator = authenticators.get(email.toLowerCase())
  if (authenticator === undefined) throw new Error(`no authenticator kept for ${email}`)
  return json<A>(
    await browser.post("/api/auth/second-factor", { challenge, code: nextCode(authenticator) }),
  )
}

export const STEP_MS = TOTP_PERIOD_SECONDS * 1000
