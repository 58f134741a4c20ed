import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { onSale } from "@howzat/core/rules"
import { createFileRoute, Link, useNavigate, useRouter } from "@tanstack/react-router"
import { useState } from "react"
import { api } from "../../../api"
import { CompetitionActions } from "../../../components/competitions/CompetitionActions"
import { CompetitionForm } from "../../../components/competitions/CompetitionForm"
import { InstantWinGroups } from "../../../components/competitions/InstantWinGroups"
import { loadCompetitionReferences, shopPage } from "../../../components/competitions/references"
import { PageHeader } from "../../../components/PageStates"
import { RICH_TEXT } from "../../../components/RichTextEditor"
import { competitionPhaseLabel, valuesOfCompetition } from "../../../lib/competition-form"
import { formatDateTime } from "../../../lib/format"
import { pageTitle } from "../../../lib/page-title"

export const Route = createFileRoute("/_staff/competitions/$competitionId")({
  head: () => ({ meta: [{ title: pageTitle("Competition") }] }),
  loader: async ({ params }) => {
    const [{ competition }, references] = await Promise.all([
      api.competitions.byId({ path: { competitionId: params.competitionId } }),
      loadCompetitionReferences(),
    ])
    return { competition, references }
  },
  component: EditCompetition,
})

/** On sale, as core decides it: its dates and instant wins are fixed from then. */
const isOnSale = (c: CompetitionJson, now: Date) =>
  onSale(
    {
      startDateTimeUtc: new Date(c.startDateTimeUtc),
      visibilityStatus: c.visibilityStatus,
      ticketsHeld: c.ticketsSoldToDate,
    },
    now,
  )

/** What may no longer change, in the operator's words (decision 0027). */
const dateHint = (c: CompetitionJson, now: Date): string | undefined => {
  if (!isOnSale(c, now))
    return competitionPhaseLabel(c, now) === "Coming soon"
      ? undefined
      : "Hidden with no tickets held, so its times and instant wins can still change: once it is published, or a ticket is held, they are fixed."
  // The DCMS code: a live competition's close never moves; customers bought on its draw date too.
  return "It is on sale or has closed, so its opening, closing and draw times are fixed: customers bought on these dates."
}

function EditCompetition() {
  const { competition, references } = Route.useLoaderData()
  const router = useRouter()
  const navigate = useNavigate()
  const [now] = useState(() => new Date(competition.currentDateTimeUtc))
  const phase = competitionPhaseLabel(competition, now)
  return (
    <>
      <PageHeader title={competition.name}>
        <Link to="/competitions" className="btn">
          Back to competitions
        </Link>
        <a href={shopPage(competition.id)} target="_blank" rel="noopener" className="btn">
          View in the shop
        </a>
      </PageHeader>
      <dl className="card mb-4 grid grid-cols-2 gap-3 p-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Phase</dt>
          <dd className="font-medium">{phase}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Visibility</dt>
          <dd className="font-medium">
            {competition.visibilityStatus === "Visible" ? "Published" : "Hidden"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Sold</dt>
          <dd className="font-medium">
            {competition.ticketsSoldToDate.toLocaleString("en-GB")} of{" "}
            {competition.totalTickets.toLocaleString("en-GB")}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Closes</dt>
          <dd className="font-medium">{formatDateTime(competition.closeDateTimeUtc)}</dd>
        </div>
      </dl>
      <CompetitionActions
        competition={competition}
        onDuplicated={(copy) =>
          navigate({ to: "/competitions/$competitionId", params: { competitionId: copy.id } })
        }
        onDeleted={() => navigate({ to: "/competitions" })}
      />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <CompetitionForm
          key={competition.id}
          initial={valuesOfCompetition(competition)}
          stored={competition}
          references={references}
          submitLabel="Save changes"
          dateHint={dateHint(competition, now)}
          datesFixed={isOnSale(competition, now)}
          onSave={async (payload) => {
            const saved = await api.competitionAdmin.update({
              path: { competitionId: competition.id },
              payload,
            })
            await router.invalidate()
            return saved.competition
          }}
        />
        <div className="space-y-6">
          <InstantWinGroups competition={competition} />
          <section className="card space-y-2 p-4" aria-labelledby="saved-description-h">
            <h2 id="saved-description-h" className="font-semibold">
              Description as saved
            </h2>
            <p className="text-xs text-slate-500">
              What the shop shows, after the server removed anything it does not allow.
            </p>
            {competition.description.trim() === "" ? (
              <p className="text-sm text-slate-600">No description yet.</p>
            ) : (
              <div
                className={`${RICH_TEXT} text-sm`}
                // The server sanitised this on save (decision 0015); it is what the shop renders.
                // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML
                dangerouslySetInnerHTML={{ __html: competition.description }}
              />
            )}
          </section>
        </div>
      </div>
    </>
  )
}
