import type {
  InstantWinPrizeWinnerJson,
  MainPrizeWinnerJson,
} from "@howzat/contracts/competition-winners"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { createColumnHelper } from "@tanstack/react-table"
import { type ReactNode, useId, useState } from "react"
import { api } from "../../api"
import { ClaimWindowSetting } from "../../components/ClaimWindowSetting"
import { ConfirmDialog } from "../../components/Confirm"
import { DataTable } from "../../components/DataTable"
import { CompetitionLink, CustomerLink } from "../../components/Links"
import { Pager } from "../../components/Pager"
import { Empty, ErrorNote, PageHeader } from "../../components/PageStates"
import { PrizeAwardedCell } from "../../components/PrizeAwardedCell"
import { RedrawCell } from "../../components/RedrawCell"
import { WinnerNotes } from "../../components/WinnerNotes"
import { formatDateTime } from "../../lib/format"
import { pageTitle } from "../../lib/page-title"
import { useAction } from "../../lib/use-action"
import { useMediaQuery, WIDE_SCREEN } from "../../lib/use-media-query"
import { type WinnerRef, winnerCalls } from "../../lib/winner-ref"
import {
  hidingSays,
  mainWinnerKey,
  validateWinnersSearch,
  type WinnerStatusFilter,
  type WinnerTab,
  type WinnerVisibilityFilter,
  winnersQuery,
} from "../../lib/winners"

export const Route = createFileRoute("/_staff/winners")({
  head: () => ({ meta: [{ title: pageTitle("Winners") }] }),
  validateSearch: validateWinnersSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ deps }) => {
    const query = { urlParams: winnersQuery(deps) }
    if (deps.tab === "instant") {
      const list = await api.competitionWinners.instantWinPrizeWinners(query)
      return { tab: "instant" as const, rows: list.instantWinPrizeWinners, page: list }
    }
    const [list, claim] = await Promise.all([
      api.competitionWinners.mainPrizeWinners(query),
      api.draws.claimWindow(),
    ])
    return {
      tab: "main" as const,
      rows: list.mainPrizeWinners,
      page: list,
      claimWindowDays: claim.claimWindowDays,
    }
  },
  component: Winners,
})

/** What both lists share: who won, and whether the prize has been handed over. */
interface Selected {
  readonly ref: WinnerRef
  readonly title: string
  readonly key: string
}

type Shared = MainPrizeWinnerJson | InstantWinPrizeWinnerJson

const winnerName = (w: Shared) => w.winner.fullName ?? "No customer record"

function ProcessedCell({
  winner,
  onMark,
}: {
  readonly winner: Shared
  readonly onMark: (processed: boolean) => void
}) {
  return (
    <div className="space-y-1">
      {winner.processed ? (
        <p className="text-xs">
          <span className="rounded bg-green-100 px-1.5 py-0.5 font-medium text-green-800">
            Processed
          </span>{" "}
          {formatDateTime(winner.processedAt)}
          {winner.processedAt && !winner.processedByUserId && " by the shop"}
        </p>
      ) : (
        <p className="text-xs">
          <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
            Not processed
          </span>
        </p>
      )}
      <button
        type="button"
        className="btn whitespace-nowrap"
        onClick={() => onMark(!winner.processed)}
        aria-label={`${winner.processed ? "Mark not processed" : "Mark processed"}: ${winnerName(winner)}, ticket ${winner.ticketNumber}`}
      >
        {winner.processed ? "Mark not processed" : "Mark processed"}
      </button>
    </div>
  )
}

/** Whether the public pages name the winner, and the switch (hiding is confirmed first). */
function VisibilityCell({
  winner,
  onSet,
}: {
  readonly winner: Shared
  readonly onSet: (isVisible: boolean) => void
}) {
  return (
    <div className="space-y-1">
      <p className="text-xs">
        {winner.isVisible ? (
          <span className="rounded bg-sky-100 px-1.5 py-0.5 font-medium text-sky-900">
            Shown publicly
          </span>
        ) : (
          <span className="rounded bg-slate-200 px-1.5 py-0.5 font-medium text-slate-800">
            Name hidden
          </span>
        )}
      </p>
      <button
        type="button"
        className="btn whitespace-nowrap"
        onClick={() => onSet(!winner.isVisible)}
        aria-label={`${winner.isVisible ? "Hide" : "Show"} name: ${winnerName(winner)}, ticket ${winner.ticketNumber}`}
      >
        {winner.isVisible ? "Hide" : "Show"}
      </button>
    </div>
  )
}

