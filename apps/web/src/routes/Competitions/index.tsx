import type { CategoryJson } from "@howzat/contracts/catalogue"
import { createFileRoute, Link, useNavigate, useRouterState } from "@tanstack/react-router"
import { type FormEvent, useId } from "react"
import { listCategories, listCompetitions } from "../../api/catalogue"
import { pageTitle } from "../../brand"
import { CompetitionGrid } from "../../components/CompetitionTile"
import { Icon } from "../../components/Icon"
import { EmptyState, PageHeading, TileSkeletons } from "../../components/PageStates"
import { Pagination } from "../../components/Pagination"
import {
  type BrowseSearch,
  browseSearch,
  categoryFromParam,
  categorySlugs,
  noMatchText,
  SORT_OPTIONS,
  sortByOf,
  validateBrowseSearch,
} from "../../lib/browse"
import { skewFrom } from "../../lib/competition"

const PAGE_SIZE = 12

export const Route = createFileRoute("/Competitions/")({
  validateSearch: validateBrowseSearch,
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    category: search.category,
    sort: search.sort,
    q: search.q,
  }),
  loader: async ({ deps, abortController }) => {
    const signal = abortController.signal
    const categories = await listCategories(signal)
    const category =
      deps.category === undefined ? undefined : categoryFromParam(categories, deps.category)
    // A category that is gone or hidden has nothing to show; asking would list everything.
    if (deps.category !== undefined && category === undefined) {
      return { categories, category, competitions: [], page: 1, totalPages: 1, skewMs: 0 }
    }
    // The server orders the list (core's catalogue-order.ts): a page sorted here would be the
    // wrong page of a sorted list.
    const list = await listCompetitions(
      {
        pageNumber: deps.page,
        pageSize: PAGE_SIZE,
        categoryId: category?.id,
        name: deps.q,
        sortBy: sortByOf(deps.sort),
      },
      signal,
    )
    return {
      categories,
      category,
      competitions: list.competitions,
      page: list.pageNumber,
      totalPages: list.totalPages,
      skewMs: skewFrom(list.competitions[0]?.currentDateTimeUtc, Date.now()),
    }
  },
  head: ({ loaderData }) => ({
    meta: [
      {
        title: pageTitle(
          loaderData?.category ? `${loaderData.category.name} competitions` : "Competitions",
        ),
      },
    ],
  }),
  pendingComponent: CompetitionsPending,
  component: Competitions,
})

function CompetitionsPending() {
  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-5 lg:py-12" aria-busy="true">
      <PageHeading eyebrow="Enter now" title="All competitions" />
      <p className="sr-only" role="status">
        Loading competitions…
      </p>
      <div className="mb-6 h-12 animate-pulse rounded-xl bg-sunken" aria-hidden="true" />
      <TileSkeletons />
    </div>
  )
}

function Competitions() {
  const { categories, category, competitions, page, totalPages, skewMs } = Route.useLoaderData()
  const search = Route.useSearch()
  // A new view of this page is loading: the old one stays, marked busy, until it arrives.
  const loading = useRouterState({
    select: (s) => s.isLoading && s.location.pathname === "/Competitions",
  })
  const filtered = search.category !== undefined || search.q !== undefined
  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Enter now" title={category ? category.name : "All competitions"}>
        <Link to="/Competitions/UpcomingDraw" className="btn-outline">
          Ending soon
        </Link>
      </PageHeading>

      <div className="mb-6 space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SearchBox search={search} />
          <SortChoice search={search} />
        </div>
        <CategoryChips categories={categories} search={search} />
      </div>

      <section aria-label="Competitions" aria-busy={loading}>
        <p role="status" className="mb-4 text-sm text-muted">
          {loading ? "Loading competitions…" : resultText(competitions.length, totalPages)}
        </p>
        <div className={loading ? "opacity-60 transition-opacity" : "transition-opacity"}>
          {competitions.length === 0 ? (
            filtered ? (
              <EmptyState
                title={
                  search.category !== undefined && category === undefined
                    ? "No competitions match that category. It may have finished or been renamed."
                    : noMatchText(search.q, category?.name)
                }
              >
                <Link
                  to="/Competitions"
                  search={browseSearch({ sort: search.sort })}
                  className="btn-primary"
                >
                  Clear filters
                </Link>
              </EmptyState>
            ) : (
              <EmptyState title="New competitions are on their way. Check back soon!" />
            )
          ) : (
            <CompetitionGrid competitions={competitions} skewMs={skewMs} />
          )}
        </div>
      </section>

      <Pagination
        label="Competition pages"
        current={page}
        totalPages={totalPages}
        control={({ page: target, label, current, className, children }) => (
          <Link
            to="/Competitions"
            search={browseSearch({ ...search, page: target })}
            aria-label={label}
            aria-current={current ? "page" : undefined}
            className={className}
          >
            {children}
          </Link>
        )}
      />
    </div>
  )
}

