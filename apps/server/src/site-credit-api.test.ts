import type { BasketResponseJson } from "@howzat/contracts/baskets"
import type {
  OrderJson,
  OrderResponseJson,
  SiteCreditAccountResponseJson,
} from "@howzat/contracts/orders"
import { pence } from "@howzat/core/rules"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import {
  addItem,
  CARDS,
  checkout,
  competitionOnSale,
  newBasket,
  payByCard,
  payForOrder,
} from "./test-support/orders"
import { mailed, openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * Buying site credit through the real composition (docs/decisions/0038):
 * the order, its card payment, the ledger credited once and the statement
 * that shows it, a staff refund taking it back, and every refusal as
 * problem+json.
 */
let shop: Shop
let deferredShop: Shop
let staff: Browser

beforeAll(async () => {
  ;[shop, deferredShop] = await Promise.all([
    openShop(),
    openShop({}, { siteCredit: { name: "Howzat Credit", deferredPurchase: true } }),
  ])
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await Promise.all([shop?.close(), deferredShop?.close()])
})

const newCustomer = async (on = shop) => {
  const browser = await new Browser(on.app).open()
  const auth = await register(browser)
  return { browser, customerId: auth.user.customerId as string, email: auth.email }
}

const buyCredit = (browser: Browser, customerId: string, amount: unknown) =>
  browser.post(`/api/Customers/${customerId}/site-credit-orders`, { amount })

const account = async (browser: Browser, customerId: string, query = "") =>
  (
    await json<SiteCreditAccountResponseJson>(
      await browser.get(`/api/Customers/${customerId}/site-credit-account${query}`),
    )
  ).siteCreditAccount

const placed = async (browser: Browser, customerId: string, amount: number): Promise<OrderJson> =>
  (await json<OrderResponseJson>(await buyCredit(browser, customerId, amount), 201)).order

describe("POST /api/Customers/{customerId}/site-credit-orders", () => {
  it("makes an order of credit awaiting its card payment, and credits nothing yet", async () => {
    const ann = await newCustomer()
    const order = await placed(ann.browser, ann.customerId, 500)
    expect(order).toMatchObject({
      status: "AwaitingPayment",
      ticketItems: [],
      totalTicketQuantity: 0,
      siteCreditItems: [{ description: "Howzat Credit", lineTotal: 500 }],
      siteCreditItemTotal: 500,
      siteCreditDebitTotal: 0,
      discountTotal: 0,
      charitableDonationTotal: 0,
      orderTotal: 500,
      orderBalance: 500,
    })
    expect((await account(ann.browser, ann.customerId)).balance).toBe(0)
  })

  it("credits the balance once when the card pays, and the statement shows it", async () => {
    const ann = await newCustomer()
    const order = await placed(ann.browser, ann.customerId, 1250)
    const paid = await payForOrder(ann.browser, order.id)
    expect(paid.status).toBe("Completed")
    // The return page again, as a reload would: nothing more.
    await json(await ann.browser.post(`/api/Orders/${order.id}/complete-order`))
    const after = await account(ann.browser, ann.customerId)
    expect(after.balance).toBe(1250)
    expect(after.accountEntries).toMatchObject([
      { description: `Bought Howzat Credit (order ${order.orderRef})`, amount: 1250 },
    ])
    const confirmation = await mailed(shop, ann.email, "OrderConfirmation")
    expect(confirmation.text).toContain("£12.50 of Howzat Credit has been added to your account")
  })

  it("credits nothing when the card is declined", async () => {
    const ann = await newCustomer()
    const order = await placed(ann.browser, ann.customerId, 500)
    const started = (
      await json<OrderResponseJson>(await ann.browser.post(`/api/Orders/${order.id}/payments`))
    ).order
    const token = started.payments[0]?.token as string
    expect((await payByCard(ann.browser, token, CARDS.declined)).status).toBe("Failed")
    await problem(await ann.browser.post(`/api/Orders/${order.id}/complete-order`), 402)
    expect((await account(ann.browser, ann.customerId)).balance).toBe(0)
  })

  it("refuses amounts outside £1.00 to £1,000 with a validation problem", async () => {
    const ann = await newCustomer()
    for (const [amount, words] of [
      [99, "The minimum purchase is £1.00."],
      [0, "The minimum purchase is £1.00."],
      [-500, "The minimum purchase is £1.00."],
      [100_001, "The most you can buy at once is £1,000.00."],
    ] as const) {
      const refused = await problem(await buyCredit(ann.browser, ann.customerId, amount), 400)
      expect(refused.title).toBe("One or more validation errors occurred.")
      expect(refused.detail).toContain(words)
    }
    const orders = await shop.db
      .selectFrom("orders")
      .select("id")
      .where("customerId", "=", ann.customerId)
      .execute()
    expect(orders).toEqual([])
  })

  it("answers a malformed body with 400, never 500", async () => {
    const ann = await newCustomer()
    for (const body of [{ amount: "5.00" }, { amount: 5.5 }, {}, { amount: null }, "nonsense"]) {
      const response = await ann.browser.post(
        `/api/Customers/${ann.customerId}/site-credit-orders`,
        body,
      )
      expect(response.status).toBe(400)
      expect(response.headers.get("content-type")).toContain("application/problem+json")
    }
    await problem(await buyCredit(ann.browser, "not-a-uuid", 500), 400)
  })

  it("only for the signed-in customer themselves", async () => {
    const ann = await newCustomer()
    const bob = await newCustomer()
    const anonymous = await new Browser(shop.app).open()
    await problem(await buyCredit(anonymous, ann.customerId, 500), 401)
    await problem(await buyCredit(bob.browser, ann.customerId, 500), 404)
    await problem(await buyCredit(staff, ann.customerId, 500), 404)
  })
})

describe("a staff refund of an order that bought credit", () => {
  it("takes the credit back with the card money", async () => {
    const ann = await newCustomer()
    const order = await placed(ann.browser, ann.customerId, 800)
    await payForOrder(ann.browser, order.id)
    const refunded = (
      await json<OrderResponseJson>(await staff.post(`/api/Orders/${order.id}/refund`))
    ).order
    expect(refunded.status).toBe("Refunded")
    const after = await account(ann.browser, ann.customerId)
    expect(after.balance).toBe(0)
    expect(after.accountEntries.map((e) => e.amount)).toEqual([-800, 800])
  })

  it("is refused with 409 once the customer has spent some of it", async () => {
    const ann = await newCustomer()
    const order = await placed(ann.browser, ann.customerId, 800)
    await payForOrder(ann.browser, order.id)
    await shop.db
      .insertInto("siteCreditEntries")
      .values({
        customerId: ann.customerId,
        amountPence: -300,
        reason: "Adjustment",
        description: "spent",
        orderId: null,
        createdAt: new Date(),
      })
      .execute()
    const refused = await problem(await staff.post(`/api/Orders/${order.id}/refund`), 409)
    expect(refused.detail).toContain("some of it has been spent")
    expect((await account(ann.browser, ann.customerId)).balance).toBe(500)
  })
})

describe("GET /api/Customers/{customerId}/site-credit-account", () => {
  it("pages the statement, newest first", async () => {
    const ann = await newCustomer()
    for (const amount of [100, 200, 300]) {
      await payForOrder(ann.browser, (await placed(ann.browser, ann.customerId, amount)).id)
    }
    const first = await account(ann.browser, ann.customerId, "?PageNumber=1&PageSize=2")
    const second = await account(ann.browser, ann.customerId, "?PageNumber=2&PageSize=2")
    expect(first.balance).toBe(600)
    expect(first.accountEntries.map((e) => e.amount)).toEqual([300, 200])
    expect(second.accountEntries.map((e) => e.amount)).toEqual([100])
    expect(first).toMatchObject({ totalCount: 3 })
  })
})

describe("POST /api/Baskets/{basketId}/items/sitecredit", () => {
  it("is refused with 409 while the brand buys credit on its own", async () => {
    const ann = await newCustomer()
    const basket = await newBasket(ann.browser)
    const refused = await problem(
      await ann.browser.post(`/api/Baskets/${basket.id}/items/sitecredit`, { creditAmount: 500 }),
      409,
    )
    expect(refused.type).toContain("site-credit-purchase-not-deferred")
    await problem(
      await ann.browser.post(`/api/Baskets/${basket.id}/items/sitecredit`, { creditAmount: "x" }),
      400,
    )
    const unchanged = (
      await json<BasketResponseJson>(await ann.browser.get(`/api/Baskets/${basket.id}`))
    ).basket
    expect(unchanged.siteCreditItems).toEqual([])
    expect(unchanged.items).toEqual([])
    // Nothing beyond tickets could be added: this brand sells credit on its own.
    expect(unchanged.itemTemplates).toEqual([])
  })

  it("when the brand defers the purchase, the basket buys credit with its tickets, credited when paid", async () => {
    const ann = await newCustomer(deferredShop)
    const competitionId = await competitionOnSale(deferredShop, { ticketPrice: pence(250) })
    const basket = await newBasket(ann.browser)
    await addItem(ann.browser, basket.id, competitionId, 2)
    const add = (creditAmount: unknown) =>
      ann.browser.post(`/api/Baskets/${basket.id}/items/sitecredit`, { creditAmount })
    await problem(await add(50), 400)
    await problem(await add({}), 400)
    const withCredit = (await json<BasketResponseJson>(await add(1000))).basket
    expect(withCredit).toMatchObject({
      siteCreditItems: [{ description: "Howzat Credit", creditAmount: 1000, lineTotal: 1000 }],
      itemTotal: 1500,
      basketTotal: 1500,
    })
    // The credit is a line of items too, after the tickets, told apart by its itemType.
    expect(withCredit.items.map((i) => [i.itemType, i.lineTotal])).toEqual([
      ["CompetitionTickets", 500],
      ["SiteCredit", 1000],
    ])
    expect(withCredit.items[1]).toEqual({
      itemType: "SiteCredit",
      id: "sitecredit",
      competitionTicketDetails: null,
      siteCreditDetails: { description: "Howzat Credit", creditAmount: 1000 },
      preDiscountTotal: 1000,
      lineTotal: 1000,
      discounts: [],
    })
    expect(withCredit.items[0]).toMatchObject({ siteCreditDetails: null })
    expect(withCredit.items.reduce((sum, i) => sum + i.preDiscountTotal, 0)).toBe(
      withCredit.itemTotal,
    )
    expect(withCredit.itemTemplates).toEqual([
      {
        itemType: "SiteCredit",
        description: "Howzat Credit",
        minimumCreditAmount: 100,
        maximumCreditAmount: 100_000,
      },
    ])
    const bob = await newCustomer(deferredShop)
    await problem(
      await bob.browser.post(`/api/Baskets/${basket.id}/items/sitecredit`, { creditAmount: 500 }),
      404,
    )

    const { order } = await checkout(ann.browser, basket.id)
    expect(order).toMatchObject({
      status: "AwaitingPayment",
      totalTicketQuantity: 2,
      ticketItemTotal: 500,
      siteCreditItems: [{ description: "Howzat Credit", lineTotal: 1000 }],
      siteCreditItemTotal: 1000,
      orderTotal: 1500,
    })
    await problem(await add(500), 409)
    expect((await account(ann.browser, ann.customerId)).balance).toBe(0)
    await payForOrder(ann.browser, order.id)
    const after = await account(ann.browser, ann.customerId)
    expect(after.balance).toBe(1000)
    expect(after.accountEntries).toHaveLength(1)
  })
})