function NotesCell({ winner, onOpen }: { readonly winner: Shared; readonly onOpen: () => void }) {
  return (
    <button
      type="button"
      className="btn whitespace-nowrap"
      onClick={onOpen}
      aria-label={`Notes (${winner.noteCount}): ${winnerName(winner)}, ticket ${winner.ticketNumber}`}
    >
      Notes ({winner.noteCount})
    </button>
  )
}

interface RowActions {
  readonly mark: (ref: WinnerRef, winner: Shared, processed: boolean) => void
  readonly show: (ref: WinnerRef, winner: Shared, isVisible: boolean) => void
  readonly open: (selected: Selected) => void
  /** An unclaimed main prize was redrawn: say so. */
  readonly redrawn: (message: string) => void
  readonly claimWindowDays: number
}

const mainRef = (w: MainPrizeWinnerJson): WinnerRef => ({
  kind: "main",
  competitionId: w.competition.id,
  ticketNumber: w.ticketNumber,
})
const instantRef = (w: InstantWinPrizeWinnerJson): WinnerRef => ({
  kind: "instant",
  instantWinId: w.instantWinId,
})

const mainColumns = ({ mark, show, open, redrawn, claimWindowDays }: RowActions) => {
  const col = createColumnHelper<MainPrizeWinnerJson>()
  return [
    col.accessor((w) => w.competition.name, {
      id: "competition",
      header: "Competition",
      cell: ({ row, getValue }) => (
        <CompetitionLink id={row.original.competition.id}>{getValue()}</CompetitionLink>
      ),
    }),
    col.accessor("ticketNumber", { header: "Ticket" }),
    col.accessor((w) => winnerName(w), {
      id: "winner",
      header: "Winner",
      cell: ({ row, getValue }) => (
        <CustomerLink id={row.original.winner.customerId}>{getValue()}</CustomerLink>
      ),
    }),
    col.accessor("drawnAt", { header: "Drawn", cell: (i) => formatDateTime(i.getValue()) }),
    col.accessor("processed", {
      header: "Status",
      cell: ({ row }) => (
        <ProcessedCell
          winner={row.original}
          onMark={(p) => mark(mainRef(row.original), row.original, p)}
        />
      ),
    }),
    col.accessor("redrawRequestedAt", {
      header: "Claim",
      cell: ({ row }) => (
        <RedrawCell winner={row.original} claimWindowDays={claimWindowDays} onRedrawn={redrawn} />
      ),
    }),
    col.accessor("prizeAwardedAs", {
      header: "Awarded as",
      cell: ({ row }) => <PrizeAwardedCell winner={row.original} />,
    }),
    col.accessor("isVisible", {
      header: "Public",
      cell: ({ row }) => (
        <VisibilityCell
          winner={row.original}
          onSet={(v) => show(mainRef(row.original), row.original, v)}
        />
      ),
    }),
    col.accessor("noteCount", {
      header: "Notes",
      cell: ({ row }) => (
        <NotesCell winner={row.original} onOpen={() => open(mainSelected(row.original))} />
      ),
    }),
  ]
}

