import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, problem } from "./test-support/browser"
import { openShop, registrationFor, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/** What an operator's Prometheus reads at /metrics (docs/decisions/0085). */
const TOKEN = "metrics-token-of-the-test-at-least-32-chars"
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i

describe("metrics off", () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await openShop()
  })
  afterAll(async () => {
    await shop?.close()
  })

  it("are not there without METRICS_TOKEN, not even with a token", async () => {
    const visitor = new Browser(shop.app)
    await problem(await visitor.get("/metrics"), 404)
    await problem(await visitor.request("GET", "/metrics", { bearer: TOKEN }), 404)
  })
})

describe("metrics on", () => {
  let shop: Shop
  let visitor: Browser
  const scrape = (bearer: string | false = TOKEN) => visitor.request("GET", "/metrics", { bearer })
  const text = async () => {
    const response = await scrape()
    expect(response.status).toBe(200)
    return response.text()
  }
  /** The value of one series, 0 when it is not there yet. */
  const seriesValue = (body: string, series: string) => {
    const line = body.split("\n").find((l) => l.startsWith(`${series} `))
    return line === undefined ? 0 : Number(line.slice(series.length + 1))
  }

  beforeAll(async () => {
    // An SMTP server nobody answers: mail stays in the outbox, retried, rather than marked
    // delivered within the delivery job's two seconds (the mailbox mode's), which a busy
    // machine's scrape could miss.
    shop = await openShop({
      METRICS_TOKEN: TOKEN,
      SMTP_URL: "smtp://127.0.0.1:9",
      PUBLIC_URL: "http://shop.test",
    })
    visitor = await new Browser(shop.app).open()
  })
  afterAll(async () => {
    await shop?.close()
  })

  it("refuse a scrape without the token, or with a wrong one", async () => {
    const missing = await problem(await scrape(false), 401)
    expect(missing.detail).toMatch(/bearer token/)
    const wrong = await scrape(`${TOKEN.slice(0, -1)}x`)
    await problem(wrong, 401)
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/)
    await problem(await scrape("short"), 401)
  })

  it("are the scraper's alone: an Admin's session does not open them", async () => {
    const { browser } = await signedInStaff(shop, "Admin")
    await problem(await browser.get("/metrics"), 401)
  })

  it("answer Prometheus' text format, never cached", async () => {
    const response = await scrape()
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8")
    expect(response.headers.get("cache-control")).toBe("no-store")
    const body = await response.text()
    // Node's own: event-loop delay, memory, garbage collection.
    expect(body).toContain("nodejs_eventloop_lag_seconds")
    expect(body).toContain("process_resident_memory_bytes")
    expect(body).toContain("nodejs_gc_duration_seconds")
  })

  it("count requests by declared route and status, never by the ids in a path", async () => {
    const byId =
      'http_requests_total{method="GET",route="/api/Competitions/:competitionId",status="404"}'
    const list = 'http_requests_total{method="GET",route="/api/Competitions",status="200"}'
    const before = await text()
    expect((await visitor.get(`/api/Competitions/${randomUUID()}`)).status).toBe(404)
    expect((await visitor.get(`/api/Competitions/${randomUUID()}`)).status).toBe(404)
    // The second is the public cache's fresh hit, answered before any routing: counted too.
    expect((await visitor.get("/api/Competitions")).status).toBe(200)
    expect((await visitor.get("/api/Competitions")).status).toBe(200)
    await visitor.get(`/api/Nowhere/${randomUUID()}`)
    const after = await text()
    expect(seriesValue(after, byId) - seriesValue(before, byId)).toBe(2)
    expect(seriesValue(after, list) - seriesValue(before, list)).toBe(2)
    expect(after).toContain('route="unmatched"')
    expect(after).toMatch(
      /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/Competitions",status_class="2xx"\} \d+/,
    )
    expect(after).toContain(
      'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/Competitions/:competitionId",status_class="4xx"}',
    )
    // Only the live competitions' sales gauges name a competition (decision 0088).
    const labels = after
      .split("\n")
      .filter((l) => l.includes("{") && !l.startsWith("howzat_live_competition_"))
    expect(labels.filter((l) => UUID.test(l))).toEqual([])
  })

  it("show the outbox's backlog and its oldest message's age", async () => {
    // A registration writes the address-check email to the outbox; nothing sends it here.
    expect((await visitor.post("/api/Customers", registrationFor())).status).toBeLessThan(300)
    const body = await text()
    expect(seriesValue(body, "howzat_outbox_pending_messages")).toBeGreaterThanOrEqual(1)
    expect(seriesValue(body, "howzat_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(0)
  })
})
