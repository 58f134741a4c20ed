import type {
  BasketJson,
  BasketResponseJson,
  RegisterPromotionResponseJson,
} from "@howzat/contracts/baskets"
import type { CompetitionResponseJson } from "@howzat/contracts/catalogue"
import type { CheckoutResponseJson, OrderListJson } from "@howzat/contracts/orders"
import { BASKET_EMPTY_PROBLEM, VOUCHER_REPLACEMENT_PROBLEM } from "@howzat/contracts/problem-types"
import { pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import {
  addItem,
  checkout,
  competitionOnSale,
  newBasket,
  payForOrder,
  promotion,
} from "./test-support/orders"
import { logIn, openShop, register, type Shop, WITH_A_CHARITY } from "./test-support/shop"

/**
 * docs/product/api.md's baskets and checkout through the real composition: core's
 * Baskets and Checkout on PGlite, behind HttpApi and Hono.
 */
let shop: Shop
let visitor: Browser
let ann: Browser
let bob: Browser

const DAY = 24 * 60 * 60 * 1000
const NOBODY = "00000000-0000-4000-8000-000000000000"

beforeAll(async () => {
  // With a charity, so the round-up is priced (no charity, no round-up: tested below).
  shop = await openShop({}, WITH_A_CHARITY)
  visitor = await new Browser(shop.app).open()
  ann = await new Browser(shop.app).open()
  await register(ann, { firstName: "Ann", lastName: "Archer" })
  bob = await new Browser(shop.app).open()
  await register(bob, { firstName: "Bob", lastName: "Baker" })
})
afterAll(async () => {
  await shop?.close()
})

const basketOf = async (response: Response, status = 200): Promise<BasketJson> =>
  (await json<BasketResponseJson>(response, status)).basket

const soldToDate = async (competitionId: string) =>
  (await json<CompetitionResponseJson>(await visitor.get(`/api/Competitions/${competitionId}`)))
    .competition.ticketsSoldToDate

const signedIn = async () => {
  const browser = await new Browser(shop.app).open()
  const { user } = await register(browser)
  return { browser, customerId: user.customerId as string }
}

describe("POST /api/Baskets", () => {
  it("works from a fresh browser before any cookie exists, and hands it the XSRF cookie", async () => {
    const fresh = new Browser(shop.app)
    const basket = await basketOf(await fresh.post("/api/Baskets?ForceCreateNew=true"), 201)
    expect(basket).toMatchObject({
      customerId: null,
      items: [],
      itemTotal: 0,
      basketTotal: 0,
      appliedPromotionCodes: [],
      charitableDonation: { autoRoundup: false, value: 0 },
      siteCreditDebitAmount: 0,
      siteCreditAvailable: 0,
      ticketAllocationExceptions: [],
      itemTemplates: [],
      siteCreditItems: [],
    })
    expect(fresh.cookie("XSRF-TOKEN")).toBeDefined()
    // The next change echoes that cookie, as the storefront does.
    const competitionId = await competitionOnSale(shop)
    const added = await addItem(fresh, basket.id, competitionId, 1)
    expect(added.items).toHaveLength(1)
    expect(added.items[0]).toMatchObject({
      itemType: "CompetitionTickets",
      siteCreditDetails: null,
    })
  })

  it("still refuses a change to a basket without the XSRF header", async () => {
    const basket = await newBasket(visitor)
    const refused = await visitor.request("POST", `/api/Baskets/${basket.id}/items`, {
      xsrf: false,
      body: { competitionID: await competitionOnSale(shop), ticketQuantity: 1 },
    })
    await problem(refused, 403)
  })

  it("gives a signed-in customer's basket their id, and with ForceCreateNew a new basket every time", async () => {
    const { browser, customerId } = await signedIn()
    const first = await newBasket(browser)
    const second = await newBasket(browser)
    expect(first.customerId).toBe(customerId)
    expect(second.customerId).toBe(customerId)
    expect(second.id).not.toBe(first.id)
  })
})

describe("GET /api/Baskets/{basketId}", () => {
  it("answers the basket to whoever holds its id", async () => {
    const basket = await newBasket(visitor)
    const other = new Browser(shop.app)
    expect((await basketOf(await other.get(`/api/Baskets/${basket.id}`))).id).toBe(basket.id)
  })

  it("answers 404 for an unknown id and 400 for a malformed one, as problems", async () => {
    const missing = await problem(await visitor.get(`/api/Baskets/${NOBODY}`), 404)
    expect(missing.detail).toBe("no such basket")
    const malformed = await problem(await visitor.get("/api/Baskets/not-a-uuid"), 400)
    expect(Object.keys(malformed.errors ?? {})).toContain("basketId")
  })
})

describe("basket items", () => {
  it("adds to the competition's one item and prices it", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 2)
    const after = await addItem(visitor, basket.id, competitionId, 1)
    expect(after.items).toHaveLength(1)
    expect(after.items[0]).toMatchObject({
      competitionTicketDetails: {
        competition: { id: competitionId },
        quantity: 3,
        price: 250,
        customerBoughtToDateTicketQuantity: 0,
      },
      preDiscountTotal: 750,
      lineTotal: 750,
      discounts: [],
    })
    expect([after.itemTotal, after.basketTotal]).toEqual([750, 750])
  })

  it("refuses an unknown competition (404), a closed one and one not yet open (409)", async () => {
    const basket = await newBasket(visitor)
    const unknown = await problem(
      await visitor.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: NOBODY,
        ticketQuantity: 1,
      }),
      404,
    )
    expect(unknown.detail).toBe("no such competition")

    const now = Date.now()
    const closed = await competitionOnSale(shop, {
      startDateTimeUtc: new Date(now - 10 * DAY),
      closeDateTimeUtc: new Date(now - DAY),
      drawDateTimeUtc: new Date(now + DAY),
    })
    const closedProblem = await problem(
      await visitor.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: closed,
        ticketQuantity: 1,
      }),
      409,
    )
    expect(closedProblem.detail).toBe("Competition has closed! Best of luck to everyone!")

    const upcoming = await competitionOnSale(shop, {
      startDateTimeUtc: new Date(now + DAY),
      closeDateTimeUtc: new Date(now + 5 * DAY),
      drawDateTimeUtc: new Date(now + 6 * DAY),
    })
    const upcomingProblem = await problem(
      await visitor.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: upcoming,
        ticketQuantity: 1,
      }),
      409,
    )
    expect(upcomingProblem.detail).toBe("Competition coming soon!")
    expect((await basketOf(await visitor.get(`/api/Baskets/${basket.id}`))).items).toEqual([])
  })

  it("refuses more than the per-person maximum in the basket", async () => {
    const competitionId = await competitionOnSale(shop, { maxTicketsPerCustomer: 5 })
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 4)
    const refused = await problem(
      await visitor.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 2,
      }),
      409,
    )
    expect(refused.detail).toBe(
      "Your basket has reached the maximum number of tickets per person in this competition (5).",
    )
    expect(refused.title).not.toMatch(/application error|validation error/i)
  })

  it("refuses more tickets than are left", async () => {
    const competitionId = await competitionOnSale(shop, {
      totalTickets: 3,
      maxTicketsPerCustomer: 10,
    })
    const basket = await newBasket(visitor)
    const refused = await problem(
      await visitor.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 4,
      }),
      409,
    )
    expect(refused.detail).toBe(
      "Including the tickets in your basket, this competition is sold out!",
    )
  })

  it("counts a customer's earlier purchases against the maximum", async () => {
    const { browser } = await signedIn()
    const competitionId = await competitionOnSale(shop, { maxTicketsPerCustomer: 10 })
    const first = await newBasket(browser)
    await addItem(browser, first.id, competitionId, 6)
    await checkout(browser, first.id)

    const second = await newBasket(browser)
    const refused = await problem(
      await browser.post(`/api/Baskets/${second.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 5,
      }),
      409,
    )
    expect(refused.detail).toBe(
      "Your basket and previous purchases together have reached the maximum number of tickets per person in this competition (10).",
    )
    const allowed = await addItem(browser, second.id, competitionId, 4)
    expect(allowed.items[0]?.competitionTicketDetails?.customerBoughtToDateTicketQuantity).toBe(6)
    await checkout(browser, second.id)

    const third = await newBasket(browser)
    const full = await problem(
      await browser.post(`/api/Baskets/${third.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 1,
      }),
      409,
    )
    expect(full.detail).toBe(
      "You have purchased the maximum number of tickets per person in this competition (10).",
    )
  })

  it("sets a quantity, and deletes the item at 0 or less", async () => {
    const a = await competitionOnSale(shop, { maxTicketsPerCustomer: 5 })
    const b = await competitionOnSale(shop)
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, a, 1)
    const both = await addItem(visitor, basket.id, b, 1)
    const itemA = both.items.find((i) => i.competitionTicketDetails?.competition.id === a)!.id
    const itemB = both.items.find((i) => i.competitionTicketDetails?.competition.id === b)!.id

    const raised = await basketOf(
      await visitor.put(`/api/Baskets/${basket.id}/items/${itemA}`, { ticketQuantity: 5 }),
    )
    expect(raised.items.find((i) => i.id === itemA)?.competitionTicketDetails?.quantity).toBe(5)
    await problem(
      await visitor.put(`/api/Baskets/${basket.id}/items/${itemA}`, { ticketQuantity: 6 }),
      409,
    )
    const zero = await basketOf(
      await visitor.put(`/api/Baskets/${basket.id}/items/${itemA}`, { ticketQuantity: 0 }),
    )
    expect(zero.items.map((i) => i.id)).toEqual([itemB])
    const negative = await basketOf(
      await visitor.put(`/api/Baskets/${basket.id}/items/${itemB}`, { ticketQuantity: -1 }),
    )
    expect(negative.items).toEqual([])
    await problem(
      await visitor.put(`/api/Baskets/${basket.id}/items/${itemB}`, { ticketQuantity: 2 }),
      404,
    )
  })

  it("removes one item, or all of them", async () => {
    const a = await competitionOnSale(shop)
    const b = await competitionOnSale(shop)
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, a, 1)
    const both = await addItem(visitor, basket.id, b, 2)
    const [first] = both.items
    const removed = await basketOf(
      await visitor.request("DELETE", `/api/Baskets/${basket.id}/items/${first!.id}`),
    )
    expect(removed.items).toHaveLength(1)
    await problem(
      await visitor.request("DELETE", `/api/Baskets/${basket.id}/items/${first!.id}`),
      404,
    )
    await addItem(visitor, basket.id, a, 1)
    const cleared = await basketOf(
      await visitor.request("DELETE", `/api/Baskets/${basket.id}/items`),
    )
    expect([cleared.items, cleared.itemTotal, cleared.basketTotal]).toEqual([[], 0, 0])
  })

  it("refuses malformed bodies and ids with 400 problems, never a 500", async () => {
    const basket = await newBasket(visitor)
    const competitionId = await competitionOnSale(shop)
    const bodies: unknown[] = [
      {},
      { competitionID: "not-a-uuid", ticketQuantity: 1 },
      { competitionID: competitionId, ticketQuantity: "three" },
      { competitionID: competitionId, ticketQuantity: 1.5 },
      { competitionID: competitionId, ticketQuantity: 0 },
      [],
      "text",
    ]
    for (const body of bodies) {
      await problem(await visitor.post(`/api/Baskets/${basket.id}/items`, body), 400)
    }
    await problem(
      await visitor.put(`/api/Baskets/${basket.id}/items/not-a-uuid`, { ticketQuantity: 1 }),
      400,
    )
    await problem(await visitor.put(`/api/Baskets/${basket.id}`, { charitableDonation: {} }), 400)
    await problem(
      await visitor.put(`/api/Baskets/${basket.id}`, {
        charitableDonation: { autoRoundup: true },
        siteCreditDebitAmount: -1,
      }),
      400,
    )
    const raw = await visitor.request("POST", `/api/Baskets/${basket.id}/promotions`, {
      body: undefined,
    })
    await problem(raw, 400)
  })
})

