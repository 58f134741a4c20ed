import type { DashboardChartsJson, DashboardJson } from "@howzat/contracts/dashboard"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, payForOrder, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * GET /api/Dashboard through the real composition: staff see today's paid
 * sales, what is on sale and closing, the draws due and the winners
 * waiting; nobody else sees anything.
 */
let shop: Shop
let staff: Browser

const HOUR = 60 * 60 * 1000

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
})
afterAll(async () => {
  await shop?.close()
})

const dashboard = async () => json<DashboardJson>(await staff.get("/api/Dashboard"))
const charts = async () => json<DashboardChartsJson>(await staff.get("/api/Dashboard/Charts"))

describe("the back office's dashboard", () => {
  it("answers 401 to nobody and 403 to a customer", async () => {
    await problem(await new Browser(shop.app).get("/api/Dashboard"), 401)
    const customer = await new Browser(shop.app).open()
    await register(customer)
    await problem(await customer.get("/api/Dashboard"), 403)
  })

  it("counts a paid order in today's and the week's sales, and not an unpaid one", async () => {
    const competitionId = await competitionOnSale(shop)
    const before = await dashboard()
    const buyer = await new Browser(shop.app).open()
    await register(buyer)
    const order = await placeOrder(buyer, competitionId, 3)
    const unpaid = await dashboard()
    expect(unpaid.salesToday).toEqual(before.salesToday)
    await payForOrder(buyer, order.id)

    const after = await dashboard()
    for (const window of ["salesToday", "salesLast7Days"] as const) {
      expect(after[window].orders - before[window].orders).toBe(1)
      expect(after[window].ticketsSold - before[window].ticketsSold).toBe(3)
      expect(after[window].ticketSales - before[window].ticketSales).toBe(750)
    }
    const listed = after.onSale.find((c) => c.id === competitionId)
    expect(listed).toMatchObject({ ticketsSoldToDate: 3, totalTickets: 100 })
  })

  it("lists what closes within 48 hours, and closed competitions waiting for their draw", async () => {
    const now = Date.now()
    const closingSoon = await competitionOnSale(shop, {
      closeDateTimeUtc: new Date(now + 5 * HOUR),
      drawDateTimeUtc: new Date(now + 6 * HOUR),
    })
    const closingLater = await competitionOnSale(shop)
    const waiting = await competitionOnSale(shop, {
      drawType: "Live",
      startDateTimeUtc: new Date(now - 48 * HOUR),
      closeDateTimeUtc: new Date(now - HOUR),
      drawDateTimeUtc: new Date(now + HOUR),
    })
    const d = await dashboard()
    const ids = (list: readonly { id: string }[]) => list.map((c) => c.id)
    expect(ids(d.closingSoon)).toContain(closingSoon)
    expect(ids(d.closingSoon)).not.toContain(closingLater)
    expect(ids(d.onSale)).toEqual(expect.arrayContaining([closingSoon, closingLater]))
    expect(ids(d.onSale)).not.toContain(waiting)
    expect(ids(d.drawsDue)).toContain(waiting)
    expect(d.unprocessedWinners).toEqual({
      main: expect.any(Number),
      instantWin: expect.any(Number),
    })
  })
})

describe("the back office's dashboard charts", () => {
  it("answers 401 to nobody and 403 to a customer", async () => {
    await problem(await new Browser(shop.app).get("/api/Dashboard/Charts"), 401)
    const customer = await new Browser(shop.app).open()
    await register(customer)
    await problem(await customer.get("/api/Dashboard/Charts"), 403)
  })

  it("puts a paid order in today's sales and its competition's hour, and not an unpaid one", async () => {
    const competitionId = await competitionOnSale(shop)
    const before = await charts()
    expect(before.salesByDay).toHaveLength(30)
    expect(before.hours).toBe(24)
    const buyer = await new Browser(shop.app).open()
    await register(buyer)
    const order = await placeOrder(buyer, competitionId, 2)
    const unpaid = await charts()
    expect(unpaid.salesByDay).toEqual(before.salesByDay)
    await payForOrder(buyer, order.id)

    const after = await charts()
    const today = (c: DashboardChartsJson) => c.salesByDay.at(-1)
    expect(today(after)?.day).toBe(today(before)?.day)
    expect((today(after)?.orders ?? 0) - (today(before)?.orders ?? 0)).toBe(1)
    expect((today(after)?.ticketSales ?? 0) - (today(before)?.ticketSales ?? 0)).toBe(500)
    const chart = after.ticketsByHour.find((c) => c.id === competitionId)
    expect(chart?.hours).toHaveLength(24)
    expect(chart?.hours.at(-1)?.ticketsSold).toBe(2)
    expect(chart?.hours.reduce((sum, h) => sum + h.ticketsSold, 0)).toBe(2)
    // Today's bar is the same money as the front page's "Today".
    expect(today(after)?.ticketSales).toBe((await dashboard()).salesToday.ticketSales)
  })

  it("is in the OpenAPI document", async () => {
    const document = await json<{ paths: Record<string, unknown> }>(
      await new Browser(shop.app).get("/api/openapi.json"),
    )
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(["/api/Dashboard", "/api/Dashboard/Charts"]),
    )
  })
})
