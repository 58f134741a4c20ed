import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CompetitionSort } from "../competitions/model.js"
import { arbitraryListing, arbitraryScheduleAround } from "../testing/arbitraries/index.js"
import {
  COMPETITION_SORTS,
  compareForListing,
  endingSoon,
  type Listing,
  listOrder,
} from "./catalogue-order.js"
import { isEndingSoon, isOnSale } from "./competition.js"
import { compareForDisplay } from "./display-order.js"

const NOW = Date.UTC(2025, 5, 1, 12)
const now = new Date(NOW)
const DAY = 86_400_000
const day = (n: number) => new Date(NOW + n * DAY)

const listing = (id: string, overrides: Partial<Listing> = {}): Listing => ({
  id,
  rank: null,
  start: day(-5),
  close: day(5),
  draw: day(6),
  ticketPrice: 99,
  totalTickets: 1_000,
  ticketsLeft: 500,
  ...overrides,
})

const sortedIds = (sort: CompetitionSort, items: readonly Listing[]) =>
  [...items].sort(compareForListing(sort, now)).map((c) => c.id)

/** Lists of competitions around NOW, in every phase, with many ties. */
const listingsArb = fc.array(arbitraryListing(arbitraryScheduleAround(NOW)), { maxLength: 25 })

describe("compareForListing", () => {
  const items = [
    listing("a-cheap-late", { ticketPrice: 49, close: day(9), start: day(-1) }),
    listing("b-dear-soon", { ticketPrice: 250, close: day(1), start: day(-9) }),
    listing("c-ranked", { rank: 1, close: day(7), start: day(-3), totalTickets: 50_000 }),
    listing("d-closed", { close: day(-1), draw: day(2), start: day(-20), totalTickets: 10 }),
    listing("e-small", { totalTickets: 99, close: day(3), start: day(-2) }),
  ]

  it("Featured is staff's display order, then the id", () => {
    expect(sortedIds("Featured", items)).toEqual([
      "c-ranked",
      "d-closed",
      "b-dear-soon",
      "e-small",
      "a-cheap-late",
    ])
  })

  it("EndingSoonest puts the soonest close first and those already closed last", () => {
    expect(sortedIds("EndingSoonest", items)).toEqual([
      "b-dear-soon",
      "e-small",
      "c-ranked",
      "a-cheap-late",
      "d-closed",
    ])
  })

  it("Newest puts the latest opening first", () => {
    expect(sortedIds("Newest", items)).toEqual([
      "a-cheap-late",
      "e-small",
      "c-ranked",
      "b-dear-soon",
      "d-closed",
    ])
  })

  it("PriceLowToHigh puts the cheapest ticket first, ties to the soonest close", () => {
    expect(sortedIds("PriceLowToHigh", items)).toEqual([
      "a-cheap-late",
      "d-closed",
      "e-small",
      "c-ranked",
      "b-dear-soon",
    ])
  })

  it("BestOdds puts the fewest tickets (1 in N for one ticket) first", () => {
    expect(sortedIds("BestOdds", items)).toEqual([
      "d-closed",
      "e-small",
      "b-dear-soon",
      "a-cheap-late",
      "c-ranked",
    ])
  })

  it("is a total order for every sort: antisymmetric, transitive, zero only for the same id", () => {
    fc.assert(
      fc.property(fc.constantFrom(...COMPETITION_SORTS), listingsArb, (sort, list) => {
        const compare = compareForListing(sort, now)
        const sorted = [...list].sort(compare)
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1] as Listing, sorted[i] as Listing]
          expect(compare(a, b)).toBeLessThanOrEqual(0)
          expect(Math.sign(compare(b, a))).toBe(-Math.sign(compare(a, b)))
          if (a.id !== b.id) expect(compare(a, b)).not.toBe(0)
        }
        // The same list in any other order sorts the same: a page never depends on arrival order.
        expect(
          [...list]
            .reverse()
            .sort(compare)
            .map((c) => c.id),
        ).toEqual(sorted.map((c) => c.id))
      }),
    )
  })

  it("Featured agrees with compareForDisplay wherever that decides", () => {
    fc.assert(
      fc.property(listingsArb, (list) => {
        const sorted = [...list].sort(compareForListing("Featured", now))
        for (let i = 1; i < sorted.length; i++)
          expect(compareForDisplay(sorted[i - 1] as Listing, sorted[i] as Listing)).toBeLessThan(1)
      }),
    )
  })
})

describe("listOrder", () => {
  it("is the visitor's choice when made, else soonest close for Ending soon and Featured elsewhere", () => {
    expect(listOrder({ timePeriod: "EndingSoon" })).toBe("EndingSoonest")
    expect(listOrder({ timePeriod: "Current" })).toBe("Featured")
    expect(listOrder({ timePeriod: "All", sort: undefined })).toBe("Featured")
    expect(listOrder({ timePeriod: "EndingSoon", sort: "PriceLowToHigh" })).toBe("PriceLowToHigh")
    expect(listOrder({ timePeriod: "Current", sort: "BestOdds" })).toBe("BestOdds")
  })
})

describe("endingSoon", () => {
  it("lists only what is on sale, soonest close first, whatever the display order says", () => {
    const list = [
      listing("ranked-first", { rank: 1, close: day(10) }),
      listing("awaiting-draw", { close: day(-1), draw: day(1) }),
      listing("drawn", { start: day(-30), close: day(-10), draw: day(-8) }),
      listing("sold-out", { close: day(1), ticketsLeft: 0 }),
      listing("coming-soon", { start: day(1), close: day(4) }),
      listing("soonest", { close: day(0.25) }),
      listing("too-far", { close: day(21) }),
      listing("just-inside", { close: new Date(NOW + 21 * DAY - 60_000) }),
    ]
    expect(endingSoon(list, now).map((c) => c.id)).toEqual([
      "soonest",
      "ranked-first",
      "just-inside",
    ])
  })

  it("lists only competitions on sale, sorted by close time ascending (property)", () => {
    fc.assert(
      fc.property(listingsArb, (list) => {
        const shown = endingSoon(list, now)
        for (const c of shown) {
          expect(isOnSale(c, now)).toBe(true)
          expect(isEndingSoon(c, now)).toBe(true)
        }
        for (let i = 1; i < shown.length; i++)
          expect((shown[i - 1] as Listing).close.getTime()).toBeLessThanOrEqual(
            (shown[i] as Listing).close.getTime(),
          )
        // And leaves out nothing that is on sale and closing within three weeks.
        const expected = list.filter((c) => isOnSale(c, now) && isEndingSoon(c, now))
        expect(new Set(shown.map((c) => c.id))).toEqual(new Set(expected.map((c) => c.id)))
        expect(shown).toHaveLength(expected.length)
      }),
    )
  })
})
