import { randomUUID } from "node:crypto"
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser } from "./test-support/browser"
import {
  addItem,
  competitionOnSale,
  newBasket,
  payForOrder,
  placeOrder,
} from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"

/**
 * What an operator watches beyond the requests (docs/decisions/0088): the
 * business counters and gauges at /metrics, a request id on every answer
 * and every JSON log line written while answering it, and a trace of each
 * API request with its use case, carrying ids and never personal data.
 */
const TOKEN = "metrics-token-of-the-test-at-least-32-chars"
const DAY = 24 * 60 * 60 * 1000

const seriesValue = (body: string, series: string) => {
  const line = body.split("\n").find((l) => l.startsWith(`${series} `))
  return line === undefined ? 0 : Number(line.slice(series.length + 1))
}

describe("the shop's own figures at /metrics", () => {
  let shop: Shop
  let customer: Browser
  const scrape = async () => {
    const response = await customer.request("GET", "/metrics", { bearer: TOKEN })
    expect(response.status).toBe(200)
    return response.text()
  }

  beforeAll(async () => {
    shop = await openShop({ METRICS_TOKEN: TOKEN })
    customer = await new Browser(shop.app).open()
    await register(customer)
  })
  afterAll(async () => {
    await shop?.close()
  })

  it("count checkouts, tickets and payments by outcome, with no ids among the labels", async () => {
    const placed = 'howzat_checkouts_total{outcome="AwaitingPayment"}'
    const paid = 'howzat_payments_total{provider="sandbox",outcome="Succeeded"}'
    const before = await scrape()
    const order = await placeOrder(customer, await competitionOnSale(shop), 2)
    await payForOrder(customer, order.id)
    // A refusal: someone else's basket is not found.
    await customer.post(`/api/Baskets/${randomUUID()}/checkout`, {})
    const after = await scrape()
    expect(seriesValue(after, placed) - seriesValue(before, placed)).toBe(1)
    expect(
      seriesValue(after, "howzat_tickets_sold_total") -
        seriesValue(before, "howzat_tickets_sold_total"),
    ).toBe(2)
    expect(seriesValue(after, paid) - seriesValue(before, paid)).toBe(1)
    expect(after).toMatch(/howzat_checkout_refusals_total\{reason="[A-Za-z]+"\} [1-9]/)
    // Declines start at 0, so a rate of them is there before the first one.
    expect(after).toContain('howzat_payments_total{provider="sandbox",outcome="Declined"} 0')
    expect(after).toContain('howzat_refunds_total{provider="sandbox",outcome="Failed"} 0')
  })

  it("show each live competition's tickets sold, and only live ones carry their id", async () => {
    const live = await competitionOnSale(shop, { totalTickets: 50 })
    const closed = await competitionOnSale(shop, {
      startDateTimeUtc: new Date(Date.now() - 3 * DAY),
      closeDateTimeUtc: new Date(Date.now() - DAY),
      drawDateTimeUtc: new Date(Date.now() - DAY),
    })
    await placeOrder(customer, live, 3)
    const body = await scrape()
    expect(
      seriesValue(body, `howzat_live_competition_tickets_sold{competition_id="${live}"}`),
    ).toBe(3)
    expect(seriesValue(body, `howzat_live_competition_tickets{competition_id="${live}"}`)).toBe(50)
    expect(seriesValue(body, "howzat_live_competitions")).toBeGreaterThanOrEqual(1)
    expect(body).not.toContain(closed)
  })

  it("show the draws overdue, then count the automatic draw that makes one", async () => {
    const due = await competitionOnSale(shop, {
      startDateTimeUtc: new Date(Date.now() - 3 * DAY),
      closeDateTimeUtc: new Date(Date.now() - 2 * DAY),
      drawDateTimeUtc: new Date(Date.now() - DAY),
    })
    const waiting = await scrape()
    expect(seriesValue(waiting, 'howzat_draws_due{draw_type="Automatic"}')).toBeGreaterThanOrEqual(
      1,
    )
    expect(
      seriesValue(waiting, 'howzat_draws_oldest_due_age_seconds{draw_type="Automatic"}'),
    ).toBeGreaterThanOrEqual(DAY / 1000 - 60)
    await Effect.runPromise(shop.passes.drawDue)
    const drawn = await scrape()
    expect(seriesValue(drawn, 'howzat_draws_total{kind="automatic"}')).toBeGreaterThanOrEqual(1)
    expect(seriesValue(drawn, 'howzat_draws_due{draw_type="Automatic"}')).toBe(0)
    expect(drawn).toContain('howzat_draws_total{kind="redraw"} 0')
    expect(drawn).not.toContain(due)
  })
})