describe("the round-up without a charity (this brand's own configuration)", () => {
  let plainShop: Shop
  beforeAll(async () => {
    plainShop = await openShop()
  })
  afterAll(async () => {
    await plainShop?.close()
  })

  it("is never priced or charged, whoever asks for it", async () => {
    const browser = await new Browser(plainShop.app).open()
    const competitionId = await competitionOnSale(plainShop, { ticketPrice: pence(250) })
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 3)
    const asked = await basketOf(
      await browser.put(`/api/Baskets/${basket.id}`, {
        charitableDonation: { autoRoundup: true },
        siteCreditDebitAmount: 0,
      }),
    )
    // No charity to say: null, and no round-up is priced.
    expect(asked.charitableDonation).toEqual({ autoRoundup: false, charity: null, value: 0 })
    expect(asked.basketTotal).toBe(750)
  })
})

describe("PUT /api/Baskets/{basketId}", () => {
  it("rounds up to the next whole pound and clamps site credit to the balance", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 3)
    const rounded = await basketOf(
      await visitor.put(`/api/Baskets/${basket.id}`, {
        charitableDonation: { autoRoundup: true },
        siteCreditDebitAmount: 500,
      }),
    )
    // The brand's charity receives it; this one gives no registered number.
    expect(rounded.charitableDonation).toEqual({
      autoRoundup: true,
      charity: {
        name: "Lord's Taverners",
        url: "https://www.lordstaverners.org",
        registeredNumber: null,
      },
      value: 50,
    })
    // A visitor has no site credit: the request is kept but spends nothing.
    expect([rounded.siteCreditDebitAmount, rounded.basketTotal]).toEqual([0, 800])
    const plain = await basketOf(
      await visitor.put(`/api/Baskets/${basket.id}`, {
        charitableDonation: { autoRoundup: false },
        siteCreditDebitAmount: 0,
      }),
    )
    expect([plain.charitableDonation.value, plain.basketTotal]).toEqual([0, 750])
  })
})

