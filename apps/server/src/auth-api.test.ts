import { accountMessages, messages } from "@howzat/core/rules"
import { SignJWT } from "jose"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, claimsOf, json, problem } from "./test-support/browser"
import {
  type AuthBody,
  LINK_ORIGIN,
  logIn,
  mailed,
  mailTo,
  openShop,
  register,
  registrationFor,
  type Shop,
  STRONG_PASSWORD,
  TEST_JWT_SECRET,
} from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The auth calls of docs/product/api.md as a browser meets them: the real composition
 * (core, Postgres repositories on in-memory PGlite, argon2, jose, Hono) with
 * cookies, XSRF and bearer tokens. Every secret the tests see is collected,
 * and the last test proves none of them is stored in clear.
 */
let shop: Shop
const seenSecrets = new Set<string>([STRONG_PASSWORD])

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const browser = () => new Browser(shop.app).open()
const remember = (...secrets: (string | undefined)[]) => {
  for (const secret of secrets) if (secret) seenSecrets.add(secret)
}
const setCookie = (response: Response, name: string) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))

describe("XSRF", () => {
  it("hands a fresh browser the cookie on its first GET, and only then", async () => {
    const fresh = new Browser(shop.app)
    // Not a public catalogue read: those set no cookie, as any cache may share them (0047).
    const first = await fresh.get("/health/ping")
    const cookie = setCookie(first, "XSRF-TOKEN")
    expect(cookie).toMatch(/^XSRF-TOKEN=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Strict$/)
    expect(cookie).not.toMatch(/HttpOnly/i)
    expect(setCookie(await fresh.get("/health/ping"), "XSRF-TOKEN")).toBeUndefined()
  })

  it("hands it out with the storefront's page too, before any script runs", async () => {
    const response = await new Browser(shop.app).get("/Auth/Login")
    expect(response.status).toBe(200)
    expect(setCookie(response, "XSRF-TOKEN")).toBeDefined()
  })

  it("refuses a POST without the header, with a problem and a cookie to retry with", async () => {
    const fresh = new Browser(shop.app)
    const response = await fresh.post("/api/auth/authenticate", {
      email: "a@example.com",
      password: "x",
    })
    const refused = await problem(response, 403)
    expect(refused.title).toBe("Forbidden")
    expect(refused.detail).toMatch(/XSRF token is missing or wrong/)
    expect(fresh.cookie("XSRF-TOKEN")).toBeDefined()
    // The retry a plain HTTP client makes, header now set from the cookie: let through.
    await problem(
      await fresh.post("/api/auth/authenticate", { email: "a@example.com", password: "x" }),
      401,
    )
  })

  it("refuses a header that doesn't match the cookie", async () => {
    const b = await browser()
    const response = await b.request("POST", "/api/auth/revoke-token", { xsrf: false })
    await problem(response, 403)
    b.cookies.set("XSRF-TOKEN", { value: "forged", path: "/" })
    const forged = await b.request("POST", "/api/auth/revoke-token", { xsrf: false, body: {} })
    await problem(forged, 403)
  })

  it("guards PUT as well as POST", async () => {
    const response = await new Browser(shop.app).request(
      "PUT",
      "/api/Customers/00000000-0000-4000-8000-000000000000",
      {
        body: {},
      },
    )
    await problem(response, 403)
  })
})

