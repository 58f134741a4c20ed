import type { CompetitionJson, TicketListJson } from "@howzat/contracts/catalogue"
import { useEffect, useId, useState } from "react"
import { instantWinGroupTickets } from "../../api/catalogue"
import { brand } from "../../brand"
import { Pagination } from "../Pagination"

type InstantWinGroup = CompetitionJson["instantWinGroups"][number]

type TicketsState =
  | { readonly status: "loading"; readonly page: number }
  | { readonly status: "loaded"; readonly page: number; readonly data: TicketListJson }
  | { readonly status: "failed"; readonly page: number }

/** An instant-win prize: its picture, "name (count)", "won / count won" and its tickets on demand. */
const InstantWinGroupCard = ({
  competitionId,
  group,
}: {
  competitionId: string
  group: InstantWinGroup
}) => {
  const [open, setOpen] = useState(false)
  // A new object on "Try again" too, so the same page is fetched once more.
  const [request, setRequest] = useState({ page: 1 })
  const [tickets, setTickets] = useState<TicketsState>({ status: "loading", page: 1 })
  const panelId = useId()

  useEffect(() => {
    if (!open) return
    const { page } = request
    const controller = new AbortController()
    setTickets({ status: "loading", page })
    instantWinGroupTickets(competitionId, group.id, page, controller.signal).then(
      (data) => setTickets({ status: "loaded", page, data }),
      () => {
        if (!controller.signal.aborted) setTickets({ status: "failed", page })
      },
    )
    return () => controller.abort()
  }, [open, request, competitionId, group.id])

  const image = group.imageGroup?.images[0]?.url ?? brand.defaultCompetitionImageUrl
  return (
    <li className="card overflow-hidden">
      <div className="flex flex-wrap items-center gap-4 p-4">
        <img
          src={image}
          alt=""
          loading="lazy"
          className="size-16 shrink-0 rounded-xl bg-sunken object-cover sm:size-20"
        />
        <div className="min-w-0 flex-1 basis-48">
          <h3 className="font-bold text-balance">
            {group.name} ({group.ticketCount})
          </h3>
          <p className="mt-1 text-sm text-muted">
            <span className="font-bold text-fg tabular-nums">
              {group.quantityWonToDate} / {group.ticketCount} won
            </span>
          </p>
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-sunken" aria-hidden="true">
            <div
              className="h-full rounded-full bg-gold-400"
              style={{
                width: `${Math.min(100, (100 * group.quantityWonToDate) / Math.max(1, group.ticketCount))}%`,
              }}
            />
          </div>
        </div>
        <button
          type="button"
          className="btn-outline w-full shrink-0 px-4 text-xs sm:w-auto"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? "Hide Tickets" : "Show Tickets"}
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-line bg-sunken/50 p-4">
        {open ? (
          <TicketsPanel
            state={tickets}
            onPage={(page) => setRequest({ page })}
            onRetry={() => setRequest((r) => ({ ...r }))}
            groupName={group.name}
          />
        ) : null}
      </div>
    </li>
  )
}

const TicketsPanel = ({
  state,
  onPage,
  onRetry,
  groupName,
}: {
  state: TicketsState
  onPage: (page: number) => void
  onRetry: () => void
  groupName: string
}) => {
  if (state.status === "loading") {
    return (
      <p role="status" className="py-4 text-center text-sm text-muted">
        Loading tickets…
      </p>
    )
  }
  if (state.status === "failed") {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-sm">
        <p role="alert">Sorry, we couldn't load these tickets.</p>
        <button type="button" className="btn-outline" onClick={onRetry}>
          Try again
        </button>
      </div>
    )
  }
  const { tickets, totalPages } = state.data
  if (tickets.length === 0) {
    return <p className="py-4 text-center text-sm text-muted">No tickets to show.</p>
  }
  return (
    <>
      <ul
        aria-label={`${groupName} winning ticket numbers`}
        className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-8"
      >
        {tickets.map((ticket) => {
          const won = ticket.instantWin?.won === true
          return (
            <li
              key={ticket.ticketNumber}
              className={`flex flex-col items-center justify-center rounded-lg border px-1 py-2 text-center ${won ? "border-gold-400 bg-gold-300/25" : "border-line bg-card"}`}
            >
              <span className="font-bold tabular-nums">{ticket.ticketNumber}</span>
              {won ? (
                <>
                  <span className="text-[0.7rem] font-extrabold tracking-wide text-leather-600 dark:text-gold-300">
                    WON!
                  </span>
                  {ticket.customer ? (
                    <span className="max-w-full truncate text-[0.7rem] text-muted">
                      {ticket.customer.fullName}
                    </span>
                  ) : null}
                </>
              ) : null}
            </li>
          )
        })}
      </ul>
      <Pagination
        label={`${groupName} ticket pages`}
        current={state.page}
        totalPages={totalPages}
        control={({ page, label, current, className, children }) => (
          <button
            type="button"
            aria-label={label}
            aria-current={current ? "page" : undefined}
            className={className}
            onClick={() => onPage(page)}
          >
            {children}
          </button>
        )}
      />
    </>
  )
}

export const InstantWins = ({ competition }: { competition: CompetitionJson }) => (
  <ul className="space-y-3">
    {competition.instantWinGroups.map((group) => (
      <InstantWinGroupCard key={group.id} competitionId={competition.id} group={group} />
    ))}
  </ul>
)