describe("promotions", () => {
  it("registers a valid code, discounts the basket, and removes or clears it", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(1000) })
    await promotion(shop, { code: "TENOFF", percent: 10, description: "10% off" })
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 2)
    const discounted = await basketOf(
      await visitor.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: " ten-off " }),
    )
    expect(discounted.appliedPromotionCodes).toEqual([{ code: "TENOFF" }])
    expect([discounted.itemTotal, discounted.discountTotal, discounted.basketTotal]).toEqual([
      2000, 200, 1800,
    ])
    const removed = await basketOf(
      await visitor.request("DELETE", `/api/Baskets/${basket.id}/promotions/tenoff`),
    )
    expect([removed.appliedPromotionCodes, removed.basketTotal]).toEqual([[], 2000])

    await visitor.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: "TENOFF" })
    const cleared = await basketOf(
      await visitor.request("DELETE", `/api/Baskets/${basket.id}/promotions`),
    )
    expect([cleared.appliedPromotionCodes, cleared.discountTotal]).toEqual([[], 0])
  })

  it("refuses an unknown or expired code with a 400 the storefront shows, keeping the basket's code", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(1000) })
    await promotion(shop, { code: "FIVER", amountPence: 500 })
    await promotion(shop, { code: "OLDCODE", percent: 50, validTo: new Date(Date.now() - DAY) })
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 1)
    await visitor.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: "FIVER" })

    for (const code of ["NOSUCHCODE", "OLDCODE"]) {
      const refused = await problem(
        await visitor.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: code }),
        400,
      )
      expect(refused.detail).toContain(`"${code}" is not a valid promotion code`)
      expect(refused.title).not.toMatch(/application error|validation error/i)
      // Nothing changed: a code refused never takes the basket's code (and its discount) away.
      const after = await basketOf(await visitor.get(`/api/Baskets/${basket.id}`))
      expect([after.appliedPromotionCodes, after.basketTotal]).toEqual([[{ code: "FIVER" }], 500])
    }
  })
})