describe("POST /api/Customers (registration)", () => {
  it("creates the customer, logs them in and mails a verification link to Home", async () => {
    const b = await browser()
    const body = registrationFor()
    const response = await b.post("/api/Customers", body)
    const auth = await json<AuthBody>(response)
    expect(auth.user).toEqual({
      firstName: "Ann",
      lastName: "Smith",
      emailAddress: body.emailAddress,
      email: body.emailAddress,
      role: "Customer",
      customerId: expect.any(String),
      emailVerified: false,
    })
    const claims = claimsOf(auth.accessToken)
    expect(claims).toMatchObject({
      role: "Customer",
      customerId: auth.user.customerId,
      email: body.emailAddress,
      name: "Ann Smith",
    })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(15 * 60)
    const refresh = setCookie(response, "howzat_refresh")
    expect(refresh).toMatch(/HttpOnly/)
    expect(refresh).toMatch(/SameSite=Strict/)
    expect(refresh).toMatch(/Path=\/api\/auth/)
    expect(refresh).not.toMatch(/Secure/)
    remember(b.cookie("howzat_refresh"))

    const { link, token } = await mailTo(shop, body.emailAddress, "VerifyEmail")
    expect(`${link.origin}${link.pathname}`).toBe(`${LINK_ORIGIN}/`)
    remember(token)
  })

  it("answers every invalid field with docs/product/validation.md's message", async () => {
    const b = await browser()
    const refused = await problem(
      await b.post("/api/Customers", {
        firstName: "",
        lastName: "x@y.z",
        emailAddress: "nope",
        password: "weak",
        confirmPassword: "different",
        telephoneNumber: "12345",
        dateOfBirth: "2015-01-01",
      }),
      400,
    )
    expect(refused.title).toBe("One or more validation errors occurred.")
    expect(refused.errors).toEqual({
      firstName: [messages.firstNameRequired],
      lastName: [messages.nameIsEmail],
      emailAddress: [messages.emailInvalid],
      password: [messages.newPasswordWeak],
      confirmPassword: [messages.confirmPasswordMismatch],
      telephoneNumber: [messages.telephoneInvalid],
      dateOfBirth: [messages.dateOfBirthTooYoung],
      acceptTerms: [messages.acceptTermsRequired],
    })
    expect(refused.detail).toContain(
      ` -- acceptTerms: ${messages.acceptTermsRequired} Severity: Error`,
    )
  })

  it("refuses a message dressed as a name, which would ride in the shop's emails", async () => {
    const b = await browser()
    const refused = await problem(
      await b.post(
        "/api/Customers",
        registrationFor({ firstName: "Claim your prize at http://prize.example", lastName: "2" }),
      ),
      400,
    )
    expect(refused.errors).toEqual({
      firstName: [messages.nameCharacters],
      lastName: [messages.nameCharacters],
    })
    // A real name of any alphabet, hyphen or apostrophe is welcome.
    await json(
      await b.post("/api/Customers", registrationFor({ firstName: "Zoë-Ann", lastName: "D’Arcy" })),
    )
  })

  it("answers a second account for a mailbox with the 'application error' problem", async () => {
    const b = await browser()
    const first = registrationFor()
    await json(await b.post("/api/Customers", first))
    const again = await problem(
      await b.post("/api/Customers", { ...first, emailAddress: first.emailAddress.toUpperCase() }),
      409,
    )
    expect(again.title).toContain("application error")
    expect(again.detail).toBe(accountMessages.emailAlreadyRegistered)
  })

  it("answers a filled honey-pot like a success, creating nothing and setting no cookie", async () => {
    const b = await browser()
    const body = registrationFor({ website: "http://cheap-pills.example" })
    const response = await b.post("/api/Customers", body)
    const auth = await json<AuthBody>(response)
    expect(auth.user.emailAddress).toBe(body.emailAddress)
    expect(setCookie(response, "howzat_refresh")).toBeUndefined()
    const users = await shop.db
      .selectFrom("users")
      .select("email")
      .where("email", "=", body.emailAddress)
      .execute()
    expect(users).toEqual([])
    expect(await shop.outbox.recent({ to: body.emailAddress, limit: 5 })).toEqual([])
    await problem(await b.get(`/api/Customers/${auth.user.customerId}`), 401)
  })

  it("never puts another site in the verification link", async () => {
    const b = await browser()
    const body = registrationFor({ emailVerificationReturnUrl: "https://evil.example" })
    await json(await b.post("/api/Customers", body))
    const { link } = await mailTo(shop, body.emailAddress, "VerifyEmail")
    expect(link.origin).toBe(LINK_ORIGIN)
  })
})

