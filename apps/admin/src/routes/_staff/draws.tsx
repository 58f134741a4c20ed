import type {
  CompetitionsAwaitingDrawJson,
  DrawListJson,
  DrawnCompetitionJson,
} from "@howzat/contracts/draws"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { useEffect, useId, useRef, useState } from "react"
import { api } from "../../api"
import { ConfirmDialog } from "../../components/Confirm"
import { DataTable } from "../../components/DataTable"
import { EntryListDownload } from "../../components/EntryListDownload"
import { CompetitionLink } from "../../components/Links"
import { Pager } from "../../components/Pager"
import { Empty, PageHeader } from "../../components/PageStates"
import { drawAction, drawsQuery, publicCompetitionUrl, validateDrawsSearch } from "../../lib/draws"
import { formatDateTime } from "../../lib/format"
import { pageTitle } from "../../lib/page-title"
import { useAction } from "../../lib/use-action"

export const Route = createFileRoute("/_staff/draws")({
  head: () => ({ meta: [{ title: pageTitle("Draws") }] }),
  validateSearch: validateDrawsSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const [waiting, recent] = await Promise.all([
      api.draws.waitingToBeDrawn(),
      api.draws.list({ urlParams: drawsQuery(deps) }),
    ])
    return { waiting: waiting.competitions, recent }
  },
  component: Draws,
})

type Waiting = CompetitionsAwaitingDrawJson["competitions"][number]
type Drawn = DrawnCompetitionJson

function ProofLink({ competitionId, label }: { competitionId: string; label?: string }) {
  return (
    <a
      className="text-primary-700 underline hover:text-primary-800"
      href={publicCompetitionUrl(competitionId)}
      target="_blank"
      rel="noopener"
    >
      {label ?? "Public proof"}
      <span className="sr-only"> (opens the storefront in a new tab)</span>
    </a>
  )
}

function DrawResult({ draw }: { readonly draw: Drawn }) {
  // The row pressed is gone from the waiting list: focus goes to what happened instead,
  // once the confirm dialog has closed (closing gives focus back to where it was opened).
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const frame = requestAnimationFrame(() => heading.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [])
  return (
    <section
      className="card mb-4 border-green-300 bg-green-50 p-4"
      aria-labelledby="draw-result-h"
      role="status"
    >
      <h2 id="draw-result-h" ref={heading} tabIndex={-1} className="font-semibold">
        {draw.competition.name} has been drawn
      </h2>
      {draw.outcome === "Winner" ? (
        <p className="mt-1">
          Winning ticket <strong>{draw.winningTicketNumber}</strong>
          {draw.winner ? (
            <>
              {" "}
              · winner <strong>{draw.winner.fullName}</strong>
            </>
          ) : (
            " · the ticket has no customer record"
          )}{" "}
          · {draw.entryCount} entries · drawn {formatDateTime(draw.drawnAt)}
        </p>
      ) : (
        <p className="mt-1">No tickets were sold, so nobody won. The draw is recorded.</p>
      )}
      <p className="mt-2 text-sm">
        <ProofLink competitionId={draw.competition.id} label="See the public proof" /> ·{" "}
        <CompetitionLink id={draw.competition.id}>Open the competition</CompetitionLink>
      </p>
    </section>
  )
}

/** The live-draw host's screen and the entry list's CSV, for one competition (decision 0079). */
function HostTools({ id, name }: { readonly id: string; readonly name: string }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <Link
        to="/draw-host/$competitionId"
        params={{ competitionId: id }}
        className="btn whitespace-nowrap"
        aria-label={`Draw host view: ${name}`}
      >
        Draw host view
      </Link>
      <EntryListDownload competitionId={id} competitionName={name} />
    </div>
  )
}

const waitingColumns = (onDraw: (c: Waiting) => void) => {
  const col = createColumnHelper<Waiting>()
  return [
    col.accessor("name", {
      header: "Competition",
      cell: (info) => (
        <CompetitionLink id={info.row.original.id}>{info.getValue()}</CompetitionLink>
      ),
    }),
    col.accessor("drawType", { header: "Draw type" }),
    col.accessor("closeDateTimeUtc", {
      header: "Closed",
      cell: (info) => formatDateTime(info.getValue()),
    }),
    col.accessor("drawDateTimeUtc", {
      header: "Draw time",
      cell: (info) => formatDateTime(info.getValue()),
    }),
    col.accessor("ticketsSoldToDate", { header: "Tickets sold" }),
    col.display({
      id: "action",
      header: "Action",
      cell: ({ row }) => {
        // The server decides; a browser whose clock is behind only hides the button too long.
        const { canDraw, note } = drawAction(row.original, new Date())
        return canDraw ? (
          <button
            type="button"
            className="btn btn-primary whitespace-nowrap"
            onClick={() => onDraw(row.original)}
            aria-label={`Draw now: ${row.original.name}`}
          >
            Draw now
          </button>
        ) : (
          <span className="text-xs text-slate-600">{note}</span>
        )
      },
    }),
    col.display({
      id: "host",
      header: "Host",
      cell: ({ row }) => <HostTools id={row.original.id} name={row.original.name} />,
    }),
  ]
}

