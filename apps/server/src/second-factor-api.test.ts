import {
  INVALID_SECOND_FACTOR_PROBLEM,
  SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM,
  SECOND_FACTOR_REQUIRED_PROBLEM,
} from "@howzat/contracts/problem-types"
import { accountMessages, totpCode, totpStep } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { authenticators, nextCode, type SecondFactorChallenge } from "./test-support/second-factor"
import { type AuthBody, logIn, openShop, register, type Shop } from "./test-support/shop"
import { addedStaff, signedInStaff } from "./test-support/staff"

/**
 * An Admin's second factor through the real composition (decision
 * 0032): the password earns a 401 challenge, enrolment and a code
 * earn the session, codes are not replayed, recovery codes work once, a
 * challenge takes five wrong codes, and another Admin can reset it.
 */
let shop: Shop
beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const browser = () => new Browser(shop.app).open()

const REFRESH_COOKIE = "howzat_refresh"

/** The password step of an Admin's sign-in: the 401 challenge, no session cookie. */
const challengeFor = async (b: Browser, who: { email: string; password: string }) => {
  const response = await b.post("/api/auth/authenticate", who)
  const body = (await problem(response, 401)) as unknown as SecondFactorChallenge
  expect(b.cookie(REFRESH_COOKIE)).toBeUndefined()
  return body
}

interface Enrolled {
  email: string
  password: string
  userId: string
  secret: string
  recoveryCodes: string[]
}

/** An Admin added and enrolled through the API, their browser signed in. */
const enrolledAdmin = async (): Promise<Enrolled & { browser: Browser }> => {
  const who = await addedStaff(shop, "Admin")
  const b = await browser()
  await logIn(b, who.email, who.password)
  const authenticator = authenticators.get(who.email)
  if (authenticator === undefined) throw new Error("not enrolled")
  return {
    ...who,
    browser: b,
    secret: authenticator.secret,
    recoveryCodes: authenticator.recoveryCodes,
  }
}

const verify = (b: Browser, challenge: string, code: string) =>
  b.post("/api/auth/second-factor", { challenge, code })

describe("an Admin's sign-in", () => {
  it("answers the right password with a 401 challenge, a wrong one as ever", async () => {
    const who = await addedStaff(shop, "Admin")
    const b = await browser()
    const wrong = await problem(
      await b.post("/api/auth/authenticate", { email: who.email, password: "Wr0ng!pass" }),
      401,
    )
    expect(wrong.detail).toBe(accountMessages.loginFailed)
    expect(wrong).not.toHaveProperty("challenge")

    const required = await challengeFor(b, who)
    expect(required).toMatchObject({
      type: SECOND_FACTOR_REQUIRED_PROBLEM,
      title: "Second factor required",
      status: 401,
      enrolled: false,
      challenge: expect.any(String),
    })
  })

  it("enrols, confirms with a code, and signs in with ten recovery codes", async () => {
    const who = await addedStaff(shop, "Admin")
    const b = await browser()
    const { challenge } = await challengeFor(b, who)
    const enrolment = await json<{ secret: string; otpauthUri: string }>(
      await b.post("/api/auth/second-factor/enrolment", { challenge }),
    )
    expect(enrolment.secret).toMatch(/^[A-Z2-7]+$/)
    expect(enrolment.otpauthUri).toBe(
      `otpauth://totp/Howzat:${encodeURIComponent(who.email)}?secret=${enrolment.secret}&issuer=Howzat&algorithm=SHA1&digits=6&period=30`,
    )
    const confirmed = await json<{ auth: AuthBody; recoveryCodes: string[] }>(
      await b.post("/api/auth/second-factor/enrolment/confirm", {
        challenge,
        code: totpCode(enrolment.secret, totpStep(Date.now())),
      }),
    )
    expect(confirmed.auth.user).toMatchObject({ role: "Admin", customerId: null })
    expect(confirmed.recoveryCodes).toHaveLength(10)
    for (const code of confirmed.recoveryCodes)
      expect(code).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){2}$/)
    expect(b.cookie(REFRESH_COOKIE)).toBeDefined()
    // The refresh token works unchanged once the second factor is done.
    const refreshed = await json<AuthBody>(await b.post("/api/auth/refresh-token"))
    expect(refreshed.user.role).toBe("Admin")

    // Enrolling again is refused: the authenticator is set up.
    const next = await challengeFor(await browser(), who)
    expect(next.enrolled).toBe(true)
    await problem(
      await b.post("/api/auth/second-factor/enrolment", { challenge: next.challenge }),
      409,
    )
  })

  it("signs in with the next code, and refuses the same code again", async () => {
    const admin = await enrolledAdmin()
    const b = await browser()
    const { challenge, enrolled } = await challengeFor(b, admin)
    expect(enrolled).toBe(true)
    const authenticator = authenticators.get(admin.email)
    if (authenticator === undefined) throw new Error("no authenticator")
    const code = nextCode(authenticator)
    const auth = await json<AuthBody>(await verify(b, challenge, code))
    expect(auth.user).toMatchObject({ emailAddress: admin.email, role: "Admin" })
    expect(b.cookie(REFRESH_COOKIE)).toBeDefined()

    const again = await browser()
    const second = await challengeFor(again, admin)
    const replayed = await problem(await verify(again, second.challenge, code), 401)
    expect(replayed).toMatchObject({
      type: INVALID_SECOND_FACTOR_PROBLEM,
      detail: "That code is not right. Try the current code from your authenticator app.",
    })
    expect(again.cookie(REFRESH_COOKIE)).toBeUndefined()
  })

  it("takes each recovery code once", async () => {
    const admin = await enrolledAdmin()
    const [code] = admin.recoveryCodes.splice(0, 1)
    if (code === undefined) throw new Error("no recovery code")
    const b = await browser()
    const first = await challengeFor(b, admin)
    await json<AuthBody>(await verify(b, first.challenge, code.toUpperCase()))
    const other = await browser()
    const second = await challengeFor(other, admin)
    await problem(await verify(other, second.challenge, code), 401)
  })

  it("spends the challenge after five wrong codes", async () => {
    const admin = await enrolledAdmin()
    const b = await browser()
    const { challenge } = await challengeFor(b, admin)
    for (let i = 0; i < 5; i++) {
      const wrong = await problem(await verify(b, challenge, "zzzz-zzzz-zzzz"), 401)
      expect(wrong.type).toBe(INVALID_SECOND_FACTOR_PROBLEM)
    }
    const code = admin.recoveryCodes[0] ?? ""
    const expired = await problem(await verify(b, challenge, code), 401)
    expect(expired).toMatchObject({
      type: SECOND_FACTOR_CHALLENGE_EXPIRED_PROBLEM,
      detail: "Your sign-in has timed out. Sign in again.",
    })
    // The code was not spent by the refused attempt: a new sign-in takes it.
    const fresh = await challengeFor(b, admin)
    await json<AuthBody>(await verify(b, fresh.challenge, code))
  })

  it("answers a malformed body with 400, never a 500", async () => {
    const b = await browser()
    await problem(await b.post("/api/auth/second-factor", { challenge: 1, code: [] }), 400)
    await problem(await b.post("/api/auth/second-factor/enrolment", {}), 400)
  })
})