describe("POST /api/auth/authenticate", () => {
  it("logs in with any capitalisation of the email and sets the refresh cookie", async () => {
    const b = await browser()
    const { email } = await register(b)
    const other = await browser()
    const response = await other.post("/api/auth/authenticate", {
      email: email.toUpperCase(),
      password: STRONG_PASSWORD,
    })
    const auth = await json<AuthBody>(response)
    expect(auth.user.emailAddress).toBe(email)
    expect(other.cookie("howzat_refresh")).toBeDefined()
    remember(other.cookie("howzat_refresh"))
  })

  it("refuses a wrong password and an unknown email with one and the same 401", async () => {
    const b = await browser()
    const { email } = await register(b)
    const wrong = await problem(
      await b.post("/api/auth/authenticate", { email, password: "Wr0ng!pass" }),
      401,
    )
    const unknown = await problem(
      await b.post("/api/auth/authenticate", {
        email: "nobody@example.com",
        password: STRONG_PASSWORD,
      }),
      401,
    )
    expect(wrong.detail).toBe("Login failed - please check username and password are correct")
    expect(unknown).toEqual(wrong)
  })

  it("checks the form with docs/product/validation.md's messages", async () => {
    const refused = await problem(await (await browser()).post("/api/auth/authenticate", {}), 400)
    expect(refused.errors).toEqual({
      email: [messages.emailRequired],
      password: [messages.passwordRequired],
    })
  })
})

describe("refreshing and revoking", () => {
  it("rotates the refresh cookie and issues a new access token", async () => {
    const b = await browser()
    const auth = await register(b)
    const before = b.cookie("howzat_refresh")
    const refreshed = await json<AuthBody>(await b.post("/api/auth/refresh-token"))
    expect(refreshed.user.emailAddress).toBe(auth.email)
    expect(b.cookie("howzat_refresh")).not.toBe(before)
    remember(before, b.cookie("howzat_refresh"))
  })

  it("ends the whole session when an old refresh token is replayed", async () => {
    const b = await browser()
    await register(b)
    const stolen = b.cookie("howzat_refresh")!
    await json(await b.post("/api/auth/refresh-token"))
    const current = b.cookie("howzat_refresh")!

    const thief = await browser()
    thief.cookies.set("howzat_refresh", { value: stolen, path: "/api/auth" })
    const replay = await problem(await thief.post("/api/auth/refresh-token"), 401)
    expect(replay.detail).toBe(accountMessages.sessionEnded)
    expect(thief.cookie("howzat_refresh")).toBeUndefined()
    // The real customer's newer token died with the family.
    expect(b.cookie("howzat_refresh")).toBe(current)
    await problem(await b.post("/api/auth/refresh-token"), 401)
    remember(stolen, current)
  })

  it("answers 401 without a refresh cookie", async () => {
    await problem(await (await browser()).post("/api/auth/refresh-token"), 401)
  })

  it("logs out: the cookie is cleared and the token no longer refreshes", async () => {
    const b = await browser()
    await register(b)
    const token = b.cookie("howzat_refresh")!
    const response = await b.post("/api/auth/revoke-token")
    expect(await json(response)).toEqual({ message: accountMessages.loggedOut })
    expect(setCookie(response, "howzat_refresh")).toMatch(
      /^howzat_refresh=; .*Expires=Thu, 01 Jan 1970/,
    )
    b.cookies.set("howzat_refresh", { value: token, path: "/api/auth" })
    await problem(await b.post("/api/auth/refresh-token"), 401)
    // Logging out twice is still logged out.
    await json(await b.post("/api/auth/revoke-token"))
  })
})

