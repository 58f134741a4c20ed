import type { AccountStandingResponseJson } from "@howzat/contracts/standing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { addItem, competitionOnSale, newBasket, placeOrder } from "./test-support/orders"
import { mailed, openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Taking a break and closing an account through the real composition
 * (decision 0043): the customer's own standing, a break refused shorter,
 * checkout, buying site credit and postal entries refused while on a break
 * or closed, the age check kept on first purchase, every refusal problem+json.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

let people = 0
const someone = async () => {
  const browser = await new Browser(shop.app).open()
  const auth = await register(browser, {
    emailAddress: `standing-${++people}-${Date.now()}@example.com`,
  })
  return { browser, customerId: auth.user.customerId as string, email: auth.email }
}
type Someone = Awaited<ReturnType<typeof someone>>

const standingPath = (who: Someone) => `/api/Customers/${who.customerId}/standing`
const standingOf = async (who: Someone) =>
  (await json<AccountStandingResponseJson>(await who.browser.get(standingPath(who)))).standing
const pause = (who: Someone, length: unknown) =>
  who.browser.post(`${standingPath(who)}/pause`, { length })
const close = (who: Someone, body: unknown = { confirm: true }) =>
  who.browser.post(`${standingPath(who)}/closure`, body)

const checkoutResponse = async (who: Someone) => {
  const competitionId = await competitionOnSale(shop)
  const basket = await newBasket(who.browser)
  await addItem(who.browser, basket.id, competitionId, 1)
  return who.browser.post(`/api/Baskets/${basket.id}/checkout`, {})
}

describe("GET /api/Customers/{id}/standing", () => {
  it("is the customer's own: active, age checked at registration; others 404, nobody 401", async () => {
    const ann = await someone()
    const bob = await someone()
    expect(await standingOf(ann)).toEqual({
      status: "Active",
      pausedUntil: null,
      pauseLength: null,
      closedAt: null,
      ageVerification: {
        outcome: "Verified",
        method: "DeclaredDateOfBirth",
        reason: "declared date of birth",
        at: expect.any(String),
      },
    })
    await problem(await bob.browser.get(standingPath(ann)), 404)
    await problem(await new Browser(shop.app).get(standingPath(ann)), 401)
    await problem(await ann.browser.get("/api/Customers/not-a-uuid/standing"), 400)
  })

  it("a customer from before the age check is checked at their first purchase", async () => {
    const ann = await someone()
    // As if registered before the check existed: no outcome on record.
    await shop.db.deleteFrom("ageVerifications").where("customerId", "=", ann.customerId).execute()
    expect((await standingOf(ann)).ageVerification).toBeNull()
    await placeOrder(ann.browser, await competitionOnSale(shop), 1)
    expect((await standingOf(ann)).ageVerification).toMatchObject({ outcome: "Verified" })
  })

  it("refuses a purchase when the declared date of birth is under 18 (data from before the rule)", async () => {
    const kid = await someone()
    await shop.db.deleteFrom("ageVerifications").where("customerId", "=", kid.customerId).execute()
    await shop.db
      .updateTable("customers")
      .set({ dateOfBirth: "2015-01-01" })
      .where("id", "=", kid.customerId)
      .execute()
    const refused = await problem(await checkoutResponse(kid), 409)
    expect(refused).toMatchObject({
      type: "https://howzat.example/problems/age-not-verified",
      title: "Age not verified",
      detail:
        "We couldn't confirm that you are 18 or over, so you can't buy tickets. You must be 18 or over to use this site. If you think this is wrong, please contact us.",
    })
    expect((await standingOf(kid)).ageVerification).toMatchObject({ outcome: "Refused" })
  })

  it("staff read it, age check included; staff cannot pause or close someone", async () => {
    const ann = await someone()
    await placeOrder(ann.browser, await competitionOnSale(shop), 1)
    const { browser: staff } = await signedInStaff(shop)
    const seen = (await json<AccountStandingResponseJson>(await staff.get(standingPath(ann))))
      .standing
    expect(seen.ageVerification).toMatchObject({
      outcome: "Verified",
      method: "DeclaredDateOfBirth",
      reason: "declared date of birth",
    })
    await problem(await staff.post(`${standingPath(ann)}/pause`, { length: "6Months" }), 404)
    await problem(await staff.post(`${standingPath(ann)}/closure`, { confirm: true }), 404)
    expect((await standingOf(ann)).status).toBe("Active")
  })
})

describe("POST /api/Customers/{id}/standing/pause", () => {
  it("takes a 6-month break: confirmed by email; checkout and site credit refused with 409", async () => {
    const ann = await someone()
    const paused = (await json<AccountStandingResponseJson>(await pause(ann, "6Months"))).standing
    expect(paused).toMatchObject({ status: "Paused", pauseLength: "6Months" })
    const until = new Date(paused.pausedUntil as string)
    expect(until.getTime() - Date.now()).toBeGreaterThan(180 * 24 * 3_600_000)
    expect((await mailed(shop, ann.email, "AccountPaused")).text).toContain("can't be ended early")

    const refused = await problem(await checkoutResponse(ann), 409)
    expect(refused).toMatchObject({
      type: "https://howzat.example/problems/account-on-a-break",
      title: "Account on a break",
    })
    expect(refused.detail).toMatch(
      /^Your account is on a break until .+, so you can't buy tickets or enter competitions until then\. The break can't be ended early\./,
    )
    const credit = await problem(
      await ann.browser.post(`/api/Customers/${ann.customerId}/site-credit-orders`, {
        amount: 500,
      }),
      409,
    )
    expect(credit.detail).toBe(refused.detail)
    const orders = await shop.db
      .selectFrom("orders")
      .select("id")
      .where("customerId", "=", ann.customerId)
      .execute()
    expect(orders).toEqual([])
  })

  it("refuses a shorter break while one runs (409) and takes a longer one", async () => {
    const ann = await someone()
    await json(await pause(ann, "30Days"))
    const shorter = await problem(await pause(ann, "7Days"), 409)
    expect(shorter.detail).toMatch(/A break can be made longer, never shorter\.$/)
    const longer = (await json<AccountStandingResponseJson>(await pause(ann, "1Year"))).standing
    expect(longer.pauseLength).toBe("1Year")
  })

  it("answers a malformed body or an unknown length with 400, never 500", async () => {
    const ann = await someone()
    await problem(await pause(ann, "3Days"), 400)
    await problem(await pause(ann, 6), 400)
    await problem(await ann.browser.post(`${standingPath(ann)}/pause`, "not json"), 400)
    await problem(await close(ann, { confirm: false }), 400)
    await problem(await close(ann, {}), 400)
    expect((await standingOf(ann)).status).toBe("Active")
  })
})

describe("POST /api/Customers/{id}/standing/closure", () => {
  it("closes: sign-in still works, purchases and breaks refused, confirmed by email", async () => {
    const ann = await someone()
    const closed = (await json<AccountStandingResponseJson>(await close(ann))).standing
    expect(closed.status).toBe("Closed")
    expect((await mailed(shop, ann.email, "AccountClosed")).text).toContain("site credit")
    const refused = await problem(await checkoutResponse(ann), 409)
    expect(refused).toMatchObject({ title: "Account closed" })
    expect(refused.detail).toContain("You can still sign in to see your orders, tickets and wins.")
    await problem(await pause(ann, "5Years"), 409)
    await problem(await close(ann), 409)
    // Still signed in: their own orders answer.
    await json(await ann.browser.get("/api/Orders"))
    await json(await ann.browser.get(`/api/Customers/${ann.customerId}`))
  })
})

describe("a free postal entry for a customer on a break", () => {
  it("is refused to staff with the reason, and no ticket is given", async () => {
    const ann = await someone()
    await json(await pause(ann, "24Hours"))
    const competitionId = await competitionOnSale(shop)
    const { browser: staff } = await signedInStaff(shop)
    const refused = await problem(
      await staff.post(`/api/Competitions/${competitionId}/free-postal-entry`, {
        customerId: ann.customerId,
      }),
      409,
    )
    expect(refused.detail).toMatch(
      /^This customer's account is on a break until .+, so no entry can be recorded for them until then\.$/,
    )
  })
})
