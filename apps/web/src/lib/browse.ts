import type { CategoryJson } from "@howzat/contracts/catalogue"
import type { SortBy } from "../api/catalogue"
import { pageFromSearch } from "./search"

/**
 * What /Competitions shows, as the address bar holds it
 * (`?category=cash&sort=newest&q=bat&page=2`), so Back and a shared link
 * land on the same view. Defaults are left out of the address: the plain
 * /Competitions is every current competition in the shop's own order.
 */
export interface BrowseSearch {
  /** A category's slug (categorySlugs), or its id. */
  readonly category?: string
  readonly sort?: SortKey
  /** Part of a competition's name. */
  readonly q?: string
  readonly page?: number
}

export type SortKey = "ending-soonest" | "newest" | "price-low-high" | "best-odds"

/** The sorts a visitor can choose; the first, the shop's own order, is the default. */
export const SORT_OPTIONS: readonly {
  readonly key: SortKey | undefined
  readonly label: string
  readonly sortBy: SortBy | undefined
}[] = [
  { key: undefined, label: "Featured", sortBy: undefined },
  { key: "ending-soonest", label: "Ending soonest", sortBy: "EndingSoonest" },
  { key: "newest", label: "Newest", sortBy: "Newest" },
  { key: "price-low-high", label: "Price: low to high", sortBy: "PriceLowToHigh" },
  { key: "best-odds", label: "Best odds", sortBy: "BestOdds" },
]

/** What the API takes for a sort in the address; nothing for the default. */
export const sortByOf = (key: SortKey | undefined): SortBy | undefined =>
  SORT_OPTIONS.find((o) => o.key === key)?.sortBy

/** The API refuses a longer Name; a longer search is cut rather than failing the page. */
export const MAX_SEARCH_LENGTH = 255
const MAX_CATEGORY_LENGTH = 100

const text = (value: unknown, max: number): string | undefined => {
  // The router reads `?q=2025` as the number 2025: it is still what was typed.
  const raw = typeof value === "number" ? String(value) : value
  if (typeof raw !== "string") return undefined
  const trimmed = raw.trim().slice(0, max).trim()
  return trimmed === "" ? undefined : trimmed
}

const isSortKey = (value: unknown): value is SortKey =>
  SORT_OPTIONS.some((o) => o.key !== undefined && o.key === value)

/**
 * The router's validateSearch: anything unreadable (an unknown sort, an
 * empty search, page 0) is the default, so a mangled link still shows a
 * page rather than an error. Only what is set is kept.
 */
export const validateBrowseSearch = (search: Record<string, unknown>): BrowseSearch =>
  browseSearch({
    category: text(search.category, MAX_CATEGORY_LENGTH),
    sort: isSortKey(search.sort) ? search.sort : undefined,
    q: text(search.q, MAX_SEARCH_LENGTH),
    page: pageFromSearch(search.page),
  })

/** A BrowseSearch without unset keys or page 1, for links: the address stays as short as it can. */
export const browseSearch = (s: BrowseSearch): BrowseSearch => ({
  ...(s.category === undefined ? {} : { category: s.category }),
  ...(s.sort === undefined ? {} : { sort: s.sort }),
  ...(s.q === undefined ? {} : { q: s.q }),
  ...(s.page === undefined || s.page <= 1 ? {} : { page: s.page }),
})

/** "Cricket Kit" → "cricket-kit"; accents dropped, anything else between words a hyphen. */
export const slugOf = (name: string): string =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")

/**
 * Each category's word in the address, by id: its name's slug, or its id
 * when the slug is empty or an earlier category already has it (staff may
 * name two alike), so every category has one address and no two share it.
 */
export const categorySlugs = (categories: readonly CategoryJson[]): Map<string, string> => {
  const slugs = new Map<string, string>()
  const taken = new Set<string>()
  for (const category of categories) {
    const slug = slugOf(category.name)
    const param = slug === "" || taken.has(slug) ? category.id : slug
    taken.add(param)
    slugs.set(category.id, param)
  }
  return slugs
}

/** The category an address names, by slug or by id; undefined when none (gone, hidden, mistyped). */
export const categoryFromParam = (
  categories: readonly CategoryJson[],
  param: string,
): CategoryJson | undefined => {
  const slugs = categorySlugs(categories)
  const wanted = param.toLowerCase()
  return (
    categories.find((c) => slugs.get(c.id) === wanted) ??
    categories.find((c) => c.id.toLowerCase() === wanted)
  )
}

/**
 * The empty state's words for a view with nothing in it: what was asked,
 * so the visitor sees why ("No competitions match “bat” in Cash.").
 */
export const noMatchText = (q: string | undefined, category: string | undefined): string => {
  if (q === undefined && category === undefined) return "No competitions match these filters."
  if (q === undefined) return `No competitions match the ${category} category right now.`
  return `No competitions match “${q}”${category === undefined ? "" : ` in ${category}`}.`
}