describe("bearer tokens", () => {
  /** A token with these claims, signed with this key. */
  const forge = (secret: string, exp: number, claims: Record<string, unknown>, sub: string) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub)
      .setIssuer("howzat")
      .setAudience("howzat")
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret))

  /** A real member of staff's claims, read from the token the shop gave them. */
  const staffClaims = async () => {
    const { browser: staff, userId } = await signedInStaff(shop)
    const { role, customerId, email, name, sid } = claimsOf(staff.accessToken as string)
    return { claims: { role, customerId, email, name, sid }, userId }
  }

  it("are required by the customer calls", async () => {
    const b = await browser()
    const missing = await problem(await b.get("/api/Customers"), 401)
    expect(missing.detail).toBe(accountMessages.notLoggedIn)
    await problem(await b.request("GET", "/api/Customers", { bearer: "not.a.jwt" }), 401)
  })

  it("are refused when expired or signed with another key", async () => {
    const b = await browser()
    const now = Math.floor(Date.now() / 1000)
    const { claims, userId } = await staffClaims()
    const expired = await forge(TEST_JWT_SECRET, now - 1, claims, userId)
    await problem(await b.request("GET", "/api/Customers", { bearer: expired }), 401)
    const foreign = await forge(
      "another-secret-that-is-at-least-32-chars!",
      now + 600,
      claims,
      userId,
    )
    await problem(await b.request("GET", "/api/Customers", { bearer: foreign }), 401)
    // The same claims signed with the shop's key get through: the checks above are what refused.
    const genuine = await forge(TEST_JWT_SECRET, now + 600, claims, userId)
    await json(await b.request("GET", "/api/Customers", { bearer: genuine }))
  })

  it("speak for staff only while the session they name stands, with the role they name", async () => {
    const b = await browser()
    const exp = Math.floor(Date.now() / 1000) + 600
    const { claims, userId } = await staffClaims()
    // Signed with the shop's own key, yet for a session or a role the database does not hold.
    for (const [forged, sub] of [
      [{ ...claims, sid: "a-session-nobody-has" }, userId],
      [{ ...claims, sid: undefined }, userId],
      [{ ...claims, role: "Admin" }, userId],
      [claims, "00000000-0000-4000-8000-000000000000"],
    ] as const) {
      const token = await forge(TEST_JWT_SECRET, exp, forged, sub)
      await problem(await b.request("GET", "/api/Customers", { bearer: token }), 401)
    }
  })
})

describe("POST /api/auth/verify-email", () => {
  it("verifies with the emailed token once", async () => {
    const b = await browser()
    const { email, user } = await register(b)
    const { token } = await mailTo(shop, email, "VerifyEmail")
    expect(await json(await b.post("/api/auth/verify-email", { token }))).toEqual({
      message: accountMessages.emailVerified,
    })
    const { customer } = await json<{ customer: { emailVerified: boolean } }>(
      await b.get(`/api/Customers/${user.customerId}`),
    )
    expect(customer.emailVerified).toBe(true)
    const again = await problem(await b.post("/api/auth/verify-email", { token }), 400)
    expect(again.detail).toBe(accountMessages.linkInvalid)
    await problem(await b.post("/api/auth/verify-email", { token: "" }), 400)
  })
})

