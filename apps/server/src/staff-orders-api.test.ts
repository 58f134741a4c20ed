import type { CompetitionResponseJson } from "@howzat/contracts/catalogue"
import type { OrderListJson, OrderResponseJson } from "@howzat/contracts/orders"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The back office's order calls through the real composition: the list
 * across every customer, staff's cancel, and the refund of a paid order
 * through the payment port with its tickets back on sale
 * (docs/decisions/0029).
 */
let shop: Shop
let anonymous: Browser
let staff: Browser

beforeAll(async () => {
  shop = await openShop()
  anonymous = await new Browser(shop.app).open()
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const newCustomer = async (details: Record<string, unknown> = {}) => {
  const browser = await new Browser(shop.app).open()
  const auth = await register(browser, details)
  return { browser, customerId: auth.user.customerId as string }
}

/** Buys and pays by card, as the payment page does. */
const buy = async (browser: Browser, competitionId: string, quantity: number) => {
  const order = await placeOrder(browser, competitionId, quantity)
  const completed = await payForOrder(browser, order.id)
  expect(completed.status).toBe("Completed")
  return completed
}

const sold = async (competitionId: string) =>
  (
    await json<CompetitionResponseJson>(
      // Read now, not the public cache's few-seconds-old answer (decision 0047).
      await anonymous.get(`/api/Competitions/${competitionId}`, { "cache-control": "no-cache" }),
    )
  ).competition.ticketsSoldToDate

const refund = (browser: Browser, orderId: string) => browser.post(`/api/Orders/${orderId}/refund`)

const auditOf = (orderId: string) =>
  shop.db
    .selectFrom("auditLog")
    .selectAll()
    .where("subjectType", "=", "Order")
    .where("subjectId", "=", orderId)
    .orderBy("at")
    .execute()

describe("GET /api/Orders for staff", () => {
  it("lists every customer's orders, filtered by customer and status, with payments", async () => {
    const ann = await newCustomer()
    const bob = await newCustomer()
    const competitionId = await competitionOnSale(shop)
    const annPaid = await buy(ann.browser, competitionId, 1)
    const bobUnpaid = await placeOrder(bob.browser, competitionId, 1)
    const everyone = await json<OrderListJson>(await staff.get("/api/Orders?PageSize=100"))
    const ids = everyone.orders.map((o) => o.id)
    expect(ids).toEqual(expect.arrayContaining([annPaid.id, bobUnpaid.id]))
    const bobs = await json<OrderListJson>(
      await staff.get(`/api/Orders?CustomerId=${bob.customerId}`),
    )
    expect(bobs.orders.map((o) => o.id)).toEqual([bobUnpaid.id])
    const completed = await json<OrderListJson>(
      await staff.get(`/api/Orders?OrderStatus=Completed&CustomerId=${ann.customerId}`),
    )
    expect(completed.orders.map((o) => o.id)).toEqual([annPaid.id])
    const { order } = await json<OrderResponseJson>(await staff.get(`/api/Orders/${annPaid.id}`))
    expect(order.payments).toMatchObject([{ status: "Succeeded", amount: 250 }])
    // A customer still sees only their own.
    await problem(await ann.browser.get(`/api/Orders?CustomerId=${bob.customerId}`), 403)
  })
})

/** A surname no other test's customer has: names take letters only. */
const uniqueSurname = (stem: string) =>
  `${stem}${[...Date.now().toString(36)].map((c) => String.fromCharCode(97 + (Number.parseInt(c, 36) % 26))).join("")}`

describe("GET /api/Orders?Search=", () => {
  const searched = async (browser: Browser, query: string) =>
    (await json<OrderListJson>(await browser.get(`/api/Orders?PageSize=100&${query}`))).orders.map(
      (o) => o.id,
    )

  it("finds staff any customer's orders by reference, name or email, beside the filters", async () => {
    const word = uniqueSurname("Wicket")
    const ann = await newCustomer({
      lastName: `${word}son`,
      emailAddress: `ann.${word}@example.com`,
    })
    const bob = await newCustomer({ firstName: "Bob", lastName: `${word}ford` })
    const competitionId = await competitionOnSale(shop)
    const annPaid = await buy(ann.browser, competitionId, 1)
    const bobUnpaid = await placeOrder(bob.browser, competitionId, 1)

    const byWord = await searched(staff, `Search=${word.toUpperCase()}`)
    expect(byWord).toEqual([bobUnpaid.id, annPaid.id])
    expect(await searched(staff, `Search=ann.${word.toLowerCase()}%40EXAMPLE`)).toEqual([
      annPaid.id,
    ])
    expect(await searched(staff, `Search=${encodeURIComponent(`  bob   ${word} `)}`)).toEqual([
      bobUnpaid.id,
    ])
    expect(await searched(staff, `Search=${bobUnpaid.orderRef.toLowerCase()}`)).toEqual([
      bobUnpaid.id,
    ])
    expect(await searched(staff, `Search=${bobUnpaid.orderRef.slice(0, 8)}`)).toContain(
      bobUnpaid.id,
    )
    expect(await searched(staff, `Search=${word}&OrderStatus=Completed`)).toEqual([annPaid.id])
    expect(await searched(staff, `Search=${word}&CustomerId=${bob.customerId}`)).toEqual([
      bobUnpaid.id,
    ])
    expect(await searched(staff, `Search=${word}-nobody`)).toEqual([])
  })

  it("refuses a customer's search, even one for their own orders, and tells nothing", async () => {
    const word = uniqueSurname("Stump")
    const ann = await newCustomer({ lastName: word })
    const bob = await newCustomer({ lastName: `${word}er` })
    const competitionId = await competitionOnSale(shop)
    const annPaid = await buy(ann.browser, competitionId, 1)
    await placeOrder(bob.browser, competitionId, 1)
    for (const query of [
      `Search=${word}`,
      `Search=${annPaid.orderRef}`,
      `Search=${word}&CustomerId=${ann.customerId}`,
    ]) {
      const refused = await problem(await ann.browser.get(`/api/Orders?${query}`), 403)
      expect(JSON.stringify(refused)).not.toContain(word)
    }
    await problem(await anonymous.get(`/api/Orders?Search=${word}`), 401)
    // A blank box is no search: the customer's own list still answers.
    expect(await searched(ann.browser, "Search=%20%20")).toEqual([annPaid.id])
  })

  it("refuses a search longer than any reference, name or address", async () => {
    await problem(await staff.get(`/api/Orders?Search=${"a".repeat(101)}`), 400)
  })
})

describe("POST /api/Orders/{orderId}/cancel-order by staff", () => {
  it("cancels any customer's unpaid order, its tickets back on sale, audited", async () => {
    const ann = await newCustomer()
    const competitionId = await competitionOnSale(shop)
    const order = await placeOrder(ann.browser, competitionId, 3)
    expect(await sold(competitionId)).toBe(3)
    const cancelled = await json<OrderResponseJson>(
      await staff.post(`/api/Orders/${order.id}/cancel-order`),
    )
    expect(cancelled.order.status).toBe("Cancelled")
    expect(await sold(competitionId)).toBe(0)
    expect((await auditOf(order.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ["Order.Cancel", { status: "AwaitingPayment" }, { status: "Cancelled" }],
    ])
  })
})

describe("POST /api/Orders/{orderId}/refund", () => {
  it("answers 401 to nobody and 403 to a customer, even the one who paid", async () => {
    const ann = await newCustomer()
    const order = await buy(ann.browser, await competitionOnSale(shop), 1)
    await problem(await refund(anonymous, order.id), 401)
    await problem(await refund(ann.browser, order.id), 403)
    const { order: still } = await json<OrderResponseJson>(
      await ann.browser.get(`/api/Orders/${order.id}`),
    )
    expect(still.status).toBe("Completed")
  })

  it("refunds the card through the provider and puts the tickets back on sale, once", async () => {
    const ann = await newCustomer()
    const competitionId = await competitionOnSale(shop)
    const order = await buy(ann.browser, competitionId, 4)
    expect(await sold(competitionId)).toBe(4)

    const refunded = await json<OrderResponseJson>(await refund(staff, order.id))
    expect(refunded.order.status).toBe("Refunded")
    expect(refunded.order.payments).toMatchObject([{ status: "Refunded", amount: 1000 }])
    expect(await sold(competitionId)).toBe(0)
    const pool = await shop.db
      .selectFrom("tickets")
      .select("ticketNumber")
      .where("orderId", "=", order.id)
      .execute()
    expect(pool).toEqual([])
    const refundRecord = await shop.db
      .selectFrom("paymentRefunds")
      .selectAll()
      .where("orderId", "=", order.id)
      .execute()
    expect(refundRecord).toMatchObject([
      { reason: "StaffRefund", status: "Refunded", amountPence: 1000 },
    ])

    // A second refund, or a double click, changes nothing.
    const again = await json<OrderResponseJson>(await refund(staff, order.id))
    expect(again.order.status).toBe("Refunded")
    expect(
      await shop.db
        .selectFrom("paymentRefunds")
        .select("paymentId")
        .where("orderId", "=", order.id)
        .execute(),
    ).toHaveLength(1)
    expect((await auditOf(order.id)).map((a) => a.action)).toEqual(["Order.Refund"])
    // The customer sees it refunded, and cannot complete it again.
    const { order: seen } = await json<OrderResponseJson>(
      await ann.browser.get(`/api/Orders/${order.id}`),
    )
    expect(seen.status).toBe("Refunded")
    // Paid and given back: nothing is still to pay by card.
    expect(seen).toMatchObject({ orderTotal: 1000, orderBalance: 0 })
    await problem(await ann.browser.post(`/api/Orders/${order.id}/complete-order`), 409)
  })

  it("refuses an order that won an instant prize, and keeps everything as it was", async () => {
    const ann = await newCustomer()
    const competitionId = await competitionOnSale(shop, {
      totalTickets: 3,
      instantWinGroups: [{ name: "Signed ball", imageUrls: [], ticketNumbers: [1, 2, 3] }],
    })
    const order = await buy(ann.browser, competitionId, 1)
    const refused = await problem(await refund(staff, order.id), 409)
    expect(refused.detail).toContain("won an instant prize")
    const { order: still } = await json<OrderResponseJson>(
      await staff.get(`/api/Orders/${order.id}`),
    )
    expect(still.status).toBe("Completed")
    expect(await sold(competitionId)).toBe(1)
    expect(await auditOf(order.id)).toEqual([])
  })

  it("refuses an unpaid order and answers an unknown one with 404", async () => {
    const ann = await newCustomer()
    const order = await placeOrder(ann.browser, await competitionOnSale(shop), 1)
    await problem(await refund(staff, order.id), 409)
    await problem(await refund(staff, crypto.randomUUID()), 404)
    await problem(await staff.post("/api/Orders/not-a-uuid/refund"), 400)
  })
})
