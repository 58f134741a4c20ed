import { createFileRoute, Link } from "@tanstack/react-router"
import { listCompetitions } from "../../api/catalogue"
import { pageTitle } from "../../brand"
import { CompetitionGrid } from "../../components/CompetitionTile"
import { EmptyState, PageHeading } from "../../components/PageStates"
import { skewFrom } from "../../lib/competition"

const MAX_SHOWN = 100

export const Route = createFileRoute("/Competitions/UpcomingDraw")({
  loader: async ({ abortController }) => {
    const list = await listCompetitions(
      { timePeriod: "EndingSoon", pageSize: MAX_SHOWN },
      abortController.signal,
    )
    return {
      competitions: list.competitions,
      skewMs: skewFrom(list.competitions[0]?.currentDateTimeUtc, Date.now()),
    }
  },
  head: () => ({ meta: [{ title: pageTitle("Ending Soon") }] }),
  component: UpcomingDraw,
})

function UpcomingDraw() {
  const { competitions, skewMs } = Route.useLoaderData()
  return (
    <div className="mx-auto max-w-7xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow="Last overs" title="HURRY THESE COMPS END SOON!" />
      {competitions.length === 0 ? (
        <EmptyState
          icon="clock"
          title="Nothing is about to close right now, so there's plenty of time to enter."
        >
          <Link to="/Competitions" className="btn-primary">
            View all competitions
          </Link>
        </EmptyState>
      ) : (
        <CompetitionGrid competitions={competitions} skewMs={skewMs} />
      )}
    </div>
  )
}
