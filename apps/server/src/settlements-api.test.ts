import type { SettlementReportJson } from "@howzat/contracts/reports"
import { londonDay } from "@howzat/core/rules"
import { newCustomer, newOrder } from "@howzat/postgres/testing"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * GET /api/Reports/settlements and its CSV through the real composition
 * (decision 0068): staff see today's card money per provider against the
 * day's orders, disagreeing orders first; nobody else sees anything.
 */
let shop: Shop
let staff: Browser

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const today = () => londonDay(new Date())
const report = async (query = `?from=${today()}&to=${today()}`) =>
  json<SettlementReportJson>(await staff.get(`/api/Reports/settlements${query}`))
const sandboxToday = (r: SettlementReportJson) =>
  r.rows.find((row) => row.day === today() && row.provider === "sandbox")

describe("the settlements report", () => {
  it("answers 401 to nobody and 403 to a customer, as JSON and as CSV", async () => {
    for (const path of ["/api/Reports/settlements", "/api/Reports/settlements.csv"]) {
      await problem(await new Browser(shop.app).get(path), 401)
      const customer = await new Browser(shop.app).open()
      await register(customer)
      await problem(await customer.get(path), 403)
    }
  })

  it("answers an Admin too, the last 30 London days when no range is asked", async () => {
    const admin = (await signedInStaff(shop, "Admin")).browser
    const r = await json<SettlementReportJson>(await admin.get("/api/Reports/settlements"))
    expect(r.to).toBe(today())
    const days = (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1
    expect(days).toBe(30)
  })

  it("sums a paid order, a refunded order and a pending payment on today's sandbox row", async () => {
    const competitionId = await competitionOnSale(shop)
    const before = await report()
    const buyer = await new Browser(shop.app).open()
    await register(buyer)

    // 2 tickets at £2.50, paid and kept.
    const kept = await placeOrder(buyer, competitionId, 2)
    await payForOrder(buyer, kept.id)
    // 4 tickets, paid, then refunded by staff.
    const givenBack = await placeOrder(buyer, competitionId, 4)
    await payForOrder(buyer, givenBack.id)
    expect((await staff.post(`/api/Orders/${givenBack.id}/refund`)).status).toBe(200)
    // 1 ticket, a payment started and never paid.
    const waiting = await placeOrder(buyer, competitionId, 1)
    expect((await buyer.post(`/api/Orders/${waiting.id}/payments`)).status).toBe(200)

    const after = await report()
    const was = sandboxToday(before)
    const now = sandboxToday(after)
    const delta = (key: keyof NonNullable<typeof now>) =>
      Number(now?.[key] ?? 0) - Number(was?.[key] ?? 0)
    expect(delta("taken")).toBe(1_500)
    expect(delta("refunded")).toBe(1_000)
    expect(delta("pendingPayments")).toBe(250)
    expect(delta("refundsDue")).toBe(0)
    expect(delta("completedOrders")).toBe(1)
    expect(delta("completedTotal")).toBe(500)
    expect(delta("refundedOrders")).toBe(1)
    expect(delta("refundedTotal")).toBe(1_000)
    // The shop's own flows never disagree with themselves.
    expect(after.disagreements).toEqual([])
    expect(after.totals.taken - before.totals.taken).toBe(1_500)
  })

  it("lists an order planted in the database whose payments and status disagree, first", async () => {
    const customerId = await newCustomer(shop.db)
    const unpaid = await newOrder(shop.db, customerId, {
      status: "Completed",
      orderTotalPence: 700,
      itemTotalPence: 700,
      createdAt: new Date(),
    })
    const cancelled = await newOrder(shop.db, customerId, {
      status: "Cancelled",
      orderTotalPence: 300,
      itemTotalPence: 300,
      createdAt: new Date(Date.now() + 1_000),
    })
    await shop.db
      .insertInto("payments")
      .values({
        orderId: cancelled,
        amountPence: 300,
        status: "Succeeded",
        provider: "sandbox",
        providerReference: `pi_planted_${Date.now()}`,
        clientToken: null,
        failureDetail: null,
        succeededAt: new Date(),
      })
      .execute()

    const response = await staff.get(`/api/Reports/settlements?from=${today()}&to=${today()}`)
    const text = await response.clone().text()
    // First in the answer, before the days' rows.
    expect(text.indexOf('"disagreements"')).toBeLessThan(text.indexOf('"rows"'))
    const r = await json<SettlementReportJson>(response)
    expect(r.disagreements.map((d) => [d.orderId, d.kinds])).toEqual([
      [unpaid, ["CompletedWithoutPayment"]],
      [cancelled, ["ClosedWithKeptPayment"]],
    ])
    expect(r.disagreements[0]).toMatchObject({ status: "Completed", cardBalance: 700 })
  })

  it("downloads the report as CSV: pounds, a row per day and provider, then the disagreements", async () => {
    const response = await staff.get(`/api/Reports/settlements.csv?from=${today()}&to=${today()}`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/)
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="settlements-${today()}-to-${today()}.csv"`,
    )
    const lines = (await response.text()).split("\r\n")
    expect(lines[0]).toBe(
      "Day,Provider,Taken (GBP),Refunded (GBP),Pending payments (GBP),Refunds due (GBP),Completed orders,Completed orders (GBP),Refunded orders,Refunded orders (GBP)",
    )
    const r = await report()
    const sandbox = sandboxToday(r)
    expect(lines).toContain(
      [
        today(),
        "sandbox",
        (Number(sandbox?.taken) / 100).toFixed(2),
        (Number(sandbox?.refunded) / 100).toFixed(2),
        (Number(sandbox?.pendingPayments) / 100).toFixed(2),
        (Number(sandbox?.refundsDue) / 100).toFixed(2),
        String(sandbox?.completedOrders),
        (Number(sandbox?.completedTotal) / 100).toFixed(2),
        String(sandbox?.refundedOrders),
        (Number(sandbox?.refundedTotal) / 100).toFixed(2),
      ].join(","),
    )
    const section = lines.indexOf("Orders whose payments and status disagree")
    expect(section).toBeGreaterThan(0)
    expect(lines[section - 1]).toBe("")
    expect(lines.slice(section + 2).filter((l) => l !== "")).toHaveLength(r.disagreements.length)
    expect(lines[section + 2]).toContain(",Completed,7.00,")
  })

  it("refuses a range it cannot answer with a problem saying why", async () => {
    const bad = async (query: string, message: RegExp) => {
      for (const path of ["/api/Reports/settlements", "/api/Reports/settlements.csv"]) {
        const response = await staff.get(`${path}${query}`)
        expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/)
        expect((await problem(response, 400)).detail).toMatch(message)
      }
    }
    await bad("?from=yesterday", /'from' must be a date as YYYY-MM-DD/)
    await bad("?from=2026-02-30&to=2026-03-01", /'from' must be a date/)
    await bad("?from=2026-06-02&to=2026-06-01", /on or before 'to'/)
    await bad("?from=2020-01-01&to=2026-01-01", /at most 366 days/)
  })
})
