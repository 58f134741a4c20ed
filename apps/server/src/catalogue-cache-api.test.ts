import type { CompetitionListJson, CompetitionResponseJson } from "@howzat/contracts/catalogue"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, newBasket } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The public catalogue answers are shared by every visitor for a few
 * seconds, with HTTP caching on top (decision 0047); a staff
 * edit shows at once, and nothing per-customer is ever cached.
 */
let shop: Shop
let staff: Browser
let competitionId: string

const LIST = "/api/Competitions?PageSize=12"
const PUBLIC_READS = [
  LIST,
  "/api/Categories",
  "/api/Draws/NextLiveDraw",
  "/api/Resources/content-list-clubs",
]

/** A first-time visitor: no cookie, no token, as a crawler or a launch-day refresh. */
const anonymous = (path: string, headers: Record<string, string> = {}) =>
  shop.app.request(path, { headers })

beforeAll(async () => {
  shop = await openShop()
  staff = (await signedInStaff(shop)).browser
  competitionId = await competitionOnSale(shop, { name: "Cached Bat" })
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

describe("a public catalogue read", () => {
  it.each([...PUBLIC_READS, "/api/Competitions/{id}"])(
    "%s may be kept by any cache briefly, with a strong ETag and no cookie",
    async (template) => {
      const path = template.replace("{id}", competitionId)
      const response = await anonymous(path)
      expect(response.status).toBe(200)
      expect(response.headers.get("cache-control")).toBe(
        "public, max-age=5, stale-while-revalidate=30",
      )
      expect(response.headers.get("etag")).toMatch(/^"[A-Za-z0-9_-]+"$/)
      // Accept-Encoding from the compression outside the cache (decision 0048).
      expect(response.headers.get("vary")).toBe("Authorization, Accept-Encoding")
      expect(response.headers.getSetCookie()).toEqual([])
      // Security headers still apply to a cached answer.
      expect(response.headers.get("x-content-type-options")).toBe("nosniff")
      // The second is a hit answered before any middleware: it carries the same headers.
      const again = await anonymous(path)
      expect(again.headers.get("etag")).toBe(response.headers.get("etag"))
      for (const name of [
        "content-security-policy",
        "x-frame-options",
        "referrer-policy",
        "vary",
      ]) {
        expect(again.headers.get(name)).toBe(response.headers.get(name))
      }
      expect(await again.text()).toBe(await response.text())
    },
  )

  it("answers 304 with no body to a matching If-None-Match", async () => {
    const first = await anonymous(LIST)
    const etag = first.headers.get("etag") ?? ""
    const notModified = await anonymous(LIST, { "if-none-match": etag })
    expect(notModified.status).toBe(304)
    expect(await notModified.text()).toBe("")
    expect(notModified.headers.get("etag")).toBe(etag)
    expect(notModified.headers.get("cache-control")).toContain("max-age=5")
    expect(notModified.headers.getSetCookie()).toEqual([])
    expect((await anonymous(LIST, { "if-none-match": `"other", W/${etag}` })).status).toBe(304)
    expect((await anonymous(LIST, { "if-none-match": '"other"' })).status).toBe(200)
  })

  it("is the same answer whatever order the query names its filters in", async () => {
    const a = await anonymous("/api/Competitions?PageSize=12&PageNumber=1")
    const b = await anonymous("/api/Competitions?PageNumber=1&PageSize=12")
    expect(b.headers.get("etag")).toBe(a.headers.get("etag"))
  })

  it("once stored, is answered in front of the app, before any routing (decision 0051)", async () => {
    const path = `/api/Competitions/${competitionId}`
    const stored = await anonymous(path)
    const request = () => new Request(`http://localhost${path}`)
    const hit = shop.app.fetch(request())
    // Not a promise: no middleware, no handler, nothing awaited.
    expect(hit).toBeInstanceOf(Response)
    const answered = hit as Response
    expect(answered.headers.get("etag")).toBe(stored.headers.get("etag"))
    expect(await answered.text()).toBe(await stored.text())
    // A staff token skips it: the app's own way, which is asynchronous.
    const staffRead = shop.app.fetch(
      new Request(`http://localhost${path}`, { headers: { authorization: "Bearer x.e30.y" } }),
    )
    expect(staffRead).toBeInstanceOf(Promise)
    await staffRead
  })

  it("is not cached when it is a problem", async () => {
    const missing = await anonymous("/api/Competitions/00000000-0000-4000-8000-00000000dead")
    expect(missing.status).toBe(404)
    expect(missing.headers.get("cache-control")).toBe("no-store")
    expect(missing.headers.get("etag")).toBeNull()
  })
})

describe("a staff edit", () => {
  const names = async () =>
    (await json<CompetitionListJson>(await anonymous("/api/Competitions?Name=Cached"))).competitions
      .map((c) => c.name)
      .sort()

  it("shows on the very next public read, not after the cache's few seconds", async () => {
    expect(await names()).toEqual(["Cached Bat"])
    const before = await anonymous(`/api/Competitions/${competitionId}`)
    const current = (
      await json<CompetitionResponseJson>(await staff.get(`/api/Competitions/${competitionId}`))
    ).competition
    await json(
      await staff.put(`/api/Competitions/${competitionId}`, {
        name: "Cached Bat (signed)",
        description: current.description,
        ticketPrice: current.ticketPrice,
        totalTickets: current.totalTickets,
        maxTicketsPerCustomer: current.maxTicketsPerCustomer,
        defaultTicketSaleQuantity: current.defaultTicketSaleQuantity,
        cashAlternativeValue: current.cashAlternativeValue,
        startDateTimeUtc: current.startDateTimeUtc,
        closeDateTimeUtc: current.closeDateTimeUtc,
        drawDateTimeUtc: current.drawDateTimeUtc,
        drawType: current.drawType,
        visibilityStatus: current.visibilityStatus,
        categoryIds: current.categoryIds,
        attributes: current.attributes.map((a) => ({
          attributeTypeId: a.attributeType.id,
          value: a.value,
        })),
        imageGroupId: current.imageGroup?.id ?? null,
      }),
    )
    expect(await names()).toEqual(["Cached Bat (signed)"])
    const after = await anonymous(`/api/Competitions/${competitionId}`, {
      "if-none-match": before.headers.get("etag") ?? "",
    })
    expect(after.status).toBe(200)
    expect((await after.json()).competition.name).toBe("Cached Bat (signed)")
  })
})

describe("what is never shared", () => {
  it("staff's view of a hidden competition is neither cached nor served to a visitor", async () => {
    const hiddenId = await competitionOnSale(shop, {
      name: "Hidden Bat",
      visibilityStatus: "Hidden",
    })
    const seen = await staff.get(`/api/Competitions/${hiddenId}`)
    expect(seen.status).toBe(200)
    expect(seen.headers.get("cache-control")).toBe("no-store")
    await problem(await anonymous(`/api/Competitions/${hiddenId}`), 404)
    // And the other way round: the visitor's cached answer is not what staff get.
    await problem(await anonymous(`/api/Competitions/${hiddenId}`), 404)
    expect((await staff.get(`/api/Competitions/${hiddenId}`)).status).toBe(200)
  })

  it("a signed-in customer shares the visitors' answer, staff never do", async () => {
    const customer = await new Browser(shop.app).open()
    await register(customer, { firstName: "Cas", lastName: "Tomer" })
    const shared = await customer.get(LIST)
    expect(shared.status).toBe(200)
    expect(shared.headers.get("cache-control")).toContain("public")
    expect(shared.headers.get("etag")).toBe((await anonymous(LIST)).headers.get("etag"))
    expect((await staff.get(LIST)).headers.get("cache-control")).toBe("no-store")
  })

  it("a customer's basket stays fresh and private", async () => {
    const customer = await new Browser(shop.app).open()
    await register(customer, { firstName: "Cas", lastName: "Cade" })
    const basket = await newBasket(customer)
    const read = await customer.get(`/api/Baskets/${basket.id}`)
    expect(read.status).toBe(200)
    expect(read.headers.get("cache-control")).toBe("no-store")
    expect(read.headers.get("etag")).toBeNull()
  })

  it("a storefront page still hands out the XSRF cookie", async () => {
    expect((await anonymous("/health/ping")).headers.getSetCookie().join()).toContain("XSRF-TOKEN=")
  })
})
