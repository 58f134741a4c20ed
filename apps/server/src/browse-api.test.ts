import type { CompetitionListJson } from "@howzat/contracts/catalogue"
import { isOnSale, pence } from "@howzat/core/rules"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { problem } from "./test-support/browser"
import { competitionOnSale } from "./test-support/orders"
import { openShop, type Shop } from "./test-support/shop"

/**
 * Browsing the shop floor through the real composition: a category, a name,
 * a sort (SortBy), and the Ending soon list (only what can still be bought,
 * soonest close first). The shop is this suite's own, with no demo data, so
 * it knows every competition listed.
 */
let shop: Shop
let kit: string
let cash: string

const DAY = 24 * 60 * 60 * 1000
const day = (n: number) => new Date(Date.now() + n * DAY)

type Listed = CompetitionListJson["competitions"][number]

const names = async (query: string): Promise<string[]> => {
  const response = await shop.app.request(`/api/Competitions?${query}`)
  expect(response.status, `${query} answered ${response.status}`).toBe(200)
  return ((await response.json()) as CompetitionListJson).competitions.map((c) => c.name)
}

const listed = async (query: string): Promise<readonly Listed[]> =>
  ((await (await shop.app.request(`/api/Competitions?${query}`)).json()) as CompetitionListJson)
    .competitions