const instantColumns = ({ mark, show, open }: RowActions) => {
  const col = createColumnHelper<InstantWinPrizeWinnerJson>()
  return [
    col.accessor((w) => w.competition.name, {
      id: "competition",
      header: "Competition",
      cell: ({ row, getValue }) => (
        <CompetitionLink id={row.original.competition.id}>{getValue()}</CompetitionLink>
      ),
    }),
    col.accessor("prizeName", { header: "Prize" }),
    col.accessor("ticketNumber", { header: "Ticket" }),
    col.accessor((w) => winnerName(w), {
      id: "winner",
      header: "Winner",
      cell: ({ row, getValue }) => (
        <CustomerLink id={row.original.winner.customerId}>{getValue()}</CustomerLink>
      ),
    }),
    col.accessor("wonAt", { header: "Won", cell: (i) => formatDateTime(i.getValue()) }),
    col.accessor((w) => (w.postalEntryId ? "Postal entry" : w.orderId ? "Order" : "—"), {
      id: "entry",
      header: "Entry",
      cell: ({ row, getValue }) => {
        const { orderId } = row.original
        return orderId ? (
          <Link to="/orders/$orderId" params={{ orderId }} className="text-primary-800 underline">
            {getValue()}
          </Link>
        ) : (
          getValue()
        )
      },
    }),
    col.accessor("processed", {
      header: "Status",
      cell: ({ row }) => (
        <ProcessedCell
          winner={row.original}
          onMark={(p) => mark(instantRef(row.original), row.original, p)}
        />
      ),
    }),
    col.accessor("isVisible", {
      header: "Public",
      cell: ({ row }) => (
        <VisibilityCell
          winner={row.original}
          onSet={(v) => show(instantRef(row.original), row.original, v)}
        />
      ),
    }),
    col.accessor("noteCount", {
      header: "Notes",
      cell: ({ row }) => (
        <NotesCell winner={row.original} onOpen={() => open(instantSelected(row.original))} />
      ),
    }),
  ]
}

/** Status, visibility and notes stacked in one cell: the row's work, for a narrow screen. */
function HandlingCell({
  winner,
  onMark,
  onSet,
  onOpen,
}: {
  readonly winner: Shared
  readonly onMark: (processed: boolean) => void
  readonly onSet: (isVisible: boolean) => void
  readonly onOpen: () => void
}) {
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
      <ProcessedCell winner={winner} onMark={onMark} />
      <VisibilityCell winner={winner} onSet={onSet} />
      <NotesCell winner={winner} onOpen={onOpen} />
    </div>
  )
}

/** A facts cell's second line: smaller and quieter than the first. */
const Detail = ({ children }: { readonly children: ReactNode }) => (
  <span className="block text-xs text-slate-600">{children}</span>
)

const mainSelected = (w: MainPrizeWinnerJson): Selected => ({
  ref: mainRef(w),
  key: mainWinnerKey(w),
  title: `${winnerName(w)}, ${w.competition.name}, ticket ${w.ticketNumber}`,
})

const instantSelected = (w: InstantWinPrizeWinnerJson): Selected => ({
  ref: instantRef(w),
  key: w.instantWinId,
  title: `${winnerName(w)}, ${w.prizeName}, ticket ${w.ticketNumber}`,
})

/**
 * The main winners on a tablet (below WIDE_SCREEN): who won what in one
 * column, how the prize was awarded in another, and the row's work in a
 * third, so the table fits a 1024-pixel screen beside the menu.
 */
const compactMainColumns = ({ mark, show, open, redrawn, claimWindowDays }: RowActions) => {
  const col = createColumnHelper<MainPrizeWinnerJson>()
  return [
    col.accessor((w) => w.competition.name, {
      id: "competition",
      header: "Competition and winner",
      cell: ({ row: { original: w } }) => (
        <div className="min-w-40 space-y-1">
          <CompetitionLink id={w.competition.id}>{w.competition.name}</CompetitionLink>
          <Detail>Ticket {w.ticketNumber}</Detail>
          <CustomerLink id={w.winner.customerId}>{winnerName(w)}</CustomerLink>
          <Detail>Drawn {formatDateTime(w.drawnAt)}</Detail>
          <RedrawCell winner={w} claimWindowDays={claimWindowDays} onRedrawn={redrawn} />
        </div>
      ),
    }),
    col.accessor("prizeAwardedAs", {
      header: "Awarded as",
      cell: ({ row }) => <PrizeAwardedCell winner={row.original} />,
    }),
    col.accessor("processed", {
      header: "Status, public, notes",
      cell: ({ row: { original: w } }) => (
        <HandlingCell
          winner={w}
          onMark={(p) => mark(mainRef(w), w, p)}
          onSet={(v) => show(mainRef(w), w, v)}
          onOpen={() => open(mainSelected(w))}
        />
      ),
    }),
  ]
}