describe("one code per order, said aloud", () => {
  const apply = (basketId: string, body: Record<string, unknown>) =>
    visitor.post(`/api/Baskets/${basketId}/promotions`, body)

  /** Ten £2.50 tickets: TENPC takes £2.50 off, ONEPOUND £1. */
  const basketWithCodes = async () => {
    const competitionId = await competitionOnSale(shop)
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 10)
    return basket.id
  }

  beforeAll(async () => {
    await promotion(shop, { code: "TENPC", percent: 10, description: "10% off" })
    await promotion(shop, { code: "ONEPOUND", amountPence: 100, description: "£1 off" })
  })

  it("says which code replaced which when the new one takes as much off or more", async () => {
    const basketId = await basketWithCodes()
    const first = await json<RegisterPromotionResponseJson>(
      await apply(basketId, { promotionCode: "ONEPOUND" }),
    )
    expect(first.voucherChange).toEqual({
      kind: "Added",
      code: "ONEPOUND",
      replaced: null,
      message: null,
    })
    const swapped = await json<RegisterPromotionResponseJson>(
      await apply(basketId, { promotionCode: "tenpc" }),
    )
    expect(swapped.voucherChange).toEqual({
      kind: "Replaced",
      code: "TENPC",
      replaced: "ONEPOUND",
      message: "TENPC replaced ONEPOUND (only one code per order)",
    })
    expect([swapped.basket.appliedPromotionCodes, swapped.basket.basketTotal]).toEqual([
      [{ code: "TENPC" }],
      2250,
    ])
  })

  it("refuses a code that takes less off unless the customer gives the other up", async () => {
    const basketId = await basketWithCodes()
    await json(await apply(basketId, { promotionCode: "TENPC" }))
    const refused = await problem(await apply(basketId, { promotionCode: "ONEPOUND" }), 409)
    expect(refused.type).toBe(VOUCHER_REPLACEMENT_PROBLEM)
    expect(refused.detail).toBe(
      "ONEPOUND would take £1.00 off, less than the £2.50 TENPC takes off now. Only one code per order, so TENPC stays unless you choose to replace it.",
    )
    // The total did not rise behind the customer's back.
    const kept = await basketOf(await visitor.get(`/api/Baskets/${basketId}`))
    expect([kept.appliedPromotionCodes, kept.basketTotal]).toEqual([[{ code: "TENPC" }], 2250])

    const confirmed = await json<RegisterPromotionResponseJson>(
      await apply(basketId, { promotionCode: "ONEPOUND", replaces: "TENPC" }),
    )
    expect(confirmed.voucherChange.message).toBe(
      "ONEPOUND replaced TENPC (only one code per order)",
    )
    expect(confirmed.basket.basketTotal).toBe(2400)
  })
})

describe("vouchers never give tickets away", () => {
  const register = (browser: Browser, basketId: string, code: string) =>
    browser.post(`/api/Baskets/${basketId}/promotions`, { promotionCode: code })

  it("2 × 49p with £1 off is refused, saying what the basket needs, and never checks out free", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(49) })
    await promotion(shop, { code: "QUIDOFF", amountPence: 100, description: "£1 off" })
    const { browser } = await signedIn()
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)

    const refused = await problem(await register(browser, basket.id, "QUIDOFF"), 400)
    expect(refused.type).toBe("https://howzat.example/problems/promotion-not-applicable")
    expect(refused.detail).toBe(
      '"QUIDOFF" needs a basket of £1.01 or more before discounts. Add more tickets, then enter the code again.',
    )
    expect(refused.title).not.toMatch(/application error|validation error/i)
    const after = await basketOf(await browser.get(`/api/Baskets/${basket.id}`))
    expect([after.appliedPromotionCodes, after.discountTotal, after.basketTotal]).toEqual([
      [],
      0,
      98,
    ])

    // Three tickets pass the minimum; lowered back to two, it stops discounting.
    const three = await addItem(browser, basket.id, competitionId, 1)
    const applied = await basketOf(await register(browser, basket.id, "QUIDOFF"))
    expect([applied.discountTotal, applied.basketTotal]).toEqual([100, 47])
    const two = await basketOf(
      await browser.put(`/api/Baskets/${basket.id}/items/${three.items[0]!.id}`, {
        ticketQuantity: 2,
      }),
    )
    expect([two.appliedPromotionCodes, two.basketTotal]).toEqual([[], 98])
    const { order } = await checkout(browser, basket.id)
    expect([order.totalTicketQuantity, order.orderTotal, order.status]).toEqual([
      2,
      98,
      "AwaitingPayment",
    ])
  })

  it("leaves at least 1p a ticket unless staff marked the voucher as free entry", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(49) })
    await promotion(shop, { code: "ALLOFF", percent: 100 })
    await promotion(shop, { code: "FREEENTRY", percent: 100, freeEntry: true })
    const { browser } = await signedIn()

    const paid = await newBasket(browser)
    await addItem(browser, paid.id, competitionId, 2)
    expect((await basketOf(await register(browser, paid.id, "ALLOFF"))).basketTotal).toBe(2)
    const { order: paidOrder } = await checkout(browser, paid.id)
    expect([paidOrder.orderTotal, paidOrder.status]).toEqual([2, "AwaitingPayment"])

    const free = await newBasket(browser)
    await addItem(browser, free.id, competitionId, 2)
    expect((await basketOf(await register(browser, free.id, "FREEENTRY"))).basketTotal).toBe(0)
    const { order: freeOrder } = await checkout(browser, free.id)
    expect([freeOrder.orderTotal, freeOrder.status]).toEqual([0, "Completed"])
  })

  it("counts a once-per-customer code, says it was used, and gives it back with a cancelled order", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(1000) })
    await promotion(shop, { code: "ONCEEACH", percent: 10, perCustomerLimit: 1 })
    const { browser } = await signedIn()
    const first = await newBasket(browser)
    await addItem(browser, first.id, competitionId, 1)
    await register(browser, first.id, "ONCEEACH")
    const { order } = await checkout(browser, first.id)
    expect(order.discountTotal).toBe(100)

    const second = await newBasket(browser)
    await addItem(browser, second.id, competitionId, 1)
    const used = await problem(await register(browser, second.id, "ONCEEACH"), 400)
    expect(used.detail).toBe('You have already used "ONCEEACH": it can be used once per customer.')
    // Someone else still may.
    const { browser: other } = await signedIn()
    const theirs = await newBasket(other)
    await addItem(other, theirs.id, competitionId, 1)
    expect((await basketOf(await register(other, theirs.id, "ONCEEACH"))).discountTotal).toBe(100)

    await json(await browser.post(`/api/Orders/${order.id}/cancel-order`, {}))
    expect((await basketOf(await register(browser, second.id, "ONCEEACH"))).discountTotal).toBe(100)
  })
})