const recentColumns = (() => {
  const col = createColumnHelper<DrawListJson["draws"][number]>()
  return [
    col.accessor((d) => d.competition.name, {
      id: "competition",
      header: "Competition",
      cell: ({ row, getValue }) => (
        <CompetitionLink id={row.original.competition.id}>{getValue()}</CompetitionLink>
      ),
    }),
    col.accessor("drawType", { header: "Draw type" }),
    col.accessor("drawnAt", { header: "Drawn", cell: (info) => formatDateTime(info.getValue()) }),
    col.accessor("entryCount", { header: "Entries" }),
    col.accessor("winningTicketNumber", {
      header: "Winning ticket",
      cell: (info) => info.getValue() ?? "—",
    }),
    col.accessor((d) => d.winner?.fullName ?? "", {
      id: "winner",
      header: "Winner",
      cell: ({ row }) =>
        row.original.outcome === "NoEntries"
          ? "No entries"
          : (row.original.winner?.fullName ?? "No customer record"),
    }),
    col.display({
      id: "proof",
      header: "Proof",
      cell: ({ row }) => <ProofLink competitionId={row.original.competition.id} />,
    }),
    col.display({
      id: "host",
      header: "Host",
      cell: ({ row }) => (
        <HostTools id={row.original.competition.id} name={row.original.competition.name} />
      ),
    }),
  ]
})()

function RecentFilter() {
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const [from, setFrom] = useState(search.from ?? "")
  const [to, setTo] = useState(search.to ?? "")
  const id = useId()
  return (
    <form
      className="mb-3 flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        void navigate({
          search: (prev) => ({
            ...prev,
            from: from || undefined,
            to: to || undefined,
            page: undefined,
          }),
        })
      }}
    >
      <div className="space-y-1">
        <label className="label" htmlFor={`${id}-from`}>
          Drawn from
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="input"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <label className="label" htmlFor={`${id}-to`}>
          Drawn to
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="input"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <button type="submit" className="btn">
        Show draws
      </button>
      {(search.from || search.to) && (
        <button
          type="button"
          className="btn"
          onClick={() => {
            setFrom("")
            setTo("")
            void navigate({ search: {} })
          }}
        >
          Clear dates
        </button>
      )}
    </form>
  )
}

function Draws() {
  const { waiting, recent } = Route.useLoaderData()
  const navigate = useNavigate({ from: Route.fullPath })
  const [confirming, setConfirming] = useState<Waiting | undefined>()
  const [result, setResult] = useState<Drawn | undefined>()
  const draw = useAction((competitionId: string) =>
    api.draws.drawCompetitionWinner({ path: { competitionId } }),
  )
  const columns = waitingColumns((competition) => {
    draw.reset()
    setConfirming(competition)
  })
  return (
    <>
      <PageHeader title="Draws" />
      {result && <DrawResult key={result.competition.id} draw={result} />}
      <section aria-labelledby="waiting-h" className="mb-8">
        <h2 id="waiting-h" className="mb-2 font-semibold">
          Waiting to be drawn
        </h2>
        <DataTable
          rows={waiting}
          columns={columns}
          caption="Competitions that have closed and are waiting for their draw"
          rowKey={(c) => c.id}
          empty={
            <Empty title="No competition is waiting to be drawn.">
              A competition appears here once it has closed, until its draw is made.
            </Empty>
          }
        />
      </section>
      <section aria-labelledby="recent-h">
        <h2 id="recent-h" className="mb-2 font-semibold">
          Recent draws
        </h2>
        <RecentFilter />
        <DataTable
          rows={recent.draws}
          columns={recentColumns}
          caption="Draws made, newest first"
          rowKey={(d) => d.competition.id}
          empty={<Empty title="No draws in these dates.">Try a wider date range.</Empty>}
        />
        {recent.totalPages > 1 && (
          <Pager
            page={recent}
            onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
          />
        )}
      </section>
      <ConfirmDialog
        open={confirming !== undefined}
        title={`Draw ${confirming?.name ?? ""} now?`}
        confirmLabel="Draw the winner"
        pending={draw.pending}
        error={draw.error}
        onCancel={() => setConfirming(undefined)}
        onConfirm={async () => {
          if (!confirming) return
          const answer = await draw.run(confirming.id)
          if (answer) {
            setResult(answer.draw)
            setConfirming(undefined)
          }
        }}
      >
        <p>
          The winning ticket is picked from the {confirming?.ticketsSoldToDate ?? 0} tickets sold,
          once and for all: a draw cannot be undone or made again.
        </p>
        <p>The winner is emailed and the proof is published on the competition's page.</p>
      </ConfirmDialog>
    </>
  )
}
