import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useState } from "react"
import { api } from "../../../api"
import { CompetitionForm } from "../../../components/competitions/CompetitionForm"
import { loadCompetitionReferences } from "../../../components/competitions/references"
import { PageHeader } from "../../../components/PageStates"
import { newCompetitionValues } from "../../../lib/competition-form"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/competitions/new")({
  head: () => ({ meta: [{ title: pageTitle("New competition") }] }),
  loader: loadCompetitionReferences,
  component: NewCompetition,
})

function NewCompetition() {
  const references = Route.useLoaderData()
  const navigate = useNavigate()
  // Fixed once, so a re-render does not move the suggested dates under the cursor.
  const [initial] = useState(() => newCompetitionValues(new Date()))
  return (
    <>
      <PageHeader title="New competition">
        <Link to="/competitions" className="btn">
          Back to competitions
        </Link>
      </PageHeader>
      <p className="mb-4 text-sm text-slate-600">
        A new competition is hidden until you publish it. Instant-win groups are added once it is
        created.
      </p>
      <CompetitionForm
        initial={initial}
        references={references}
        submitLabel="Create competition"
        onSave={async (payload) => {
          const { competition } = await api.competitionAdmin.create({ payload })
          await navigate({
            to: "/competitions/$competitionId",
            params: { competitionId: competition.id },
          })
          return competition
        }}
      />
    </>
  )
}