describe("voucher uses and club credit at checkout", () => {
  const usesOf = async (code: string) =>
    (
      await shop.db
        .selectFrom("promotions")
        .select("usageCount")
        .where("code", "=", code)
        .executeTakeFirstOrThrow()
    ).usageCount

  /** A customer's basket of £10.00 of tickets with the code registered. */
  const basketWithCode = async (browser: Browser, competitionId: string, code: string) => {
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 1)
    const registered = await basketOf(
      await browser.post(`/api/Baskets/${basket.id}/promotions`, { promotionCode: code }),
    )
    expect(registered.discountTotal).toBe(100)
    return basket.id
  }

  it("gives a voucher's last use to the first order placed, and it comes back when that order is cancelled", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(1000) })
    await promotion(shop, { code: "LASTONE", percent: 10 })
    await shop.db
      .updateTable("promotions")
      .set({ usageLimit: 1 })
      .where("code", "=", "LASTONE")
      .execute()
    const first = await signedIn()
    const second = await signedIn()
    const firstBasket = await basketWithCode(first.browser, competitionId, "LASTONE")
    const secondBasket = await basketWithCode(second.browser, competitionId, "LASTONE")

    const placed = await checkout(first.browser, firstBasket)
    expect([placed.order.discountTotal, placed.order.orderTotal]).toEqual([100, 900])
    // The second customer's basket showed the discount, but the last use has gone.
    const late = await checkout(second.browser, secondBasket)
    expect([late.order.discountTotal, late.order.orderTotal]).toEqual([0, 1000])
    expect(await usesOf("LASTONE")).toBe(1)

    await json(await first.browser.post(`/api/Orders/${placed.order.id}/cancel-order`, {}))
    expect(await usesOf("LASTONE")).toBe(0)
  })

  it("credits the club 10% of what a paid order with its code spent on tickets", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(1000) })
    const { id: clubId } = await shop.db
      .insertInto("clubs")
      .values({ name: "Grace Road CC" })
      .returning("id")
      .executeTakeFirstOrThrow()
    await promotion(shop, { code: "GRACEROAD10", percent: 10 })
    await shop.db
      .updateTable("promotions")
      .set({ clubId })
      .where("code", "=", "GRACEROAD10")
      .execute()
    const { browser, customerId } = await signedIn()
    await shop.db
      .insertInto("siteCreditEntries")
      .values({
        customerId,
        amountPence: 5000,
        reason: "Grant",
        description: "test credit",
        orderId: null,
        createdAt: new Date(),
      })
      .execute()
    const basketId = await basketWithCode(browser, competitionId, "GRACEROAD10")
    await browser.put(`/api/Baskets/${basketId}`, {
      charitableDonation: { autoRoundup: false },
      siteCreditDebitAmount: 5000,
    })

    // Paid in full with site credit: completed at checkout, and the club earns 10% of £9.00.
    const { order } = await checkout(browser, basketId)
    expect([order.status, order.orderBalance]).toEqual(["Completed", 0])
    const credits = await shop.db
      .selectFrom("clubCreditEntries")
      .select(["orderId", "amountPence"])
      .where("clubId", "=", clubId)
      .execute()
    expect(credits).toEqual([{ orderId: order.id, amountPence: 90 }])
  })
})

