import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { openShop, register, registrationFor, type Shop } from "./test-support/shop"

/**
 * The limits on the calls a stranger can repeat, as configured in the
 * environment (small here, so the tests stay quick), counted in Postgres
 * per account and per client address.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop({
    RATE_LIMIT_LOGIN_PER_ACCOUNT: "3/15m",
    RATE_LIMIT_LOGIN_PER_ADDRESS: "5/15m",
    RATE_LIMIT_REGISTER_PER_ADDRESS: "2/1h",
    RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: "2/1h",
    RATE_LIMIT_LOGIN_LINK_PER_ACCOUNT: "2/15m",
    RATE_LIMIT_LOGIN_LINK_PER_ADDRESS: "3/1h",
    RATE_LIMIT_CHANGE_EMAIL_PER_ACCOUNT: "2/1h",
    RATE_LIMIT_CHANGE_EMAIL_PER_ADDRESS: "3/1h",
  })
})
afterAll(async () => {
  await shop?.close()
})

const browser = () => new Browser(shop.app).open()
const wrongLogin = (b: Browser, email: string) =>
  b.post("/api/auth/authenticate", { email, password: "Wr0ng!pass" })

describe("rate limits", () => {
  it("stop a fourth login for one account in the window, from any address", async () => {
    for (let i = 0; i < 3; i++)
      await problem(await wrongLogin(await browser(), "victim@example.com"), 401)
    const response = await wrongLogin(await browser(), "VICTIM@example.com")
    const refused = await problem(response, 429)
    expect(refused.title).toBe("Too Many Requests")
    expect(refused.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
    const retryAfter = Number(response.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)
    expect(refused.retryAfterSeconds).toBe(retryAfter)
  })

  it("stop one address working through many accounts", async () => {
    const b = await browser()
    for (let i = 0; i < 5; i++) await problem(await wrongLogin(b, `someone${i}@example.com`), 401)
    await problem(await wrongLogin(b, "someone-else@example.com"), 429)
    // Another address is unaffected.
    await problem(await wrongLogin(await browser(), "someone-else@example.com"), 401)
  })

  it("stop mass registration from one address", async () => {
    const b = await browser()
    await json(await b.post("/api/Customers", registrationFor()))
    await json(await b.post("/api/Customers", registrationFor()))
    await problem(await b.post("/api/Customers", registrationFor()), 429)
  })

  it("stop a mailbox being flooded with reset and login links, answering alike", async () => {
    const { email } = await register(await browser())
    const links = [
      ["/api/auth/forgot-password", "ResetPassword"],
      ["/api/auth/request-login-token", "LoginLink"],
    ] as const
    for (const [path, kind] of links) {
      const answers = []
      for (let i = 0; i < 3; i++) {
        const response = await (await browser()).post(path, { email })
        answers.push({ status: response.status, body: await response.json() })
      }
      // Over the account's limit: the usual answer, and nothing more in the mailbox,
      // which still holds the live links (decision 0013).
      expect(answers[2]).toEqual(answers[0])
      expect(answers[0]?.status).toBe(200)
      const sent = await shop.outbox.recent({ to: email, limit: 20 })
      expect(sent.filter((m) => m.kind === kind)).toHaveLength(2)
    }
  })

  it("stop one address asking for login links to many mailboxes", async () => {
    const b = await browser()
    for (let i = 0; i < 3; i++)
      await json(await b.post("/api/auth/request-login-token", { email: `many${i}@example.com` }))
    const refused = await problem(
      await b.post("/api/auth/request-login-token", { email: "many3@example.com" }),
      429,
    )
    expect(refused.detail).toMatch(/^Too many attempts/)
  })

  it("stop a signed-in caller probing email addresses, per account and per address", async () => {
    const changeEmail = (b: Browser, currentEmail: string, accessToken: string) =>
      b.request("POST", "/api/auth/change-email-address", {
        bearer: accessToken,
        body: { currentEmail, newEmail: "probe@example.com", password: "Wr0ng!pass" },
      })
    // Registering from a browser of its own each, to stay clear of the registration limit.
    const ann = await register(await browser())
    const bob = await register(await browser())
    const cat = await register(await browser())

    // Per account: Ann's third attempt is refused, from whichever address.
    await problem(await changeEmail(await browser(), ann.email, ann.accessToken), 400)
    await problem(await changeEmail(await browser(), ann.email, ann.accessToken), 400)
    await problem(await changeEmail(await browser(), ann.email, ann.accessToken), 429)

    // Per address: one machine gets three attempts, whichever accounts it uses.
    const machine = await browser()
    await problem(await changeEmail(machine, bob.email, bob.accessToken), 400)
    await problem(await changeEmail(machine, bob.email, bob.accessToken), 400)
    await problem(await changeEmail(machine, cat.email, cat.accessToken), 400)
    await problem(await changeEmail(machine, cat.email, cat.accessToken), 429)
  })

  it("trust X-Forwarded-For's last entry only, which the caller can't forge", async () => {
    const b = await browser()
    for (let i = 0; i < 5; i++) {
      // A caller prepending made-up addresses still counts as itself.
      const forged = new Browser(shop.app, `203.0.113.${i}, ${b.address}`)
      forged.cookies.set("XSRF-TOKEN", { value: b.cookie("XSRF-TOKEN")!, path: "/" })
      await problem(await wrongLogin(forged, `forger${i}@example.com`), 401)
    }
    await problem(await wrongLogin(b, "forger-last@example.com"), 429)
  })
})

describe("RATE_LIMIT=off", () => {
  let unlimited: Shop
  beforeAll(async () => {
    unlimited = await openShop({ RATE_LIMIT: "off", RATE_LIMIT_LOGIN_PER_ACCOUNT: "1/15m" })
  })
  afterAll(async () => {
    await unlimited?.close()
  })

  it("switches every limit off, for load tests", async () => {
    const b = await new Browser(unlimited.app).open()
    for (let i = 0; i < 4; i++) await problem(await wrongLogin(b, "load@example.com"), 401)
    expect(await unlimited.db.selectFrom("rateLimits").selectAll().execute()).toEqual([])
  })
})
