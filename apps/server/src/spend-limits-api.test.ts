import {
  SPEND_LIMIT_REACHED_PROBLEM,
  SPEND_LIMIT_UNANSWERED_PROBLEM,
} from "@howzat/contracts/problem-types"
import type { SpendLimitResponseJson } from "@howzat/contracts/spend-limits"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import {
  addItem,
  competitionOnSale,
  newBasket,
  payForOrder,
  placeOrder,
} from "./test-support/orders"
import { openShop, register, registrationFor, type Shop } from "./test-support/shop"

/**
 * Monthly spend limits through the real composition (decision
 * 0041): the answer at registration, the account's GET and PUT, and
 * checkout's refusals as problem+json with the sentence the storefront shows.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

let people = 0
const someone = async (spendLimit: unknown) => {
  const browser = await new Browser(shop.app).open()
  const auth = await register(browser, {
    emailAddress: `limits-${++people}-${Date.now()}@example.com`,
    spendLimit,
  })
  return { browser, customerId: auth.user.customerId as string }
}

const limitOf = async (who: { browser: Browser; customerId: string }) =>
  (
    await json<SpendLimitResponseJson>(
      await who.browser.get(`/api/Customers/${who.customerId}/spend-limit`),
    )
  ).spendLimit

const setLimit = (who: { browser: Browser; customerId: string }, body: unknown) =>
  who.browser.put(`/api/Customers/${who.customerId}/spend-limit`, body)

/** A basket of `tickets` £2.50 tickets, checked out; the raw response. */
const tryCheckout = async (browser: Browser, tickets: number) => {
  const competitionId = await competitionOnSale(shop)
  const basket = await newBasket(browser)
  await addItem(browser, basket.id, competitionId, tickets)
  return browser.post(`/api/Baskets/${basket.id}/checkout`, {})
}

describe("the spend-limit question at registration", () => {
  it("takes £0 as an answer, in force at once", async () => {
    const ann = await someone({ amount: 0 })
    expect(await limitOf(ann)).toEqual({
      answered: true,
      limit: { amount: 0, noLimit: false },
      pending: null,
      spentThisMonth: 0,
      leftThisMonth: 0,
    })
  })

  it("leaves it unanswered when skipped, and refuses a negative amount", async () => {
    const bob = await someone(undefined)
    expect((await limitOf(bob)).answered).toBe(false)
    const browser = await new Browser(shop.app).open()
    const refused = await problem(
      await browser.post("/api/Customers", {
        ...registrationFor({ spendLimit: { amount: -1 } }),
      }),
      400,
    )
    expect(refused.detail).toContain("Your spend limit cannot be less than £0.00.")
  })
})

describe("GET and PUT /api/Customers/{id}/spend-limit", () => {
  it("lowers at once and makes a raise wait 24 hours", async () => {
    const cat = await someone({ amount: 5000 })
    const lowered = (await json<SpendLimitResponseJson>(await setLimit(cat, { amount: 1000 })))
      .spendLimit
    expect([lowered.limit, lowered.pending, lowered.leftThisMonth]).toEqual([
      { amount: 1000, noLimit: false },
      null,
      1000,
    ])
    const raised = (await json<SpendLimitResponseJson>(await setLimit(cat, { noLimit: true })))
      .spendLimit
    expect(raised.limit).toEqual({ amount: 1000, noLimit: false })
    expect(raised.pending).toMatchObject({ amount: null, noLimit: true })
    const wait = Date.parse(raised.pending?.appliesAt ?? "") - Date.now()
    expect(wait).toBeGreaterThan(23.9 * 3600_000)
    expect(wait).toBeLessThanOrEqual(24 * 3600_000)
    const changes = await shop.db
      .selectFrom("spendLimitChanges")
      .select(["toKind", "toPence"])
      .where("customerId", "=", cat.customerId)
      .orderBy("requestedAt")
      .execute()
    expect(changes).toEqual([
      { toKind: "Amount", toPence: 5000 },
      { toKind: "Amount", toPence: 1000 },
      { toKind: "NoLimit", toPence: null },
    ])
  })

  it("is the customer's own: anyone else 404, no session 401, a bad id 400", async () => {
    const ann = await someone({ amount: 0 })
    const bob = await someone({ noLimit: true })
    await problem(await bob.browser.get(`/api/Customers/${ann.customerId}/spend-limit`), 404)
    await problem(await setLimit({ ...bob, customerId: ann.customerId }, { noLimit: true }), 404)
    await problem(
      await new Browser(shop.app).get(`/api/Customers/${ann.customerId}/spend-limit`),
      401,
    )
    await problem(await ann.browser.get("/api/Customers/not-a-uuid/spend-limit"), 400)
    expect((await limitOf(ann)).limit).toEqual({ amount: 0, noLimit: false })
  })

  it("answers malformed and out-of-range bodies 400, never 500", async () => {
    const ann = await someone({ amount: 0 })
    for (const body of [
      {},
      { amount: "10" },
      { amount: 1.5 },
      { noLimit: false },
      null,
      [],
      { amount: 10_000_001 },
      { amount: -1 },
    ])
      await problem(await setLimit(ann, body), 400)
    const tooBig = await problem(await setLimit(ann, { amount: 10_000_001 }), 400)
    expect(tooBig.detail).toContain("Please enter an amount up to £100,000.00, or choose No limit.")
  })
})