describe("POST /api/Baskets/{basketId}/checkout", () => {
  it("needs a signed-in customer", async () => {
    const basket = await newBasket(visitor)
    await problem(await visitor.post(`/api/Baskets/${basket.id}/checkout`, {}), 401)
  })

  it("refuses an empty basket with 'basket is empty'", async () => {
    const { browser } = await signedIn()
    const basket = await newBasket(browser)
    const refused = await problem(await browser.post(`/api/Baskets/${basket.id}/checkout`, {}), 409)
    expect(refused.type).toBe(BASKET_EMPTY_PROBLEM)
    expect(refused.detail).toMatch(/basket is empty/)
  })

  it("makes an order awaiting payment with its tickets and claims a visitor's basket", async () => {
    const competitionId = await competitionOnSale(shop, { ticketPrice: pence(250) })
    const basket = await newBasket(visitor)
    await addItem(visitor, basket.id, competitionId, 3)
    const { browser, customerId } = await signedIn()
    const { basket: after, order } = await checkout(browser, basket.id)
    expect(after.customerId).toBe(customerId)
    expect(after.ticketAllocationExceptions).toEqual([])
    expect(order).toMatchObject({
      status: "AwaitingPayment",
      totalTicketQuantity: 3,
      customer: { id: customerId, fullName: "Ann Smith" },
      ticketItemTotal: 750,
      orderTotal: 750,
      orderBalance: 750,
      ticketAllocationExceptions: [],
    })
    // The numbers are given once the order is paid (docs/decisions/0059).
    expect(order.ticketItems.map((line) => [line.quantity, line.ticketNumbers])).toEqual([[3, ""]])
    expect(Date.parse(order.expiresDateUtc) - Date.parse(order.createdDateUtc)).toBe(15 * 60_000)
    expect(await soldToDate(competitionId)).toBe(3)
    const paid = await payForOrder(browser, order.id)
    const numbers = paid.ticketItems[0]!.ticketNumbers.split(",").map(Number)
    expect(numbers).toHaveLength(3)
    expect([...numbers].sort((x, y) => x - y)).toEqual(numbers)
  })

  it("gives one order when the same basket is checked out twice at once", async () => {
    const { browser } = await signedIn()
    const competitionId = await competitionOnSale(shop)
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    const [first, second] = await Promise.all([
      browser.post(`/api/Baskets/${basket.id}/checkout`, {}),
      browser.post(`/api/Baskets/${basket.id}/checkout`, {}),
    ])
    const a = await json<CheckoutResponseJson>(first!)
    const b = await json<CheckoutResponseJson>(second!)
    expect(a.order.id).toBe(b.order.id)
    expect(a.order.ticketItems[0]?.ticketNumbers).toBe(b.order.ticketItems[0]?.ticketNumbers)
    expect(await soldToDate(competitionId)).toBe(2)
  })

  it("closes the basket: later changes and reads answer 409 basket-checked-out, and the order stands", async () => {
    const { browser } = await signedIn()
    const competitionId = await competitionOnSale(shop)
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    const { basket: bought, order } = await checkout(browser, basket.id)
    const itemId = bought.items[0]!.id

    const attempts = [
      browser.get(`/api/Baskets/${basket.id}`),
      browser.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 1,
      }),
      browser.put(`/api/Baskets/${basket.id}/items/${itemId}`, { ticketQuantity: 5 }),
      browser.request("DELETE", `/api/Baskets/${basket.id}/items/${itemId}`),
    ]
    for (const attempt of attempts) {
      const refused = await problem(await attempt, 409)
      expect(refused.type).toBe("https://howzat.example/problems/basket-checked-out")
    }
    // Checking out again still answers with the one order, as it was placed.
    const again = await checkout(browser, basket.id)
    expect(again.order.id).toBe(order.id)
    expect(again.order.totalTicketQuantity).toBe(2)
    expect(await soldToDate(competitionId)).toBe(2)
  })

  it("allocates what is left, cuts the basket and reports why", async () => {
    const competitionId = await competitionOnSale(shop, { totalTickets: 5 })
    const { browser: early } = await signedIn()
    const { browser: late } = await signedIn()
    const lateBasket = await newBasket(late)
    await addItem(late, lateBasket.id, competitionId, 5)
    const earlyBasket = await newBasket(early)
    await addItem(early, earlyBasket.id, competitionId, 3)
    await checkout(early, earlyBasket.id)

    const { basket, order } = await checkout(late, lateBasket.id)
    expect(order.totalTicketQuantity).toBe(2)
    expect(basket.items[0]?.competitionTicketDetails?.quantity).toBe(2)
    expect(basket.ticketAllocationExceptions).toHaveLength(1)
    expect(basket.ticketAllocationExceptions[0]?.exceptionReason).toBe("Only 2 tickets were left.")
    expect(order.ticketAllocationExceptions).toEqual(basket.ticketAllocationExceptions)
  })

  it("says the basket is empty, with the reasons, when nothing can be allocated", async () => {
    const competitionId = await competitionOnSale(shop, { totalTickets: 2 })
    const { browser: early } = await signedIn()
    const { browser: late } = await signedIn()
    const lateBasket = await newBasket(late)
    await addItem(late, lateBasket.id, competitionId, 2)
    const earlyBasket = await newBasket(early)
    await addItem(early, earlyBasket.id, competitionId, 2)
    await checkout(early, earlyBasket.id)

    const refused = await problem(
      await late.post(`/api/Baskets/${lateBasket.id}/checkout`, {}),
      409,
    )
    expect(refused.type).toBe(BASKET_EMPTY_PROBLEM)
    expect(refused.detail).toMatch(/basket is empty/)
    expect(refused.detail).toMatch(/ -- Prize \d+: This competition has sold out\./)
  })
})