describe("Staff and customers", () => {
  it("sign in on their password as before", async () => {
    const staff = await signedInStaff(shop, "Staff")
    expect(staff.browser.accessToken).toBeDefined()
    expect(staff.browser.cookie(REFRESH_COOKIE)).toBeDefined()
    const customer = await browser()
    const registered = await register(customer)
    const again = await browser()
    const auth = await logIn(again, registered.email, registered.password)
    expect(auth.user.role).toBe("Customer")
  })
})

describe("recovery codes and resets", () => {
  it("regenerates the recovery codes on a current code, audited", async () => {
    const admin = await enrolledAdmin()
    const authenticator = authenticators.get(admin.email)
    if (authenticator === undefined) throw new Error("no authenticator")
    const old = admin.recoveryCodes[0] ?? ""
    const wrong = await problem(
      await admin.browser.post("/api/auth/second-factor/recovery-codes", { code: "000000x" }),
      400,
    )
    expect(wrong.type).toBe(INVALID_SECOND_FACTOR_PROBLEM)
    const fresh = await json<{ recoveryCodes: string[] }>(
      await admin.browser.post("/api/auth/second-factor/recovery-codes", {
        code: nextCode(authenticator),
      }),
    )
    expect(fresh.recoveryCodes).toHaveLength(10)
    const b = await browser()
    const { challenge } = await challengeFor(b, admin)
    await problem(await verify(b, challenge, old), 401)
    await json<AuthBody>(await verify(b, challenge, fresh.recoveryCodes[0] ?? ""))
    // Nobody signed in cannot ask.
    await problem(
      await (await browser()).post("/api/auth/second-factor/recovery-codes", { code: "123456" }),
      401,
    )
  })

  it("lets another Admin reset a lost second factor, ending that Admin's sessions", async () => {
    const lost = await enrolledAdmin()
    const helper = await enrolledAdmin()
    const staff = await signedInStaff(shop, "Staff")
    const path = `/api/Users/${lost.userId}/second-factor`
    await problem(await staff.browser.request("DELETE", path), 403)
    await problem(
      await lost.browser.request("DELETE", `/api/Users/${lost.userId}/second-factor`),
      409,
    )
    const reset = await helper.browser.request("DELETE", path)
    expect(reset.status).toBe(204)
    // Their refresh token no longer works, and the next sign-in enrols again.
    await problem(await lost.browser.post("/api/auth/refresh-token"), 401)
    expect((await challengeFor(await browser(), lost)).enrolled).toBe(false)
    const audit = await json<{ items: { action: string; subject: { id: string } }[] }>(
      await helper.browser.get(`/api/AuditLog?Action=User.ResetSecondFactor`),
    )
    expect(audit.items).toEqual([
      expect.objectContaining({
        action: "User.ResetSecondFactor",
        subject: { type: "User", id: lost.userId },
      }),
    ])
  })
})
