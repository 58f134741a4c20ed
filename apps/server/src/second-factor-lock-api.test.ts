import {
  INVALID_SECOND_FACTOR_PROBLEM,
  SECOND_FACTOR_LOCKED_PROBLEM,
  SECOND_FACTOR_REQUIRED_PROBLEM,
} from "@howzat/contracts/problem-types"
import { totpCode, totpStep } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import {
  type Authenticator,
  authenticators,
  nextCode,
  type SecondFactorChallenge,
} from "./test-support/second-factor"
import { type AuthBody, logIn, openShop, type Shop } from "./test-support/shop"
import { addedStaff } from "./test-support/staff"

/**
 * Someone who knows an Admin's password guesses the six digits through the
 * API (docs/decisions/0064-second-factor-lock.md): after ten wrong codes in a
 * row the authenticator's codes are refused, even the right one, until a
 * recovery code or another Admin's reset; the owner is emailed once.
 */
let shop: Shop
beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const browser = () => new Browser(shop.app).open()

/** An Admin added and enrolled through the API, with the phone and codes the test keeps. */
const enrolledAdmin = async () => {
  const who = await addedStaff(shop, "Admin")
  await logIn(await browser(), who.email, who.password)
  const authenticator = authenticators.get(who.email)
  if (authenticator === undefined) throw new Error("not enrolled")
  return { ...who, authenticator }
}

/** The password step, as the attacker (who knows it) does it: a fresh challenge. */
const challengeFor = async (b: Browser, who: { email: string; password: string }) => {
  const response = await b.post("/api/auth/authenticate", who)
  const body = (await problem(response, 401)) as unknown as SecondFactorChallenge
  expect(body.type).toBe(SECOND_FACTOR_REQUIRED_PROBLEM)
  return body.challenge
}

const verify = (b: Browser, challenge: string, code: string) =>
  b.post("/api/auth/second-factor", { challenge, code })

/** The phone's code for a step not used yet (never a recovery code, as nextCode may give). */
const phoneCode = (authenticator: Authenticator) => {
  const code = nextCode(authenticator)
  if (!/^\d{6}$/.test(code)) throw new Error("no unused TOTP step left")
  return code
}

/** Six digits that are no code the phone shows around now. */
const wrongCode = (authenticator: Authenticator, guess: number) => {
  const step = totpStep(Date.now())
  const near = new Set([-1, 0, 1, 2].map((d) => totpCode(authenticator.secret, step + d)))
  for (let n = guess; ; n++) {
    const code = String(n % 1_000_000).padStart(6, "0")
    if (!near.has(code)) return code
  }
}

/**
 * `count` wrong codes, five to a challenge (a challenge takes five), each on
 * a new sign-in with the password; answers the last response's problem and
 * the challenge still open, if any.
 */
const guessWrong = async (
  b: Browser,
  admin: Awaited<ReturnType<typeof enrolledAdmin>>,
  count: number,
) => {
  let challenge = ""
  let last: Awaited<ReturnType<typeof problem>> | undefined
  for (let i = 0; i < count; i++) {
    if (i % 5 === 0) challenge = await challengeFor(b, admin)
    // Both kinds of wrong code count: six digits, and a recovery code that is no one's.
    const code = i % 2 === 0 ? wrongCode(admin.authenticator, 123_456 + i) : "zzzz-zzzz-zzzz"
    last = await problem(await verify(b, challenge, code), 401)
  }
  return { last, challenge: count % 5 === 0 ? undefined : challenge }
}

const lockMails = async (to: string) =>
  (await shop.outbox.recent({ to, limit: 50 })).filter((m) => m.kind === "SecondFactorLocked")

describe("guessing an Admin's second factor", () => {
  it("locks it after ten wrong codes: the right TOTP code is then refused", async () => {
    const admin = await enrolledAdmin()
    const b = await browser()
    const { challenge } = await guessWrong(b, admin, 11)
    const right = phoneCode(admin.authenticator)
    const refused = await problem(await verify(b, challenge ?? "", right), 401)
    expect(refused).toMatchObject({
      type: SECOND_FACTOR_LOCKED_PROBLEM,
      detail: expect.stringMatching(/locked.*recovery code.*another admin/is),
    })
    expect(b.cookie("howzat_refresh")).toBeUndefined()
    // A fresh sign-in with the right code (refused unchecked, so still unused) is refused too:
    // the lock is the account's, not the challenge's.
    const fresh = await challengeFor(b, admin)
    const again = await problem(await verify(b, fresh, right), 401)
    expect(again.type).toBe(SECOND_FACTOR_LOCKED_PROBLEM)
  })

  it("says so at the tenth wrong code, not before, and emails the owner once", async () => {
    const admin = await enrolledAdmin()
    const b = await browser()
    const nine = await guessWrong(b, admin, 9)
    expect(nine.last?.type).toBe(INVALID_SECOND_FACTOR_PROBLEM)
    expect(await lockMails(admin.email)).toHaveLength(0)
    const tenth = await problem(await verify(b, nine.challenge ?? "", "zzzz-zzzz-zzzy"), 401)
    expect(tenth.type).toBe(SECOND_FACTOR_LOCKED_PROBLEM)
    await guessWrong(b, admin, 3)
    const mails = await lockMails(admin.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toMatch(/two-step sign-in/i)
    expect(mails[0]?.text).toMatch(/recovery code/)
  })

  it("is unlocked by a recovery code, which signs in; the authenticator works again", async () => {
    const admin = await enrolledAdmin()
    const b = await browser()
    await guessWrong(b, admin, 10)
    const challenge = await challengeFor(b, admin)
    const right = phoneCode(admin.authenticator)
    const refused = await problem(await verify(b, challenge, right), 401)
    expect(refused.type).toBe(SECOND_FACTOR_LOCKED_PROBLEM)
    const recovery = admin.authenticator.recoveryCodes.shift() ?? ""
    const auth = await json<AuthBody>(await verify(b, challenge, recovery))
    expect(auth.user.emailAddress).toBe(admin.email)
    // Unlocked: the next sign-in takes the phone's code again (the refused one, never checked).
    const next = await browser()
    const again = await challengeFor(next, admin)
    await json<AuthBody>(await verify(next, again, right))
  })

  it("is unlocked by another Admin's reset, audited, and the Admin enrols again", async () => {
    const locked = await enrolledAdmin()
    await guessWrong(await browser(), locked, 10)
    const helper = await enrolledAdmin()
    const helperBrowser = await browser()
    await logIn(helperBrowser, helper.email, helper.password)
    // The Staff screen shows whose two-step sign-in is locked, so another Admin knows to reset it.
    const lockedNow = async () =>
      (
        await json<{ user: { secondFactorLocked: boolean } }>(
          await helperBrowser.get(`/api/Users/${locked.userId}`),
        )
      ).user.secondFactorLocked
    expect(await lockedNow()).toBe(true)
    const reset = await helperBrowser.request("DELETE", `/api/Users/${locked.userId}/second-factor`)
    expect(reset.status).toBe(204)
    expect(await lockedNow()).toBe(false)
    const b = await browser()
    const required = (await problem(
      await b.post("/api/auth/authenticate", locked),
      401,
    )) as unknown as SecondFactorChallenge
    expect(required.enrolled).toBe(false)
    await logIn(b, locked.email, locked.password)
    const audit = await json<{ items: { action: string; subject: { id: string } }[] }>(
      await helperBrowser.get(`/api/AuditLog?SubjectId=${locked.userId}`),
    )
    expect(audit.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(["User.LockSecondFactor", "User.ResetSecondFactor"]),
    )
  })
})