describe("forgotten passwords", () => {
  it("answer the same whether or not the account exists, mailing only a real one", async () => {
    const b = await browser()
    const { email } = await register(b)
    const known = await b.post("/api/auth/forgot-password", {
      email,
      returnUrl: `${LINK_ORIGIN}/Auth/ForgotPassword`,
    })
    const unknown = await b.post("/api/auth/forgot-password", {
      email: "nobody@example.com",
      returnUrl: `${LINK_ORIGIN}/Auth/ForgotPassword`,
    })
    expect(known.status).toBe(unknown.status)
    expect(await known.json()).toEqual(await unknown.json())
    expect(await shop.outbox.recent({ to: "nobody@example.com", limit: 1 })).toEqual([])
    const { link } = await mailTo(shop, email, "ResetPassword")
    expect(`${link.origin}${link.pathname}`).toBe(`${LINK_ORIGIN}/Auth/ForgotPassword`)
  })

  it("mail a link to the shop's reset page even when asked for another site", async () => {
    const b = await browser()
    const { email } = await register(b)
    await json(
      await b.post("/api/auth/forgot-password", { email, returnUrl: "https://evil.example/steal" }),
    )
    const { link } = await mailTo(shop, email, "ResetPassword")
    expect(link.origin).toBe(LINK_ORIGIN)
    expect(link.pathname).toBe("/Auth/ForgotPassword")
  })

  it("reset the password once, ending the sessions that knew the old one", async () => {
    const b = await browser()
    const { email } = await register(b)
    await json(await b.post("/api/auth/forgot-password", { email }))
    const { token } = await mailTo(shop, email, "ResetPassword")
    remember(token)
    const weak = await problem(
      await b.post("/api/auth/reset-password", {
        token,
        password: "weak",
        confirmPassword: "weak",
      }),
      400,
    )
    expect(weak.errors).toEqual({ password: [messages.newPasswordWeak] })

    const newPassword = "N3w!password"
    remember(newPassword)
    expect(
      await json(
        await b.post("/api/auth/reset-password", {
          token,
          password: newPassword,
          confirmPassword: newPassword,
        }),
      ),
    ).toEqual({ message: accountMessages.passwordReset })
    await problem(await b.post("/api/auth/refresh-token"), 401)
    await problem(await b.post("/api/auth/authenticate", { email, password: STRONG_PASSWORD }), 401)
    await logIn(b, email, newPassword)
    const spent = await problem(
      await b.post("/api/auth/reset-password", {
        token,
        password: newPassword,
        confirmPassword: newPassword,
      }),
      400,
    )
    expect(spent.detail).toBe(accountMessages.linkInvalid)
  })
})

describe("logging in by emailed link", () => {
  it("mails a login link that signs in once", async () => {
    const b = await browser()
    const { email } = await register(b)
    const unknown = await b.post("/api/auth/request-login-token", { email: "nobody@example.com" })
    const known = await b.post("/api/auth/request-login-token", { email })
    expect(await known.json()).toEqual(await unknown.json())
    const { link, token } = await mailTo(shop, email, "LoginLink")
    expect(link.pathname).toBe("/Auth/Login")
    remember(token)

    const other = await browser()
    const auth = await json<AuthBody>(
      await other.post("/api/auth/authenticate-by-token", { token }),
    )
    expect(auth.user.emailAddress).toBe(email)
    expect(other.cookie("howzat_refresh")).toBeDefined()
    const again = await problem(await other.post("/api/auth/authenticate-by-token", { token }), 401)
    expect(again.detail).toBe(accountMessages.linkInvalid)
  })
})

