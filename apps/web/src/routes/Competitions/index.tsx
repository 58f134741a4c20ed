import { compareForDisplay } from "@howzat/core/rules/display-order"
import { createFileRoute, Link } from "@tanstack/react-router"
import { listCompetitions } from "../../api/catalogue"
import { pageTitle } from "../../brand"
import { CompetitionGrid } from "../../components/CompetitionTile"
import { EmptyState, PageHeading } from "../../components/PageStates"
import { Pagination } from "../../components/Pagination"
import { displayKeyOf, skewFrom } from "../../lib/competition"
import { pageFromSearch } from "../../lib/search"

const PAGE_SIZE = 12

export const Route = createFileRoute("/Competitions/")({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFromSearch(search.page)
    return page > 1 ? { page } : {}
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ deps, abortController }) => {
    const list = await listCompetitions(
      { pageNumber: deps.page, pageSize: PAGE_SIZE },
      abortController.signal,
    )
    // The API already sends display order; sorting again keeps that true for any merge later.
    const competitions = [...list.competitions].sort((a, b) =>
      compareForDisplay(displayKeyOf(a), displayKeyOf(b)),
    )
    return {
      competitions,
      page: list.pageNumber,
      totalPages: list.totalPages,
      skewMs: skewFrom(list.competitions[0]?.currentDateTimeUtc, Date.now()),
    }
  },
  head: () => ({ meta: [{ title: pageTitle("Competitions") }] }),
  component: Competitions,
})

function Competitions() {
  const { competitions, page, totalPages, skewMs } = Route.useLoaderData()
  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Enter now" title="All competitions">
        <Link to="/Competitions/UpcomingDraw" className="btn-outline">
          Ending soon
        </Link>
      </PageHeading>
      {competitions.length === 0 ? (
        <EmptyState title="New competitions are on their way. Check back soon!" />
      ) : (
        <CompetitionGrid competitions={competitions} skewMs={skewMs} />
      )}
      <Pagination
        label="Competition pages"
        current={page}
        totalPages={totalPages}
        control={({ page: target, label, current, className, children }) => (
          <Link
            to="/Competitions"
            search={target > 1 ? { page: target } : {}}
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
