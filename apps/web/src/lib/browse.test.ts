import type { CategoryJson } from "@howzat/contracts/catalogue"
import { describe, expect, it } from "vitest"
import {
  browseSearch,
  categoryFromParam,
  categorySlugs,
  noMatchText,
  SORT_OPTIONS,
  slugOf,
  sortByOf,
  validateBrowseSearch,
} from "./browse"

const category = (id: string, name: string): CategoryJson => ({
  id,
  name,
  description: "",
  visibilityStatus: "Visible",
})

describe("validateBrowseSearch", () => {
  it("keeps a category, a known sort, a search and a page", () => {
    expect(
      validateBrowseSearch({ category: "cash", sort: "newest", q: " bat ", page: "2" }),
    ).toEqual({ category: "cash", sort: "newest", q: "bat", page: 2 })
  })

  it("leaves out defaults and anything unreadable, so a mangled link still shows a page", () => {
    expect(validateBrowseSearch({})).toEqual({})
    expect(
      validateBrowseSearch({ category: "  ", sort: "cheapest", q: "", page: "0", other: "x" }),
    ).toEqual({})
    expect(validateBrowseSearch({ sort: "featured" })).toEqual({})
    expect(validateBrowseSearch({ q: ["a", "b"], category: { id: 1 } })).toEqual({})
  })

  it("reads a number the router parsed as what was typed, and cuts a search too long to send", () => {
    expect(validateBrowseSearch({ q: 2025 })).toEqual({ q: "2025" })
    expect(validateBrowseSearch({ q: "x".repeat(300) }).q).toHaveLength(255)
  })
})

describe("browseSearch", () => {
  it("drops unset keys and page 1", () => {
    expect(browseSearch({ category: undefined, sort: "best-odds", q: undefined, page: 1 })).toEqual(
      { sort: "best-odds" },
    )
    expect(browseSearch({ category: "cash", page: 3 })).toEqual({ category: "cash", page: 3 })
  })
})

describe("sorts", () => {
  it("offer the shop's own order first, then the four a visitor may choose", () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "Featured",
      "Ending soonest",
      "Newest",
      "Price: low to high",
      "Best odds",
    ])
    expect(sortByOf(undefined)).toBeUndefined()
    expect(sortByOf("ending-soonest")).toBe("EndingSoonest")
    expect(sortByOf("price-low-high")).toBe("PriceLowToHigh")
    expect(sortByOf("best-odds")).toBe("BestOdds")
    expect(sortByOf("newest")).toBe("Newest")
  })
})

describe("category addresses", () => {
  const categories = [
    category("11111111-1111-4111-8111-111111111111", "Cricket Kit"),
    category("22222222-2222-4222-8222-222222222222", "Cash"),
    category("33333333-3333-4333-8333-333333333333", "Cricket kit!"),
    category("44444444-4444-4444-8444-444444444444", "££"),
    category("55555555-5555-4555-8555-555555555555", "Café & Drinks"),
  ]

  it("are names as slugs", () => {
    expect(slugOf("Cricket Kit")).toBe("cricket-kit")
    expect(slugOf("  Tech, Gadgets  ")).toBe("tech-gadgets")
    expect(slugOf("Café & Drinks")).toBe("cafe-and-drinks")
    expect(slugOf("££")).toBe("")
  })

  it("are unique: a repeated or empty slug gives way to the id", () => {
    const slugs = categorySlugs(categories)
    expect([...slugs.values()]).toEqual([
      "cricket-kit",
      "cash",
      "33333333-3333-4333-8333-333333333333",
      "44444444-4444-4444-8444-444444444444",
      "cafe-and-drinks",
    ])
    expect(new Set(slugs.values()).size).toBe(categories.length)
  })

  it("find their category by slug or id, in any case, and nothing else", () => {
    expect(categoryFromParam(categories, "cash")?.name).toBe("Cash")
    expect(categoryFromParam(categories, "Cricket-Kit")?.name).toBe("Cricket Kit")
    expect(categoryFromParam(categories, "22222222-2222-4222-8222-222222222222")?.name).toBe("Cash")
    expect(categoryFromParam(categories, "33333333-3333-4333-8333-333333333333")?.name).toBe(
      "Cricket kit!",
    )
    expect(categoryFromParam(categories, "cars")).toBeUndefined()
  })
})

describe("noMatchText", () => {
  it("says what was asked", () => {
    expect(noMatchText("bat", "Cash")).toBe("No competitions match “bat” in Cash.")
    expect(noMatchText("bat", undefined)).toBe("No competitions match “bat”.")
    expect(noMatchText(undefined, "Cars")).toBe(
      "No competitions match the Cars category right now.",
    )
    expect(noMatchText(undefined, undefined)).toBe("No competitions match these filters.")
  })
})