describe("checkout's billing and shipping details", () => {
  const address = {
    line1: "1 Pavilion End",
    line2: "",
    city: "Leeds",
    county: "West Yorkshire",
    postCode: "LS6 3BR",
  }

  /** A signed-in customer's basket of two tickets, ready to check out. */
  const readyToCheckOut = async () => {
    const { browser } = await signedIn()
    const competitionId = await competitionOnSale(shop)
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    return { browser, basketId: basket.id, competitionId }
  }

  /** Nothing was held, allocated or ordered: the basket is as it was and still open. */
  const expectNothingHappened = async (
    browser: Browser,
    basketId: string,
    competitionId: string,
  ) => {
    expect(await soldToDate(competitionId)).toBe(0)
    expect((await json<OrderListJson>(await browser.get("/api/Orders"))).orders).toEqual([])
    const basket = await basketOf(await browser.get(`/api/Baskets/${basketId}`))
    expect(basket.items[0]?.competitionTicketDetails?.quantity).toBe(2)
  }

  it("are checked with the account pages' rules and words before anything is allocated", async () => {
    const { browser, basketId, competitionId } = await readyToCheckOut()
    const cases = [
      {
        body: { billingAddress: { ...address, line2: "x".repeat(60) } },
        field: "billingAddress.line2",
        message: "Please use 50 characters or fewer",
      },
      {
        body: { billingAddress: address, shippingAddress: { ...address, postCode: "NOT A CODE" } },
        field: "shippingAddress.postCode",
        message: "Please enter a valid UK post code.",
      },
      {
        body: { billingAddress: { ...address, line1: "  " } },
        field: "billingAddress.line1",
        message: "Address Line 1 is required.",
      },
      {
        // Left out altogether: the same rule and words as the account pages, not a schema's.
        body: { billingAddress: { city: address.city, postCode: address.postCode } },
        field: "billingAddress.line1",
        message: "Address Line 1 is required.",
      },
    ]
    for (const { body, field, message } of cases) {
      const refused = await problem(
        await browser.post(`/api/Baskets/${basketId}/checkout`, body),
        400,
      )
      expect(refused.title).toBe("One or more validation errors occurred.")
      expect(refused.errors).toEqual({ [field]: [message] })
      expect(refused.detail).toContain(` -- ${field}: ${message} Severity: Error`)
      // Never echoed back.
      expect(JSON.stringify(refused)).not.toContain("x".repeat(60))
      await expectNothingHappened(browser, basketId, competitionId)
    }
  })

  it("refuses a 5,000-character address line as a 400 naming the field, never echoing it", async () => {
    const { browser, basketId, competitionId } = await readyToCheckOut()
    const refused = await problem(
      await browser.post(`/api/Baskets/${basketId}/checkout`, {
        billingAddress: { ...address, line2: "x".repeat(5_000) },
      }),
      400,
    )
    expect(Object.keys(refused.errors ?? {})).toEqual(["billingAddress.line2"])
    expect(JSON.stringify(refused)).not.toContain("x".repeat(60))
    await expectNothingHappened(browser, basketId, competitionId)
  })

  it("refuses a 500,000-character address line at the edge (413) without a 500 or an order", async () => {
    const { browser, basketId, competitionId } = await readyToCheckOut()
    const response = await browser.post(`/api/Baskets/${basketId}/checkout`, {
      billingAddress: { ...address, line2: "x".repeat(500_000) },
    })
    expect(response.status).toBe(413)
    expect(await response.text()).not.toContain("x".repeat(100))
    await expectNothingHappened(browser, basketId, competitionId)
  })

  it("are echoed back on the order cleaned, as the account pages save them", async () => {
    const { browser, basketId } = await readyToCheckOut()
    const { order } = await checkout(browser, basketId, {
      billingAddress: { ...address, line1: "  1 Pavilion End ", postCode: "ls6 3br" },
    })
    expect(order.billingAddress).toEqual(address)
  })
})

describe("a customer's basket", () => {
  /** Every read and change of Ann's basket that `stranger` could try. */
  const attemptsOn = async (stranger: Browser, signedIn: boolean) => {
    const competitionId = await competitionOnSale(shop)
    await promotion(shop, { code: `ANNS${++annsBaskets}`, percent: 10 })
    const basket = await newBasket(ann)
    const item = (await addItem(ann, basket.id, competitionId, 1)).items[0]!
    const path = `/api/Baskets/${basket.id}`
    const attempts = [
      () => stranger.get(path),
      () =>
        stranger.put(path, { charitableDonation: { autoRoundup: true }, siteCreditDebitAmount: 0 }),
      () => stranger.post(`${path}/items`, { competitionID: competitionId, ticketQuantity: 1 }),
      () => stranger.put(`${path}/items/${item.id}`, { ticketQuantity: 0 }),
      () => stranger.request("DELETE", `${path}/items/${item.id}`),
      () => stranger.request("DELETE", `${path}/items`),
      () => stranger.post(`${path}/promotions`, { promotionCode: `ANNS${annsBaskets}` }),
      () => stranger.request("DELETE", `${path}/promotions`),
      () => stranger.request("DELETE", `${path}/promotions/ANNS${annsBaskets}`),
      // Checking out needs a signed-in customer before the basket is even looked at.
      ...(signedIn ? [() => stranger.post(`${path}/checkout`, {})] : []),
    ]
    return { basket, attempts, competitionId }
  }
  let annsBaskets = 0

  const expectUntouched = async (basketId: string, competitionId: string) => {
    const untouched = await basketOf(await ann.get(`/api/Baskets/${basketId}`))
    expect(untouched.items).toHaveLength(1)
    expect(untouched.items[0]?.competitionTicketDetails?.quantity).toBe(1)
    expect(untouched.charitableDonation.autoRoundup).toBe(false)
    expect(untouched.appliedPromotionCodes).toEqual([])
    expect(await soldToDate(competitionId)).toBe(0)
  }

  it("is 'no such basket' to a different signed-in customer, for reading and every change", async () => {
    const { basket, attempts, competitionId } = await attemptsOn(bob, true)
    const nobody = await problem(await bob.get(`/api/Baskets/${NOBODY}`), 404)
    for (const attempt of attempts) expect(await problem(await attempt(), 404)).toEqual(nobody)
    await expectUntouched(basket.id, competitionId)
  })

  it("is 'no such basket' to a caller with no token, for reading and every change", async () => {
    const anonymous = await new Browser(shop.app).open()
    const { basket, attempts, competitionId } = await attemptsOn(anonymous, false)
    const nobody = await problem(await anonymous.get(`/api/Baskets/${NOBODY}`), 404)
    for (const attempt of attempts) expect(await problem(await attempt(), 404)).toEqual(nobody)
    await expectUntouched(basket.id, competitionId)
  })

  it("becomes the customer's when a visitor logs in, and then no one else's", async () => {
    const competitionId = await competitionOnSale(shop)
    const browser = await new Browser(shop.app).open()
    const basket = await newBasket(browser)
    await addItem(browser, basket.id, competitionId, 2)
    const { user } = await register(browser)

    // The storefront reloads its basket after logging in: that is when it becomes theirs.
    const claimed = await basketOf(await browser.get(`/api/Baskets/${basket.id}`))
    expect([claimed.customerId, claimed.items.length]).toEqual([user.customerId, 1])

    const anonymous = await new Browser(shop.app).open()
    await problem(await anonymous.get(`/api/Baskets/${basket.id}`), 404)
    await problem(
      await anonymous.post(`/api/Baskets/${basket.id}/items`, {
        competitionID: competitionId,
        ticketQuantity: 1,
      }),
      404,
    )
    await problem(await bob.get(`/api/Baskets/${basket.id}`), 404)
    const still = await basketOf(await browser.get(`/api/Baskets/${basket.id}`))
    expect(still.items[0]?.competitionTicketDetails?.quantity).toBe(2)
  })
})