/** The instant winners on a tablet: the win in one column, the row's work in another. */
const compactInstantColumns = ({ mark, show, open }: RowActions) => {
  const col = createColumnHelper<InstantWinPrizeWinnerJson>()
  return [
    col.accessor((w) => w.competition.name, {
      id: "competition",
      header: "Competition, prize and winner",
      cell: ({ row: { original: w } }) => (
        <div className="min-w-40 space-y-1">
          <CompetitionLink id={w.competition.id}>{w.competition.name}</CompetitionLink>
          <Detail>
            {w.prizeName}, ticket {w.ticketNumber}
          </Detail>
          <CustomerLink id={w.winner.customerId}>{winnerName(w)}</CustomerLink>
          <Detail>
            Won {formatDateTime(w.wonAt)}
            {w.postalEntryId ? " by postal entry" : ""}
            {w.orderId && (
              <>
                {" "}
                by{" "}
                <Link
                  to="/orders/$orderId"
                  params={{ orderId: w.orderId }}
                  className="text-primary-800 underline"
                >
                  order
                </Link>
              </>
            )}
          </Detail>
        </div>
      ),
    }),
    col.accessor("processed", {
      header: "Status, public, notes",
      cell: ({ row: { original: w } }) => (
        <HandlingCell
          winner={w}
          onMark={(p) => mark(instantRef(w), w, p)}
          onSet={(v) => show(instantRef(w), w, v)}
          onOpen={() => open(instantSelected(w))}
        />
      ),
    }),
  ]
}

const TABS: readonly { readonly tab: WinnerTab; readonly label: string }[] = [
  { tab: "main", label: "Main prizes" },
  { tab: "instant", label: "Instant wins" },
]

const STATUS_LABELS: Record<WinnerStatusFilter, string> = {
  All: "All winners",
  NotProcessed: "Not processed",
  Processed: "Processed",
}

const VISIBILITY_LABELS: Record<WinnerVisibilityFilter, string> = {
  All: "Shown or hidden",
  Visible: "Shown publicly",
  Hidden: "Name hidden",
}

