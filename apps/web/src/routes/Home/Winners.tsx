import { createFileRoute, Link } from "@tanstack/react-router"
import { competitionWinners } from "../../api/catalogue"
import { pageTitle } from "../../brand"
import { EmptyState, PageHeading } from "../../components/PageStates"
import { Pagination } from "../../components/Pagination"
import { WinnerCard } from "../../components/WinnerCard"
import { pageFromSearch } from "../../lib/search"
import { groupWinnersByDrawDate } from "../../lib/winners"

const WINNERS_PER_PAGE = 60

export const Route = createFileRoute("/Home/Winners")({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = pageFromSearch(search.page)
    return page > 1 ? { page } : {}
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Newest first, a page at a time: the timeline grows every week and older winners stay reachable.
  loader: async ({ deps, abortController }) => {
    const list = await competitionWinners(WINNERS_PER_PAGE, abortController.signal, deps.page)
    return {
      days: groupWinnersByDrawDate(list.competitionWinners),
      page: list.pageNumber,
      totalPages: list.totalPages,
    }
  },
  head: () => ({ meta: [{ title: pageTitle("Winners") }] }),
  component: Winners,
})

function Winners() {
  const { days, page, totalPages } = Route.useLoaderData()
  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Howzat!" title="Our winners">
        <Link to="/Competitions" className="btn-primary">
          Become A Winner
        </Link>
      </PageHeading>
      {days.length === 0 ? (
        <EmptyState icon="trophy" title="Come back soon, and see if you're a winner!" />
      ) : (
        <ol className="relative space-y-10 border-s-2 border-line ps-6 sm:ps-8">
          {days.map((day) => (
            <li key={day.drawDate} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -start-[calc(1.5rem+7px)] size-3 rounded-full bg-accent ring-4 ring-bg sm:-start-[calc(2rem+7px)]"
              />
              <h2 className="display-title mb-4 text-xl">{day.drawDate}</h2>
              <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
                {day.winners.map((winner) => (
                  <li key={`${winner.competition.id}-${winner.ticketNumber}`}>
                    <WinnerCard winner={winner} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <Pagination
        label="Winner pages"
        current={page}
        totalPages={totalPages}
        control={({ page: target, label, current, className, children }) => (
          <Link
            to="/Home/Winners"
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
