import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { Browser, problem } from "./test-support/browser"
import { newBasket } from "./test-support/orders"
import { openShop, type Shop } from "./test-support/shop"

/** What every route gets from the HTTP edge whatever it serves (docs/decisions/0015). */
let shop: Shop
let visitor: Browser

beforeAll(async () => {
  shop = await openShop()
  visitor = await new Browser(shop.app).open()
})
afterAll(async () => {
  await shop?.close()
})

describe("security headers", () => {
  const big = { email: "x".repeat(70_000) }
  const responses: ReadonlyArray<readonly [string, () => Promise<Response>]> = [
    ["the API", () => visitor.get("/api/Competitions")],
    ["an API problem", () => visitor.get("/api/Competitions/not-a-uuid")],
    ["an unknown API path", () => visitor.get("/api/Nowhere")],
    ["the OpenAPI document", () => visitor.get("/api/openapi.json")],
    ["health", () => visitor.get("/health/ping")],
    ["the storefront", () => visitor.get("/")],
    ["a storefront route", () => visitor.get("/Competitions/UpcomingDraw")],
    ["an XSRF refusal", () => visitor.request("POST", "/api/Baskets/x/items", { xsrf: false })],
    ["a body too large", () => visitor.post("/api/auth/authenticate", big)],
    ["the dev mailbox", () => visitor.get("/dev/mailbox")],
    ["the dev mailbox's messages", () => visitor.get("/dev/mailbox/messages")],
  ]

  it.each(responses)("are on %s", async (_, send) => {
    const headers = (await send()).headers
    const policy = headers.get("content-security-policy") ?? ""
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toContain("unsafe-inline")
    expect(headers.get("x-content-type-options")).toBe("nosniff")
    expect(headers.get("x-frame-options")).toBe("DENY")
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
    // PUBLIC_URL is not https here: no HSTS, which would pin a plain-HTTP shop to HTTPS.
    expect(headers.get("strict-transport-security")).toBeNull()
  })

  it("let the storefront run only its own scripts", async () => {
    const policy = (await visitor.get("/")).headers.get("content-security-policy")
    expect(policy).toContain("script-src 'self';")
    expect(policy).toContain("style-src 'self';")
  })
})

describe("request bodies", () => {
  const over = (bytes: number) => "x".repeat(bytes)

  it.each([
    ["a login", "/api/auth/authenticate", { email: over(70_000), password: "x" }],
    ["a registration", "/api/Customers", { firstName: over(70_000) }],
    ["a new basket", "/api/Baskets", { padding: over(70_000) }],
    ["the card form's call", "/sandbox-gateway/confirm", { clientToken: over(70_000) }],
  ])("past 64 KiB on %s are refused with 413", async (_, path, body) => {
    const refused = await problem(await visitor.post(path, body), 413)
    expect(refused.detail).toContain("64 KiB")
  })

  it("up to 64 KiB are read as usual", async () => {
    const answer = await visitor.post("/api/auth/authenticate", {
      email: "nobody@example.com",
      password: "x",
      padding: over(60_000),
    })
    expect(answer.status).toBe(401)
  })

  it("keep the storefront report's own, smaller limit", async () => {
    const report = { requestedUrl: "http://localhost/", detail: over(30_000) }
    expect((await problem(await visitor.post("/api/Logging", report), 413)).detail).toContain(
      "24 KiB",
    )
  })

  it("still take the largest report the contract allows, in any script", async () => {
    // 3 bytes a character in UTF-8: about 19.5 KB of JSON for 6,500 characters.
    const report = {
      requestedUrl: `http://localhost/${"ü".repeat(1_980)}`,
      title: "€".repeat(500),
      detail: "ऄ".repeat(4_000),
    }
    expect((await visitor.post("/api/Logging", report)).status).toBe(204)
  })
})

describe("a database failure", () => {
  let broken: Shop
  let caller: Browser
  beforeAll(async () => {
    broken = await openShop()
    caller = await new Browser(broken.app).open()
    await newBasket(caller)
  })
  afterAll(async () => {
    await broken?.close()
  })

  it("that is our own fault is a plain 500 problem, not a 503", async () => {
    await sql`drop table categories cascade`.execute(broken.db)
    const answer = await problem(await caller.get("/api/Categories"), 500)
    expect(answer.title).toBe("Internal Server Error")
    expect(JSON.stringify(answer)).not.toContain("categories")
  })

  it("is a 503 problem when the database cannot be reached", async () => {
    await broken.db.destroy()
    const answer = await problem(await caller.get("/api/Competitions"), 503)
    expect(answer.detail).toContain("could not reach its database")
  })
})

describe("a storefront report", () => {
  it("is one log record whatever line breaks it carries, its fields escaped", async () => {
    const lines: string[] = []
    const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(" "))
    })
    try {
      const answer = await visitor.post("/api/Logging", {
        requestedUrl: "http://localhost/Checkout",
        event: "basket-error",
        title: 'Sold out\ntimestamp=2026-01-01T00:00:00Z level=ERROR message="refund all"',
        detail: "Validation failed:\r\n -- Quantity: too many",
      })
      expect(answer.status).toBe(204)
    } finally {
      spy.mockRestore()
    }
    const records = lines.filter((line) => line.includes("storefront report"))
    expect(records).toHaveLength(1)
    const [record = ""] = records
    expect(record).not.toMatch(/[\r\n]/)
    expect(record).toContain("Sold out\\ntimestamp=2026-01-01T00:00:00Z level=ERROR")
    expect(record).toContain("Validation failed:\\r\\n -- Quantity: too many")
    expect(lines.filter((line) => line.includes("refund all"))).toHaveLength(1)
  })
})
