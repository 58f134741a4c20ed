import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { competitionOnSale } from "./test-support/orders"
import { openShop, type Shop } from "./test-support/shop"

/**
 * A visitor who types random searches makes every read a cache miss, each
 * one the handler and the database: without a limit one client could hold
 * the server to its uncached rate, and every other customer with it. Each
 * client address has an allowance of misses (CATALOGUE_MISS_LIMIT, here 10
 * a minute so the attack is short); hits are free.
 */
let shop: Shop

beforeAll(async () => {
  shop = await openShop({ CATALOGUE_MISS_LIMIT: "10/60s" })
  await competitionOnSale(shop, { name: "Miss Limit Bat" })
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

const from = (address: string, path: string, headers: Record<string, string> = {}) =>
  shop.app.request(path, { headers: { "x-forwarded-for": address, ...headers } })

const searches = (address: string, count: number, prefix: string) =>
  Promise.all(
    Array.from({ length: count }, (_, n) => from(address, `/api/Competitions?Name=${prefix}${n}`)),
  )

describe("a flood of uncached catalogue reads from one address", () => {
  it("is refused past the allowance, with when to come back", async () => {
    const answers = await searches("203.0.113.50", 25, "random")
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    const refused = answers.find((a) => a.status === 429)
    expect(refused?.headers.get("content-type")).toContain("application/problem+json")
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1)
    expect(refused?.headers.get("cache-control")).toBe("no-store")
    expect(await refused?.json()).toMatchObject({
      status: 429,
      title: "Too Many Requests",
      detail:
        "Too many new searches from your connection at once. Please wait a moment and try again.",
    })
  })

  it("does not touch another address, nor the flooder's cached reads", async () => {
    await searches("203.0.113.60", 12, "flood")
    expect((await from("203.0.113.61", "/api/Competitions?Name=other")).status).toBe(200)
    // Every visitor's Home list is a hit: the flooder still gets it.
    expect((await from("203.0.113.62", "/api/Competitions?PageSize=12")).status).toBe(200)
    expect((await from("203.0.113.60", "/api/Competitions?PageSize=12")).status).toBe(200)
  })

  it("counts a token nobody can read, which the cache never shares, as a miss", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        from("203.0.113.70", "/api/Competitions", { authorization: "Bearer forged" }),
      ),
    )
    expect(answers.filter((a) => a.status === 429).length).toBeGreaterThan(0)
  })

  it("counts `no-cache` reloads of one query, which each read the database", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        from("203.0.113.80", "/api/Competitions", { "cache-control": "no-cache" }),
      ),
    )
    expect(answers.filter((a) => a.status === 429).length).toBe(2)
  })

  it("is off with CATALOGUE_MISS_LIMIT=off", async () => {
    const unlimited = await openShop({ CATALOGUE_MISS_LIMIT: "off" })
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, n) =>
          unlimited.app.request(`/api/Competitions?Name=x${n}`, {
            headers: { "x-forwarded-for": "203.0.113.90" },
          }),
        ),
      )
      expect(answers.every((a) => a.status === 200)).toBe(true)
    } finally {
      await unlimited.close()
    }
  }, 60_000)
})