describe("logging in while strangers have the account throttled (decision 0013)", () => {
  it("still lets in the owner's own browser and login link, and nobody else", async () => {
    const home = await browser()
    const { email } = await register(home)
    for (let i = 0; i < 10; i++)
      await problem(
        await (await browser()).post("/api/auth/authenticate", { email, password: "Wr0ng!pass" }),
        401,
      )
    const rightPassword = { email, password: STRONG_PASSWORD }
    await problem(await (await browser()).post("/api/auth/authenticate", rightPassword), 429)
    // A browser signed in to another account proves nothing about this one.
    const elsewhere = await browser()
    await register(elsewhere)
    await problem(await elsewhere.post("/api/auth/authenticate", rightPassword), 429)

    // The browser that holds her live session (its refresh cookie) gets in.
    const auth = await json<AuthBody>(await home.post("/api/auth/authenticate", rightPassword))
    expect(auth.user.emailAddress).toBe(email)

    // So does a login link read from her mailbox, in any browser.
    await json(await (await browser()).post("/api/auth/request-login-token", { email }))
    const { token } = await mailTo(shop, email, "LoginLink")
    remember(token)
    const byLink = await browser()
    await json(await byLink.post("/api/auth/authenticate-by-token", { token }))
    await json(await byLink.post("/api/auth/refresh-token"))
  })

  it("answers her own link request like any other once strangers used up its limit", async () => {
    const { email } = await register(await browser())
    const ask = async () => {
      const response = await (await browser()).post("/api/auth/request-login-token", { email })
      return { status: response.status, body: await response.json() }
    }
    const linksMailed = async () =>
      (await shop.outbox.recent({ to: email, limit: 20 })).filter((m) => m.kind === "LoginLink")
    const stranger = [await ask(), await ask(), await ask()]
    const before = await linksMailed()
    expect(before).toHaveLength(3)

    // Refused for the account: the same 200, nothing mailed, and no Retry-After to give it away.
    const own = await (await browser()).post("/api/auth/request-login-token", { email })
    expect(own.headers.get("retry-after")).toBeNull()
    expect({ status: own.status, body: await own.json() }).toEqual(stranger[0])
    expect(await linksMailed()).toHaveLength(3)

    // The links already in her mailbox are live: the newest logs her in.
    const { token } = await mailTo(shop, email, "LoginLink")
    remember(token)
    const byLink = await browser()
    await json(await byLink.post("/api/auth/authenticate-by-token", { token }))
    await json(await byLink.post("/api/auth/refresh-token"))
  })

  it("trusts no cookie that was logged out", async () => {
    const home = await browser()
    const { email } = await register(home)
    const loggedOut = home.cookie("howzat_refresh")
    await json(await home.post("/api/auth/revoke-token"))
    home.cookies.set("howzat_refresh", { value: loggedOut ?? "", path: "/api/auth" })
    for (let i = 0; i < 10; i++)
      await (await browser()).post("/api/auth/authenticate", { email, password: "Wr0ng!pass" })
    await problem(
      await home.post("/api/auth/authenticate", { email, password: STRONG_PASSWORD }),
      429,
    )
  })
})

describe("links in mail", () => {
  // "Password reset poisoning": a Host header is the caller's to choose.
  it("point at the shop's configured origin whatever Host the request names", async () => {
    const evil = { origin: "http://evil.example" }
    const b = await browser()
    const body = registrationFor({ emailVerificationReturnUrl: "http://evil.example" })
    await json(await b.request("POST", "/api/Customers", { ...evil, body }))
    const email = body.emailAddress
    await json(await b.request("POST", "/api/auth/forgot-password", { ...evil, body: { email } }))
    await json(
      await b.request("POST", "/api/auth/request-login-token", { ...evil, body: { email } }),
    )
    const links = await Promise.all(
      (["VerifyEmail", "ResetPassword", "LoginLink"] as const).map(
        async (kind) => (await mailTo(shop, email, kind)).link,
      ),
    )
    expect(links.map((link) => `${link.origin}${link.pathname}`)).toEqual([
      `${LINK_ORIGIN}/`,
      `${LINK_ORIGIN}/Auth/ForgotPassword`,
      `${LINK_ORIGIN}/Auth/Login`,
    ])
  })
})