describe("a basket that follows the customer", () => {
  /** The basket a signed-in browser asks for: POST /api/Baskets without ForceCreateNew. */
  const follow = async (browser: Browser, basketId?: string) =>
    basketOf(
      await browser.post(
        basketId === undefined ? "/api/Baskets" : `/api/Baskets?BasketId=${basketId}`,
      ),
      201,
    )
  const lines = (basket: BasketJson) =>
    Object.fromEntries(
      basket.items.flatMap((item) =>
        item.competitionTicketDetails === null
          ? []
          : [
              [
                item.competitionTicketDetails.competition.id,
                item.competitionTicketDetails.quantity,
              ],
            ],
      ),
    )

  it("shows the laptop's basket on the phone, merged with what the phone chose before signing in", async () => {
    const car = await competitionOnSale(shop)
    const watch = await competitionOnSale(shop)
    const boat = await competitionOnSale(shop)
    const laptop = await new Browser(shop.app).open()
    const { email, password } = await register(laptop)
    const filled = await newBasket(laptop)
    await addItem(laptop, filled.id, car, 5)
    await addItem(laptop, filled.id, watch, 1)

    // On the phone, as a visitor first: 3 of the watch and a boat ticket.
    const phone = await new Browser(shop.app).open()
    const visitors = await newBasket(phone)
    await addItem(phone, visitors.id, watch, 3)
    await addItem(phone, visitors.id, boat, 1)
    await logIn(phone, email, password)

    const merged = await follow(phone, visitors.id)
    // The larger quantity of the watch, never 1 + 3: a merge never raises a bill unasked.
    expect(lines(merged)).toEqual({ [car]: 5, [watch]: 3, [boat]: 1 })
    // Nothing is in two baskets: the other one was emptied in the same step.
    const other = merged.id === filled.id ? visitors.id : filled.id
    expect((await basketOf(await phone.get(`/api/Baskets/${other}`))).items).toEqual([])

    // Back on the laptop, its kept basket follows too.
    const onLaptop = await follow(laptop, filled.id)
    expect([onLaptop.id, lines(onLaptop)]).toEqual([merged.id, lines(merged)])
    // A new basket on demand is still new.
    expect((await newBasket(laptop)).items).toEqual([])
  })

  it("answers the customer's own basket even without this browser's, or a new one when they have none", async () => {
    const car = await competitionOnSale(shop)
    const { browser, customerId } = await signedIn()
    const first = await follow(browser)
    expect([first.customerId, first.items]).toEqual([customerId, []])
    await addItem(browser, first.id, car, 2)
    const again = await follow(browser)
    expect([again.id, lines(again)]).toEqual([first.id, { [car]: 2 }])
  })

  it("never takes in another customer's basket, a checked-out one or a made-up id", async () => {
    const car = await competitionOnSale(shop)
    const bobs = await newBasket(bob)
    await addItem(bob, bobs.id, car, 4)
    const { browser } = await signedIn()
    for (const id of [bobs.id, NOBODY, "not-a-basket", "x".repeat(100)]) {
      const answered = await follow(browser, id)
      expect(answered.id).not.toBe(bobs.id)
      expect(answered.items).toEqual([])
    }
    expect(lines(await basketOf(await bob.get(`/api/Baskets/${bobs.id}`)))).toEqual({ [car]: 4 })

    const mine = await newBasket(browser)
    await addItem(browser, mine.id, car, 1)
    const { order } = await checkout(browser, mine.id)
    expect(order.id).toBeDefined()
    const after = await follow(browser, mine.id)
    expect(after.id).not.toBe(mine.id)
    expect(after.items).toEqual([])
  })

  it("leaves a visitor's request as it was: a new basket each time", async () => {
    const visitorA = new Browser(shop.app)
    const a = await follow(visitorA)
    const b = await follow(visitorA)
    expect(a.id).not.toBe(b.id)
    expect(a.customerId).toBeNull()
  })
})

describe("POST /api/Logging", () => {
  it("logs a report and answers 204", async () => {
    const response = await visitor.post("/api/Logging", {
      requestedUrl: "http://localhost/Checkout",
      event: "create-order",
      title: "Order created",
      orderId: "11111111-1111-4111-8111-111111111111",
    })
    expect(response.status).toBe(204)
  })

  it("refuses a malformed report with 400 and an oversized one with 413", async () => {
    await problem(await visitor.post("/api/Logging", { event: "create-order" }), 400)
    await problem(
      await visitor.post("/api/Logging", { requestedUrl: "x", event: "not-an-event" }),
      400,
    )
    await problem(
      await visitor.post("/api/Logging", { requestedUrl: "x", detail: "y".repeat(30_000) }),
      413,
    )
  })

  it("keeps answering 204 to a flood, which it stops writing down", async () => {
    const flooder = await new Browser(shop.app).open()
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () =>
        flooder.post("/api/Logging", { requestedUrl: "http://localhost/" }).then((r) => r.status),
      ),
    )
    expect(new Set(statuses)).toEqual(new Set([204]))
  })
})