function Winners() {
  const data = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const statusId = useId()
  const visibilityId = useId()
  const [selected, setSelected] = useState<Selected | undefined>()
  const [unmarking, setUnmarking] = useState<{ ref: WinnerRef; winner: Shared } | undefined>()
  const [announce, setAnnounce] = useState("")
  const [hiding, setHiding] = useState<{ ref: WinnerRef; winner: Shared } | undefined>()
  const visibility = useAction(async (ref: WinnerRef, isVisible: boolean) => {
    await winnerCalls(ref).setVisible(isVisible)
    return true as const
  })
  const show = async (ref: WinnerRef, winner: Shared, isVisible: boolean) => {
    setAnnounce("")
    visibility.reset()
    if (!isVisible) {
      setHiding({ ref, winner })
      return
    }
    if (await visibility.run(ref, true))
      setAnnounce(`${winnerName(winner)}, ticket ${winner.ticketNumber}: shown publicly.`)
  }
  const status = useAction(async (ref: WinnerRef, processed: boolean) => {
    await winnerCalls(ref).setProcessed(processed)
    return true as const
  })
  const mark = async (ref: WinnerRef, winner: Shared, processed: boolean) => {
    setAnnounce("")
    if (!processed) {
      status.reset()
      setUnmarking({ ref, winner })
      return
    }
    if (await status.run(ref, true))
      setAnnounce(`${winnerName(winner)}, ticket ${winner.ticketNumber}: marked processed.`)
  }
  const actions: RowActions = {
    mark: (ref, winner, processed) => void mark(ref, winner, processed),
    show: (ref, winner, isVisible) => void show(ref, winner, isVisible),
    open: (next) => setSelected(next),
    redrawn: (message) => setAnnounce(message),
    claimWindowDays: data.tab === "main" ? data.claimWindowDays : 14,
  }
  const tab = search.tab ?? "main"
  const wide = useMediaQuery(WIDE_SCREEN)
  const empty = (
    <Empty
      title={
        search.status === "NotProcessed"
          ? "Every winner here has been processed."
          : "No winners to show."
      }
    >
      {search.status || search.visibility
        ? "Choose All winners, shown or hidden, to see the rest."
        : "Winners appear once a draw is made or an instant prize is won."}
    </Empty>
  )
  return (
    <>
      <PageHeader title="Winners" />
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <nav aria-label="Kind of winner" className="flex gap-1 rounded-md bg-slate-100 p-1">
          {TABS.map((t) => (
            <Link
              key={t.tab}
              from={Route.fullPath}
              search={(prev) => ({
                ...prev,
                tab: t.tab === "main" ? undefined : t.tab,
                page: undefined,
              })}
              onClick={() => setSelected(undefined)}
              className={`rounded px-3 py-1.5 text-sm ${tab === t.tab ? "bg-white font-semibold shadow-sm" : "text-slate-700 hover:bg-white/60"}`}
              aria-current={tab === t.tab ? "page" : undefined}
            >
              {t.label}
            </Link>
          ))}
        </nav>
        <div className="space-y-1">
          <label htmlFor={statusId} className="label">
            Prize status
          </label>
          <select
            id={statusId}
            className="input"
            value={search.status ?? "All"}
            onChange={(e) => {
              const next = e.target.value as WinnerStatusFilter
              void navigate({
                search: (prev) => ({
                  ...prev,
                  status: next === "All" ? undefined : next,
                  page: undefined,
                }),
              })
            }}
          >
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={visibilityId} className="label">
            On the public pages
          </label>
          <select
            id={visibilityId}
            className="input"
            value={search.visibility ?? "All"}
            onChange={(e) => {
              const next = e.target.value as WinnerVisibilityFilter
              void navigate({
                search: (prev) => ({
                  ...prev,
                  visibility: next === "All" ? undefined : next,
                  page: undefined,
                }),
              })
            }}
          >
            {Object.entries(VISIBILITY_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {data.tab === "main" && (
          <ClaimWindowSetting
            key={data.claimWindowDays}
            days={data.claimWindowDays}
            onSaved={setAnnounce}
          />
        )}
      </div>
      <p role="status" aria-live="polite" className="mb-2 text-sm text-green-800">
        {announce}
      </p>
      {!unmarking && <ErrorNote error={status.error} />}
      {!hiding && <ErrorNote error={visibility.error} />}
      {data.tab === "main" ? (
        <DataTable
          rows={data.rows}
          columns={wide ? mainColumns(actions) : compactMainColumns(actions)}
          caption="Main prize winners"
          rowKey={mainWinnerKey}
          empty={empty}
        />
      ) : (
        <DataTable
          rows={data.rows}
          columns={wide ? instantColumns(actions) : compactInstantColumns(actions)}
          caption="Instant-win prize winners"
          rowKey={(w) => w.instantWinId}
          empty={empty}
        />
      )}
      {data.page.totalPages > 1 && (
        <Pager
          page={data.page}
          onPage={(page) => void navigate({ search: (prev) => ({ ...prev, page }) })}
        />
      )}
      {selected && (
        <WinnerNotes
          key={selected.key}
          winner={selected.ref}
          title={selected.title}
          onClose={() => setSelected(undefined)}
        />
      )}
      <ConfirmDialog
        open={unmarking !== undefined}
        title="Mark this prize not processed?"
        confirmLabel="Mark not processed"
        pending={status.pending}
        error={status.error}
        onCancel={() => setUnmarking(undefined)}
        onConfirm={async () => {
          if (!unmarking) return
          if (await status.run(unmarking.ref, false)) {
            setAnnounce(
              `${winnerName(unmarking.winner)}, ticket ${unmarking.winner.ticketNumber}: marked not processed.`,
            )
            setUnmarking(undefined)
          }
        }}
      >
        <p>
          {unmarking && `${winnerName(unmarking.winner)}, ticket ${unmarking.winner.ticketNumber}.`}{" "}
          The record of when the prize was handed over, and by whom, is cleared.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={hiding !== undefined}
        title="Hide this winner's name from the public?"
        confirmLabel="Hide name"
        pending={visibility.pending}
        error={visibility.error}
        onCancel={() => setHiding(undefined)}
        onConfirm={async () => {
          if (!hiding) return
          if (await visibility.run(hiding.ref, false)) {
            setAnnounce(
              `${winnerName(hiding.winner)}, ticket ${hiding.winner.ticketNumber}: name hidden from the public.`,
            )
            setHiding(undefined)
          }
        }}
      >
        <p>
          {hiding && `${winnerName(hiding.winner)}, ticket ${hiding.winner.ticketNumber}.`}{" "}
          {hiding && hidingSays(hiding.ref.kind)} You can show it again at any time.
        </p>
      </ConfirmDialog>
    </>
  )
}