describe("checkout under the limit", () => {
  it("refuses an order over a £0 limit with 409 and the sentence, placing nothing", async () => {
    const ann = await someone({ amount: 0 })
    const refused = await problem(await tryCheckout(ann.browser, 1), 409)
    expect(refused.type).toBe(SPEND_LIMIT_REACHED_PROBLEM)
    expect(refused.detail).toBe(
      "This order would take you over your monthly spend limit of £0.00. You have £0.00 left to spend this month.",
    )
    const orders = await shop.db
      .selectFrom("orders")
      .select("id")
      .where("customerId", "=", ann.customerId)
      .execute()
    expect(orders).toEqual([])
    const logged = await shop.db
      .selectFrom("responsiblePlayEvents")
      .select("kind")
      .where("customerId", "=", ann.customerId)
      .where("kind", "like", "SpendLimit%")
      .execute()
    expect(logged.map((e) => e.kind).sort()).toEqual(["SpendLimitChanged", "SpendLimitReached"])
  })

  it("counts the month's orders and says what is left", async () => {
    const bob = await someone({ amount: 1000 })
    const competitionId = await competitionOnSale(shop)
    await placeOrder(bob.browser, competitionId, 3)
    const refused = await problem(await tryCheckout(bob.browser, 2), 409)
    expect(refused.detail).toBe(
      "This order would take you over your monthly spend limit of £10.00. You have £2.50 left to spend this month.",
    )
    expect((await limitOf(bob)).spentThisMonth).toBe(750)
    expect((await tryCheckout(bob.browser, 1)).status).toBe(200)
  })

  it("asks a returning customer who never answered, then lets them buy", async () => {
    const dan = await someone(undefined)
    const competitionId = await competitionOnSale(shop)
    // A first purchase from before the question was asked before paying.
    const first = await placeOrder(dan.browser, competitionId, 1)
    await shop.db
      .updateTable("orders")
      .set({ status: "Completed" })
      .where("id", "=", first.id)
      .execute()
    const refused = await problem(await tryCheckout(dan.browser, 1), 409)
    expect(refused.type).toBe(SPEND_LIMIT_UNANSWERED_PROBLEM)
    expect(refused.detail).toBe(
      "Before your next purchase, please set a monthly spend limit (or choose No limit) on your account.",
    )
    await json(await setLimit(dan, { noLimit: true }))
    expect((await tryCheckout(dan.browser, 1)).status).toBe(200)
  })
})

describe("the question before the first payment", () => {
  it("a fresh customer cannot start a payment before answering, and can after", async () => {
    const eve = await someone(undefined)
    const competitionId = await competitionOnSale(shop)
    // The order is placed and its tickets held: only the payment waits for the answer.
    const order = await placeOrder(eve.browser, competitionId, 2)
    expect(order.status).toBe("AwaitingPayment")
    const refused = await problem(await eve.browser.post(`/api/Orders/${order.id}/payments`), 409)
    expect(refused.type).toBe(SPEND_LIMIT_UNANSWERED_PROBLEM)
    expect(refused.detail).toBe(
      "Before you pay, please set a monthly spend limit (any amount, £0 included) or choose No limit.",
    )
    const payments = await shop.db
      .selectFrom("payments")
      .select("id")
      .where("orderId", "=", order.id)
      .execute()
    expect(payments).toEqual([])

    await json(await setLimit(eve, { amount: 5000 }))
    const paid = await payForOrder(eve.browser, order.id)
    expect(paid.status).toBe("Completed")
  })

  it("holds the payment to the limit answered: an order over it is not paid", async () => {
    const gus = await someone(undefined)
    const order = await placeOrder(gus.browser, await competitionOnSale(shop), 2)
    await json(await setLimit(gus, { amount: 100 }))
    const refused = await problem(await gus.browser.post(`/api/Orders/${order.id}/payments`), 409)
    expect(refused.type).toBe(SPEND_LIMIT_REACHED_PROBLEM)
    expect(refused.detail).toBe(
      "This order would take you over your monthly spend limit of £1.00. You have £1.00 left to spend this month.",
    )
  })

  it("does not ask a customer who answered at registration", async () => {
    const fay = await someone({ amount: 5000 })
    const order = await placeOrder(fay.browser, await competitionOnSale(shop), 1)
    expect((await payForOrder(fay.browser, order.id)).status).toBe("Completed")
  })
})
