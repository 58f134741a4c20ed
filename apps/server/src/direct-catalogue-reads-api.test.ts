import type { CompetitionListJson } from "@howzat/contracts/catalogue"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../test/support/suite-database"
import { Browser } from "./test-support/browser"
import { openShop, register, type Shop } from "./test-support/shop"
import { signedInStaff } from "./test-support/staff"

/**
 * The catalogue's two busiest reads are answered outside HttpApi when they
 * succeed (adapters/http/src/direct-catalogue-reads.ts, decision 0096). Two
 * shops on one database, one answering them directly and one only through
 * HttpApi, must answer every request alike: any query, valid or not, from
 * anybody, byte for byte (but the clock, which moves between the two).
 */
let direct: Shop
let httpApiOnly: Shop
let closeDatabase: () => Promise<void>
const tokens: Record<string, string | undefined> = { nobody: undefined, junk: "not-a-session" }
let competitionIds: string[] = []
let categoryIds: string[] = []
let names: string[] = []

beforeAll(async () => {
  const database = await openMigratedPglite()
  closeDatabase = database.close
  // Each shop closes what it opened; the database is this file's to close.
  const shared = async () => ({ ...database, close: async () => {} })
  direct = await openShop({}, {}, { seedDemoData: true }, shared)
  httpApiOnly = await openShop({}, {}, { directCatalogueReads: false }, shared)
  tokens.staff = (await signedInStaff(direct)).browser.accessToken
  const customer = await new Browser(direct.app).open()
  await register(customer)
  tokens.customer = customer.accessToken
  const all = (await (
    await direct.app.request("/api/Competitions?VisibilityStatus=All&TimePeriod=All&PageSize=100", {
      headers: { authorization: `Bearer ${tokens.staff}` },
    })
  ).json()) as CompetitionListJson
  competitionIds = all.competitions.map((c) => c.id)
  names = all.competitions.map((c) => c.name)
  categoryIds = [...new Set(all.competitions.flatMap((c) => c.categoryIds))]
  expect(competitionIds.length).toBeGreaterThan(5)
}, 120_000)
afterAll(async () => {
  await direct?.close()
  await httpApiOnly?.close()
  await closeDatabase?.()
})

/** The server's clock in the answer moves between the two requests; nothing else may differ. */
const withoutClock = (body: string) =>
  body.replace(/"currentDateTimeUtc":"[^"]*"/g, '"currentDateTimeUtc":"…"')

const ask = async (shop: Shop, path: string, caller: string) => {
  const token = tokens[caller]
  const response = await shop.app.request(path, {
    headers: {
      // Past the public cache: each shop reads its answer now.
      "cache-control": "no-cache",
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
  })
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    cacheControl: response.headers.get("cache-control"),
    body: withoutClock(await response.text()),
  }
}

const sameAnswer = async (path: string, caller: string) => {
  const [a, b] = [await ask(direct, path, caller), await ask(httpApiOnly, path, caller)]
  expect(a, `${caller}: GET ${path}`).toEqual(b)
  return a.status
}

const caller = fc.constantFrom("nobody", "customer", "staff", "junk")
/** Mostly what the storefront and back office send, now and then what nobody should. */
const mostly = (valid: fc.Arbitrary<string>, invalid: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: invalid, weight: 1 })
const demo = (values: () => readonly string[]) =>
  fc.constant(null).chain(() => fc.constantFrom(...values()))

const listQuery = fc
  .record(
    {
      CategoryId: mostly(
        demo(() => categoryIds),
        fc.oneof(fc.uuid(), fc.constant("not-a-uuid")),
      ),
      Name: mostly(
        demo(() => names.map((name) => name.slice(0, 4))),
        fc.oneof(fc.string({ maxLength: 6 }), fc.constant("x".repeat(256))),
      ),
      Description: fc.constantFrom("prize", "the", "%", "_", "zzz"),
      TimePeriod: mostly(
        fc.constantFrom("Current", "EndingSoon", "Past", "All"),
        fc.constant("Soon"),
      ),
      SortBy: mostly(
        fc.constantFrom("Featured", "EndingSoonest", "Newest", "PriceLowToHigh", "BestOdds"),
        fc.constant("Cheapest"),
      ),
      VisibilityStatus: mostly(
        fc.constantFrom("VisibleOnly", "All", "HiddenOnly"),
        fc.constant("Nope"),
      ),
      Type: mostly(fc.constantFrom("All", "InstantWin", "Standard"), fc.constant("Big")),
      PageNumber: mostly(fc.integer({ min: 1, max: 3 }).map(String), fc.constantFrom("0", "two")),
      PageSize: mostly(fc.integer({ min: 1, max: 30 }).map(String), fc.constantFrom("0", "1000")),
    },
    { requiredKeys: [] },
  )
  .map((params) => {
    const search = new URLSearchParams(params as Record<string, string>)
    return search.size === 0 ? "/api/Competitions" : `/api/Competitions?${search}`
  })

describe("the catalogue's direct reads", () => {
  it("answer every list query as HttpApi does, for anybody", async () => {
    const before = direct.catalogueReadsAnsweredDirectly()
    let succeeded = 0
    await fc.assert(
      fc.asyncProperty(listQuery, caller, async (path, who) => {
        if ((await sameAnswer(path, who)) === 200) succeeded++
      }),
      { numRuns: 80 },
    )
    // Every 200 was the direct route's: the comparison above was not HttpApi against itself.
    expect(succeeded).toBeGreaterThan(10)
    expect(direct.catalogueReadsAnsweredDirectly() - before).toBe(succeeded)
    expect(httpApiOnly.catalogueReadsAnsweredDirectly()).toBe(0)
  }, 120_000)

  it("answer a repeated filter and the percent-encoded as HttpApi does", async () => {
    for (const path of [
      "/api/Competitions?TimePeriod=All&TimePeriod=Past",
      "/api/Competitions?Name=%25",
      "/api/Competitions?Name=caf%C3%A9",
      "/api/Competitions?PageSize=3&PageNumber=2&SortBy=Newest",
    ])
      for (const who of Object.keys(tokens)) await sameAnswer(path, who)
  }, 60_000)

  it("answer every competition, hidden or not, or a wrong id, as HttpApi does", async () => {
    const before = direct.catalogueReadsAnsweredDirectly()
    let succeeded = 0
    const ids = [...competitionIds, crypto.randomUUID(), "not-a-uuid", "%20"]
    for (const id of ids)
      for (const who of Object.keys(tokens))
        if ((await sameAnswer(`/api/Competitions/${id}`, who)) === 200) succeeded++
    expect(succeeded).toBeGreaterThan(competitionIds.length)
    expect(direct.catalogueReadsAnsweredDirectly() - before).toBe(succeeded)
  }, 120_000)

  it("leave every other method to HttpApi", async () => {
    const before = direct.catalogueReadsAnsweredDirectly()
    for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
      const path = `/api/Competitions/${competitionIds[0]}`
      const [a, b] = await Promise.all(
        [direct, httpApiOnly].map((shop) =>
          shop.app.request(path, {
            method,
            headers: {
              authorization: `Bearer ${tokens.staff}`,
              "content-type": "application/json",
            },
            body: "{}",
          }),
        ),
      )
      expect(a?.status).toBe(b?.status)
    }
    expect(direct.catalogueReadsAnsweredDirectly()).toBe(before)
  }, 60_000)
})