const category = async (name: string) =>
  (
    await shop.db
      .insertInto("categories")
      .values({ name, description: name, visibilityStatus: "Visible" })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id

beforeAll(async () => {
  shop = await openShop()
  kit = await category("Cricket Kit")
  cash = await category("Cash")
  // Names say what each is for; "Pinned" is staff's first by competitionOrder.
  await competitionOnSale(shop, {
    name: "Pinned bat, closes late",
    attributes: { competitionOrder: "1" },
    categoryIds: [kit],
    ticketPrice: pence(199),
    totalTickets: 2_500,
    startDateTimeUtc: day(-6),
    closeDateTimeUtc: day(15),
    drawDateTimeUtc: day(16),
  })
  await competitionOnSale(shop, {
    name: "Cheap ball",
    categoryIds: [kit],
    ticketPrice: pence(49),
    totalTickets: 1_000,
    startDateTimeUtc: day(-1),
    closeDateTimeUtc: day(5),
    drawDateTimeUtc: day(6),
  })
  await competitionOnSale(shop, {
    name: "Cash, closes tomorrow",
    categoryIds: [cash],
    ticketPrice: pence(99),
    totalTickets: 19_999,
    startDateTimeUtc: day(-10),
    closeDateTimeUtc: day(1),
    drawDateTimeUtc: day(1),
  })
  await competitionOnSale(shop, {
    name: "Small draw helmet",
    categoryIds: [kit],
    ticketPrice: pence(250),
    totalTickets: 99,
    startDateTimeUtc: day(-3),
    closeDateTimeUtc: day(10),
    drawDateTimeUtc: day(11),
  })
  await competitionOnSale(shop, {
    name: "Coming soon cash",
    categoryIds: [cash],
    ticketPrice: pence(149),
    totalTickets: 5_000,
    startDateTimeUtc: day(2),
    closeDateTimeUtc: day(30),
    drawDateTimeUtc: day(31),
  })
  // Closed, its draw days away: it has ended, and cannot be bought.
  await competitionOnSale(shop, {
    name: "Closed stumps, draw Thursday",
    categoryIds: [kit],
    startDateTimeUtc: day(-20),
    closeDateTimeUtc: day(-1),
    drawDateTimeUtc: day(2),
  })
  // Open and closing soonest of all, but every ticket is sold.
  const soldOut = await competitionOnSale(shop, {
    name: "Sold-out console",
    totalTickets: 10,
    startDateTimeUtc: day(-4),
    closeDateTimeUtc: day(0.5),
    drawDateTimeUtc: day(1),
  })
  await sql`insert into competition_tickets_sold (competition_id, shard, sold) values (${soldOut}::uuid, 0, 10)`.execute(
    shop.db,
  )
}, 60_000)
afterAll(async () => {
  await shop?.close()
})

describe("GET /api/Competitions?SortBy=…", () => {
  it("keeps staff's display order without a sort, or with Featured", async () => {
    const featured = [
      "Pinned bat, closes late",
      "Closed stumps, draw Thursday",
      "Sold-out console",
      "Cash, closes tomorrow",
      "Cheap ball",
      "Small draw helmet",
      "Coming soon cash",
    ]
    expect(await names("")).toEqual(featured)
    expect(await names("SortBy=Featured")).toEqual(featured)
  })

  it.each([
    [
      "EndingSoonest",
      [
        "Sold-out console",
        "Cash, closes tomorrow",
        "Cheap ball",
        "Small draw helmet",
        "Pinned bat, closes late",
        "Coming soon cash",
        // Already closed: it ended first, so it is last of the ones still "current".
        "Closed stumps, draw Thursday",
      ],
    ],
    [
      "Newest",
      [
        "Coming soon cash",
        "Cheap ball",
        "Small draw helmet",
        "Sold-out console",
        "Pinned bat, closes late",
        "Cash, closes tomorrow",
        "Closed stumps, draw Thursday",
      ],
    ],
    [
      "PriceLowToHigh",
      [
        "Cheap ball",
        "Cash, closes tomorrow",
        "Coming soon cash",
        "Pinned bat, closes late",
        // Three at £2.50: the soonest close first.
        "Closed stumps, draw Thursday",
        "Sold-out console",
        "Small draw helmet",
      ],
    ],
    [
      "BestOdds",
      [
        "Sold-out console",
        "Small draw helmet",
        "Closed stumps, draw Thursday",
        "Cheap ball",
        "Pinned bat, closes late",
        "Coming soon cash",
        "Cash, closes tomorrow",
      ],
    ],
  ])("orders by %s", async (sort, expected) => {
    expect(await names(`SortBy=${sort}`)).toEqual(expected)
  })

  it("filters by category and name together with a sort, and pages in that order", async () => {
    expect(await names(`CategoryId=${kit}&SortBy=PriceLowToHigh`)).toEqual([
      "Cheap ball",
      "Pinned bat, closes late",
      "Closed stumps, draw Thursday",
      "Small draw helmet",
    ])
    expect(await names(`CategoryId=${cash}&Name=CASH&SortBy=Newest`)).toEqual([
      "Coming soon cash",
      "Cash, closes tomorrow",
    ])
    expect(await names(`CategoryId=${kit}&Name=helmet`)).toEqual(["Small draw helmet"])
    expect(await names(`CategoryId=${cash}&Name=bat`)).toEqual([])
    const firstPage = await names(`CategoryId=${kit}&SortBy=PriceLowToHigh&PageSize=2`)
    const secondPage = await names(
      `CategoryId=${kit}&SortBy=PriceLowToHigh&PageSize=2&PageNumber=2`,
    )
    expect([...firstPage, ...secondPage]).toEqual(
      await names(`CategoryId=${kit}&SortBy=PriceLowToHigh`),
    )
  })

  it("refuses a sort it does not know, naming SortBy", async () => {
    const refused = await problem(await shop.app.request("/api/Competitions?SortBy=Cheapest"), 400)
    expect(Object.keys(refused.errors ?? {})).toContain("SortBy")
  })
})

describe("GET /api/Competitions?TimePeriod=EndingSoon", () => {
  it("lists only what is on sale, soonest close first, whatever staff's display order", async () => {
    const endingSoon = await listed("TimePeriod=EndingSoon")
    expect(endingSoon.map((c) => c.name)).toEqual([
      "Cash, closes tomorrow",
      "Cheap ball",
      "Small draw helmet",
      "Pinned bat, closes late",
    ])
    for (const c of endingSoon) {
      const facts = {
        start: new Date(c.startDateTimeUtc),
        close: new Date(c.closeDateTimeUtc),
        draw: c.drawDateTimeUtc === null ? null : new Date(c.drawDateTimeUtc),
        ticketsLeft: c.totalTickets - c.ticketsSoldToDate,
      }
      expect(c.status).toBe(1)
      expect(isOnSale(facts, new Date(c.currentDateTimeUtc))).toBe(true)
    }
  })

  it("takes a visitor's sort, and a category, like any list", async () => {
    expect(await names("TimePeriod=EndingSoon&SortBy=PriceLowToHigh")).toEqual([
      "Cheap ball",
      "Cash, closes tomorrow",
      "Pinned bat, closes late",
      "Small draw helmet",
    ])
    expect(await names(`TimePeriod=EndingSoon&CategoryId=${kit}`)).toEqual([
      "Cheap ball",
      "Small draw helmet",
      "Pinned bat, closes late",
    ])
  })
})

describe("a competition's timePeriod", () => {
  it("is the narrowest TimePeriod filter that lists it", async () => {
    const every = await listed("TimePeriod=All&PageSize=100")
    const byName = Object.fromEntries(every.map((c) => [c.name, c.timePeriod]))
    expect(byName).toMatchObject({
      "Cheap ball": "EndingSoon",
      "Coming soon cash": "Current",
      // Sold out or closed awaiting its draw: current, but nothing to hurry for.
      "Sold-out console": "Current",
      "Closed stumps, draw Thursday": "Current",
    })
    const lists = {
      Current: await names("TimePeriod=Current&PageSize=100"),
      EndingSoon: await names("TimePeriod=EndingSoon&PageSize=100"),
      Past: await names("TimePeriod=Past&PageSize=100"),
    }
    for (const c of every) {
      expect(lists[c.timePeriod], c.name).toContain(c.name)
      expect(lists.EndingSoon.includes(c.name), c.name).toBe(c.timePeriod === "EndingSoon")
      expect(lists.Past.includes(c.name), c.name).toBe(c.timePeriod === "Past")
      expect(lists.Current.includes(c.name), c.name).toBe(c.timePeriod !== "Past")
    }
  })
})