describe("POST /api/auth/change-email-address", () => {
  it("needs a signed-in customer", async () => {
    await problem(
      await (await browser()).post("/api/auth/change-email-address", {
        currentEmail: "a@b.co",
        newEmail: "c@d.co",
        password: "x",
      }),
      401,
    )
  })

  it("checks the password and moves the login to the new address", async () => {
    const b = await browser()
    const { email } = await register(b)
    const newEmail = `moved-${email}`
    const wrong = await problem(
      await b.post("/api/auth/change-email-address", {
        currentEmail: email,
        newEmail,
        password: "Wr0ng!pass",
      }),
      400,
    )
    expect(wrong.errors).toEqual({ password: [accountMessages.currentPasswordIncorrect] })

    expect(
      await json(
        await b.post("/api/auth/change-email-address", {
          currentEmail: email,
          newEmail,
          password: STRONG_PASSWORD,
          emailVerificationReturnUrl: LINK_ORIGIN,
        }),
      ),
    ).toEqual({ message: accountMessages.emailChanged })
    expect((await mailTo(shop, newEmail, "VerifyEmail")).link.pathname).toBe("/")
    await mailed(shop, email, "EmailChanged")
    await logIn(b, newEmail)
  })

  it("is throttled like a login: thirty guesses in a row meet 429 after the limit", async () => {
    const b = await browser()
    const { email } = await register(b)
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      const response = await b.post("/api/auth/change-email-address", {
        currentEmail: email,
        newEmail: `guess-${i}@example.com`,
        password: `Wr0ng!pass${i}`,
      })
      statuses.push(response.status)
    }
    // The default limit is five an hour per account (README).
    expect(statuses).toEqual([...Array(5).fill(400), ...Array(25).fill(429)])
  })

  it("answers a taken address exactly as a free one, changes nothing and tells its owner", async () => {
    const owner = await register(await browser())
    const b = await browser()
    const { email } = await register(b)
    const changeTo = (newEmail: string) =>
      b.post("/api/auth/change-email-address", {
        currentEmail: email,
        newEmail,
        password: STRONG_PASSWORD,
        emailVerificationReturnUrl: LINK_ORIGIN,
      })
    const taken = await changeTo(owner.email.toUpperCase())
    // Nothing moved, so the same account can now change to a free address, for comparison.
    const free = await changeTo(`free-${email}`)
    expect(taken.status).toBe(200)
    expect(taken.status).toBe(free.status)
    expect(await taken.text()).toBe(await free.text())
    const headers = (response: Response) =>
      [...response.headers.keys()].filter((name) => name !== "date").sort()
    expect(headers(taken)).toEqual(headers(free))

    // The owner keeps their address and login, and hears of the attempt (and not from whom).
    await logIn(await browser(), owner.email)
    const ownerMail = await shop.outbox.recent({ to: owner.email, limit: 10 })
    expect(ownerMail.map((m) => m.kind)).toEqual(["EmailInUse", "VerifyEmail"])
    expect(ownerMail[0]?.text).not.toContain(email)
  })
})

describe("POST /api/auth/resend-verification-email", () => {
  const resend = (b: Browser) =>
    b.post("/api/auth/resend-verification-email", { emailVerificationReturnUrl: LINK_ORIGIN })

  it("needs a signed-in customer", async () => {
    await problem(await resend(await browser()), 401)
  })

  it("mails another link to the account's address and says where it went", async () => {
    const b = await browser()
    const { email } = await register(b)
    const first = await mailTo(shop, email, "VerifyEmail")
    expect(await json(await resend(b))).toEqual({
      message: `We've sent a verification email to ${email}. Please click the link in it to verify your address.`,
    })
    const second = await mailTo(shop, email, "VerifyEmail")
    expect(second.token).not.toBe(first.token)
    expect(`${second.link.origin}${second.link.pathname}`).toBe(`${LINK_ORIGIN}/`)
    remember(first.token, second.token)
    await json(await b.post("/api/auth/verify-email", { token: second.token }))
    expect(await json(await resend(b))).toEqual({ message: accountMessages.alreadyVerified })
  })

  it("is rate-limited: the fourth in an hour is a 429 that says when to try again", async () => {
    const b = await browser()
    const { email } = await register(b)
    for (let i = 0; i < 3; i++) await json(await resend(b))
    const response = await resend(b)
    const refused = await problem(response, 429)
    expect(refused.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0)
    const messages = await shop.outbox.recent({ to: email, limit: 50 })
    expect(messages.filter((m) => m.kind === "VerifyEmail")).toHaveLength(4)
  })
})

