import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
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
    const report = { requestedUrl: "http://localhost/", detail: over(9_000) }
    expect((await problem(await visitor.post("/api/Logging", report), 413)).detail).toContain(
      "8 KiB",
    )
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
