import type { OrderJson, OrderListJson, OrderResponseJson } from "@howzat/contracts/orders"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { QueryCounter } from "../../../test/support/query-counter"
import { openMigratedPglite } from "../../../test/support/suite-database"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * How an order is read for its answer: a page of orders costs the same
 * number of statements whatever its size (no read per order), and a
 * database failure while reading is a server error, never an order shown
 * with made-up dates or another address.
 */

const counter = new QueryCounter()
let shop: Shop

beforeAll(async () => {
  shop = await openShop({}, {}, {}, async () => {
    const handle = await openMigratedPglite()
    return { ...handle, db: handle.db.withPlugin(counter) }
  })
})
afterAll(async () => {
  await shop?.close()
})

/** The statements one request costs. */
const statementsOf = async (request: () => Promise<Response>) => {
  const before = counter.count
  const response = await request()
  const body = await json<OrderListJson>(response)
  return { statements: counter.count - before, orders: body.orders }
}

const customerWithOrders = async (count: number) => {
  const browser = await new Browser(shop.app).open()
  const { user } = await register(browser)
  for (let i = 0; i < count; i++) {
    // Each order of a competition of its own, so a read per competition would show too.
    await placeOrder(browser, await competitionOnSale(shop), 1)
  }
  return { browser, customerId: user.customerId as string }
}

describe("a page of orders", () => {
  it("costs the same number of statements for one order as for six", async () => {
    const one = await customerWithOrders(1)
    const six = await customerWithOrders(6)
    const few = await statementsOf(() => one.browser.get("/api/Orders"))
    const many = await statementsOf(() => six.browser.get("/api/Orders"))
    expect(few.orders).toHaveLength(1)
    expect(many.orders).toHaveLength(6)
    expect(many.statements).toBe(few.statements)
  })

  it("of several customers' orders (staff's view) costs the same as one customer's", async () => {
    const { browser: staff } = await signedInStaff(shop, "Admin")
    const ann = await customerWithOrders(1)
    await customerWithOrders(2)
    await customerWithOrders(2)
    const one = await statementsOf(() => staff.get(`/api/Orders?CustomerId=${ann.customerId}`))
    const all = await statementsOf(() => staff.get("/api/Orders?PageSize=20"))
    expect(one.orders).toHaveLength(1)
    expect(new Set(all.orders.map((order) => order.customer.id)).size).toBeGreaterThan(2)
    expect(all.statements).toBe(one.statements)
  })
})

describe("a database failure while an order is read", () => {
  it("is a server error (problem+json), not an order with made-up competition dates", async () => {
    const { browser } = await customerWithOrders(1)
    const [order] = (await json<OrderListJson>(await browser.get("/api/Orders"))).orders
    const shown = (await json<OrderResponseJson>(await browser.get(`/api/Orders/${order!.id}`)))
      .order
    // A column only the order's competition dates come from, gone from under the shop:
    // the order itself still reads, its competitions' dates cannot.
    await sql`alter table competitions rename column draw_date_time_utc to draw_away`.execute(
      shop.db,
    )
    try {
      const failed = await browser.get(`/api/Orders/${order!.id}`)
      expect(failed.status).toBeGreaterThanOrEqual(500)
      await problem(failed, failed.status)
      const list = await browser.get("/api/Orders")
      expect(list.status).toBeGreaterThanOrEqual(500)
    } finally {
      await sql`alter table competitions rename column draw_away to draw_date_time_utc`.execute(
        shop.db,
      )
    }
    const again: OrderJson = (
      await json<OrderResponseJson>(await browser.get(`/api/Orders/${order!.id}`))
    ).order
    expect(again).toEqual(shown)
  })
})