describe("request ids and JSON logs", () => {
  let shop: Shop
  const lines: string[] = []

  beforeAll(async () => {
    shop = await openShop({ LOG_FORMAT: "json" }, {}, { logLines: (line) => lines.push(line) })
  })
  afterAll(async () => {
    await shop?.close()
  })

  it("give every answer an id, the proxy's when it is sane", async () => {
    const visitor = new Browser(shop.app)
    const own = (await visitor.get("/health/ping")).headers.get("x-request-id")
    expect(own).toMatch(/^[0-9a-f-]{36}$/)
    const passed = "haproxy-7f3a9c1e-0001"
    const kept = await visitor.request("GET", "/api/Competitions", {
      headers: { "x-request-id": passed },
    })
    expect(kept.headers.get("x-request-id")).toBe(passed)
    for (const insane of ["short", "x".repeat(129), 'a"b\\nforged line', "with space 12345"]) {
      const replaced = await visitor.request("GET", "/health/ping", {
        headers: { "x-request-id": insane },
      })
      expect(replaced.headers.get("x-request-id")).not.toBe(insane)
      expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
    }
  })

  it("write each event as one JSON line carrying the id the caller was answered with", async () => {
    const visitor = await new Browser(shop.app).open()
    const response = await visitor.post("/api/Logging", {
      requestedUrl: "https://shop.example/Checkout",
      event: "navigation",
      title: "observability test report",
    })
    expect(response.status).toBe(204)
    const id = response.headers.get("x-request-id")
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === "storefront report")
    expect(line).toMatchObject({ level: "info", requestId: id, title: "observability test report" })
    expect(typeof line.time).toBe("string")
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow()
  })
})

describe("traces", () => {
  let shop: Shop
  const exporter = new InMemorySpanExporter()

  beforeAll(async () => {
    shop = await openShop(
      {},
      {},
      { tracing: { serviceName: "howzat-test", processor: new SimpleSpanProcessor(exporter) } },
    )
  })
  afterAll(async () => {
    await shop?.close()
  })

  const spansNamed = (name: string) => exporter.getFinishedSpans().filter((s) => s.name === name)

  it("make a server span per API request with a use-case span inside, ids only", async () => {
    const customer = await new Browser(shop.app).open()
    const account = await register(customer, { firstName: "Philippa", lastName: "Tracewell" })
    const competition = await competitionOnSale(shop)
    exporter.reset()
    const basket = await newBasket(customer)
    await addItem(customer, basket.id, competition, 1)
    const response = await customer.post(`/api/Baskets/${basket.id}/checkout`, {})
    expect(response.status).toBeLessThan(300)
    const order = (await response.json()).order
    const requestId = response.headers.get("x-request-id")

    const [server] = spansNamed("POST /api/Baskets/:basketId/checkout")
    const [useCase] = spansNamed("Checkout.checkout")
    expect(server).toBeDefined()
    expect(useCase).toBeDefined()
    const span = server as ReadableSpan
    const child = useCase as ReadableSpan
    expect(span.kind).toBe(1) // SERVER
    expect(span.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": "/api/Baskets/:basketId/checkout",
      "http.response.status_code": response.status,
      "howzat.request_id": requestId,
    })
    expect(child.spanContext().traceId).toBe(span.spanContext().traceId)
    expect(child.parentSpanContext?.spanId).toBe(span.spanContext().spanId)
    expect(child.attributes).toMatchObject({ basketId: basket.id, orderId: order.id })
    expect(child.resource.attributes["service.name"]).toBe("howzat-test")

    // Nothing personal in any span: no email, name or address of the caller.
    const everything = JSON.stringify(
      exporter.getFinishedSpans().map((s) => ({ name: s.name, attributes: s.attributes })),
    )
    for (const personal of [account.email, "Philippa", "Tracewell", customer.address])
      expect(everything).not.toContain(personal)
    expect(everything).not.toMatch(/user_agent|client\.address|http\.request\.header/)
  })
})