const resultText = (shown: number, totalPages: number): string => {
  if (shown === 0) return "No competitions found"
  if (totalPages > 1) return `Showing ${shown} competitions per page`
  return shown === 1 ? "1 competition" : `${shown} competitions`
}

/** A search of names, sent on Enter or the button; a new search starts at page 1. */
function SearchBox({ search }: { search: BrowseSearch }) {
  const navigate = useNavigate()
  const id = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim()
    void navigate({
      to: "/Competitions",
      search: browseSearch({ ...search, q: q === "" ? undefined : q, page: undefined }),
    })
  }
  return (
    <search className="flex-1">
      <form onSubmit={submit}>
        <label htmlFor={id} className="field-label">
          Search competitions
        </label>
        <div className="flex gap-2">
          <input
            // A new address (Back, a link) shows its own search, not what was typed before.
            key={search.q ?? ""}
            id={id}
            name="q"
            type="search"
            defaultValue={search.q ?? ""}
            placeholder="e.g. bat, cash, tickets"
            maxLength={255}
            autoComplete="off"
            enterKeyHint="search"
            className="field-input"
          />
          <button type="submit" className="btn-primary shrink-0">
            <Icon name="search" />
            <span className="sr-only sm:not-sr-only">Search</span>
          </button>
        </div>
      </form>
    </search>
  )
}

function SortChoice({ search }: { search: BrowseSearch }) {
  const navigate = useNavigate()
  const id = useId()
  return (
    <div className="sm:w-60">
      <label htmlFor={id} className="field-label">
        Sort by
      </label>
      <select
        id={id}
        className="field-input"
        value={search.sort ?? ""}
        onChange={(event) => {
          const chosen = SORT_OPTIONS.find((o) => (o.key ?? "") === event.target.value)
          void navigate({
            to: "/Competitions",
            search: browseSearch({ ...search, sort: chosen?.key, page: undefined }),
          })
        }}
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option.label} value={option.key ?? ""}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

const chip =
  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors"
const chipIdle = `${chip} border-line bg-card hover:border-accent hover:text-accent`
const chipActive = `${chip} border-accent bg-accent text-accent-fg`

/**
 * Links, not buttons: each category is an address of its own, so it can be
 * opened in a new tab, shared and gone Back from. One row that scrolls
 * sideways on a phone, wrapping on wider screens.
 */
function CategoryChips({
  categories,
  search,
}: {
  categories: readonly CategoryJson[]
  search: BrowseSearch
}) {
  if (categories.length === 0) return null
  const slugs = categorySlugs(categories)
  const active = search.category?.toLowerCase()
  const isActive = (c: CategoryJson) =>
    active !== undefined && (slugs.get(c.id) === active || c.id.toLowerCase() === active)
  const link = (category: string | undefined, label: string, current: boolean) => (
    <Link
      to="/Competitions"
      search={browseSearch({ ...search, category, page: undefined })}
      aria-current={current ? "page" : undefined}
      className={current ? chipActive : chipIdle}
    >
      {label}
    </Link>
  )
  return (
    <nav aria-label="Categories">
      <ul className="-mx-3 flex snap-x scroll-px-3 gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li className="snap-start">{link(undefined, "All", active === undefined)}</li>
        {categories.map((c) => (
          <li key={c.id} className="snap-start">
            {link(slugs.get(c.id), c.name, isActive(c))}
          </li>
        ))}
      </ul>
    </nav>
  )
}