describe("POST /api/auth/change-password", () => {
  it("changes the password, keeping this session and ending the others", async () => {
    const b = await browser()
    const { email } = await register(b)
    const elsewhere = await browser()
    await logIn(elsewhere, email)
    const wrong = await problem(
      await b.post("/api/auth/change-password", {
        email,
        currentPassword: "Wr0ng!pass",
        newPassword: "N3w!password",
        confirmNewPassword: "N3w!password",
      }),
      400,
    )
    expect(wrong.errors).toEqual({ currentPassword: [accountMessages.currentPasswordIncorrect] })
    const mismatch = await problem(
      await b.post("/api/auth/change-password", {
        email,
        currentPassword: STRONG_PASSWORD,
        newPassword: "N3w!password",
        confirmNewPassword: "N3w!passwort",
      }),
      400,
    )
    expect(mismatch.errors).toEqual({ confirmNewPassword: [messages.confirmNewPasswordMismatch] })

    expect(
      await json(
        await b.post("/api/auth/change-password", {
          email,
          currentPassword: STRONG_PASSWORD,
          newPassword: "N3w!password",
          confirmNewPassword: "N3w!password",
        }),
      ),
    ).toEqual({ message: accountMessages.passwordChanged })
    await json(await b.post("/api/auth/refresh-token"))
    await problem(await elsewhere.post("/api/auth/refresh-token"), 401)
    await logIn(await browser(), email, "N3w!password")
    await mailed(shop, email, "PasswordChanged")
  })
})

describe("the dev mailbox", () => {
  it("shows a registration's verification email with a link to click", async () => {
    const b = await browser()
    const { email } = await register(b)
    const page = await (await b.get(`/dev/mailbox?to=${encodeURIComponent(email)}`)).text()
    expect(page).toContain("Dev mailbox")
    expect(page).toContain(`<a href="${LINK_ORIGIN}/?token=`)
    expect(page).toMatch(/\?token=[A-Za-z0-9_-]{43}">/)
    const { messages } = await json<{ messages: { kind: string; to: string }[] }>(
      await b.get(`/dev/mailbox/messages?to=${encodeURIComponent(email)}`),
    )
    expect(messages.map((m) => m.kind)).toEqual(["VerifyEmail"])
  })

  it("is not served when mail really goes out", async () => {
    const smtpShop = await openShop({
      SMTP_URL: "smtp://127.0.0.1:1",
      PUBLIC_URL: "https://shop.example",
    })
    try {
      const page = await (await smtpShop.app.request("/dev/mailbox")).text()
      expect(page).not.toContain("Dev mailbox")
    } finally {
      await smtpShop.close()
    }
  })
})

describe("the OpenAPI document", () => {
  it("lists the auth and customer calls, with bearer security where it is needed", async () => {
    const document = await json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>
      components: { securitySchemes?: Record<string, { scheme?: string }> }
    }>(await shop.app.request("/api/openapi.json"))
    for (const path of [
      "/api/auth/authenticate",
      "/api/auth/refresh-token",
      "/api/auth/change-password",
      "/api/Customers",
      "/api/Customers/{customerId}",
    ])
      expect(Object.keys(document.paths)).toContain(path)
    expect(Object.values(document.components.securitySchemes ?? {})).toContainEqual(
      expect.objectContaining({ scheme: "bearer" }),
    )
    expect(document.paths["/api/Customers/{customerId}"]?.get?.security).toHaveLength(1)
    expect(document.paths["/api/auth/authenticate"]?.post?.security ?? []).toHaveLength(0)
  })
})

describe("secrets at rest", () => {
  it("keeps passwords as argon2id hashes and tokens as SHA-256, never in clear", async () => {
    expect(seenSecrets.size).toBeGreaterThan(8)
    const users = await shop.db.selectFrom("users").selectAll().execute()
    const refreshTokens = await shop.db.selectFrom("refreshTokens").selectAll().execute()
    const oneTimeTokens = await shop.db.selectFrom("oneTimeTokens").selectAll().execute()
    expect(users.length).toBeGreaterThan(5)
    expect(refreshTokens.length).toBeGreaterThan(0)
    expect(oneTimeTokens.length).toBeGreaterThan(0)

    for (const user of users)
      expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    for (const row of [...refreshTokens, ...oneTimeTokens])
      expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    const stored = JSON.stringify([users, refreshTokens, oneTimeTokens])
    for (const secret of seenSecrets) expect(stored).not.toContain(secret)
  })
})
