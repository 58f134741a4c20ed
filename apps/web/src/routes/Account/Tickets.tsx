import type { CustomerCompetitionJson } from "@howzat/contracts/orders"
import type { DrawResult } from "@howzat/core/rules"
import { drawDateWording, ordinalDate } from "@howzat/core/rules"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { type KeyboardEvent, useId, useRef } from "react"
import { type CustomerCompetitionStatus, customerCompetitions } from "../../api/orders"
import { pageTitle } from "../../brand"
import { ProofLink } from "../../components/competition/Standing"
import { Icon } from "../../components/Icon"
import { ticketRanges } from "../../components/orders/order-view"
import { EmptyState } from "../../components/PageStates"
import { Pagination } from "../../components/Pagination"
import { competitionImages, standingAt } from "../../lib/competition"
import { holdsWinningTicket } from "../../lib/fairness"
import { pageFromSearch } from "../../lib/search"
import { standingHeadline } from "../../lib/standing-headline"

type TabKey = "upcoming" | "drawn"

interface TicketsSearch {
  tab?: "drawn"
  page?: number
}

export const Route = createFileRoute("/Account/Tickets")({
  validateSearch: (search: Record<string, unknown>): TicketsSearch => {
    const page = pageFromSearch(search.page)
    return {
      ...(search.tab === "drawn" ? { tab: "drawn" as const } : {}),
      ...(page > 1 ? { page } : {}),
    }
  },
  loaderDeps: ({ search }) => ({
    tab: (search.tab ?? "upcoming") as TabKey,
    page: search.page ?? 1,
  }),
  loader: async ({ context, deps, abortController }) => {
    const signal = abortController.signal
    const list = await customerCompetitions(
      context.customerId,
      tabs[deps.tab].status,
      deps.page,
      signal,
    )
    // Each competition carries its draw's result, so the winning ticket needs no further call.
    return { list }
  },
  head: () => ({ meta: [{ title: pageTitle("My Tickets") }] }),
  component: Tickets,
})

const tabs: Record<TabKey, { label: string; status: CustomerCompetitionStatus; empty: string }> = {
  upcoming: {
    label: "UPCOMING",
    status: "1",
    empty: "You don't seem to have bought any tickets for upcoming competitions.",
  },
  drawn: {
    label: "DRAWN",
    status: "3",
    empty: "You don't seem to have bought any tickets for competitions that have been drawn.",
  },
}
const tabKeys: readonly TabKey[] = ["upcoming", "drawn"]

/** docs/product/screens.md's two tabs of the customer's tickets, 20 competitions a page. */
function Tickets() {
  const { list } = Route.useLoaderData()
  const search = Route.useSearch()
  const navigate = useNavigate({ from: Route.fullPath })
  const selected: TabKey = search.tab ?? "upcoming"
  const id = useId()
  const buttons = useRef<(HTMLButtonElement | null)[]>([])

  const select = (key: TabKey) =>
    void navigate({ search: key === "drawn" ? { tab: "drawn" } : {}, replace: true })

  // The WAI-ARIA tabs pattern: arrows, Home and End move between tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabKeys.indexOf(selected)
    const last = tabKeys.length - 1
    const next =
      event.key === "ArrowRight"
        ? at === last
          ? 0
          : at + 1
        : event.key === "ArrowLeft"
          ? at === 0
            ? last
            : at - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : undefined
    if (next === undefined) return
    event.preventDefault()
    const key = tabKeys[next] ?? "upcoming"
    select(key)
    buttons.current[next]?.focus()
  }

  const tab = tabs[selected]
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="display-title mb-4 text-2xl">
        Recent Tickets
      </h2>
      <div role="tablist" aria-label="Tickets" className="mb-6 flex gap-2" onKeyDown={onKeyDown}>
        {tabKeys.map((key, i) => (
          <button
            key={key}
            ref={(el) => {
              buttons.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${id}-${key}-tab`}
            aria-selected={selected === key}
            aria-controls={`${id}-panel`}
            tabIndex={selected === key ? 0 : -1}
            onClick={() => select(key)}
            className={`btn min-w-32 ${selected === key ? "bg-accent text-accent-fg" : "border border-line bg-card text-muted hover:text-fg"}`}
          >
            {tabs[key].label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}-tab`}>
        {list.competitions.length === 0 ? (
          <EmptyState title={tab.empty}>
            <Link to="/Competitions" className="btn-primary">
              View competitions
            </Link>
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {list.competitions.map((entry) => (
              <TicketCard key={entry.competition.id} entry={entry} />
            ))}
          </ul>
        )}
        <Pagination
          label="Ticket pages"
          current={list.pageNumber}
          totalPages={list.totalPages}
          control={({ page, label, current, className, children }) => (
            <Link
              to="/Account/Tickets"
              search={{
                ...(selected === "drawn" ? { tab: "drawn" as const } : {}),
                ...(page > 1 ? { page } : {}),
              }}
              aria-label={label}
              aria-current={current ? "page" : undefined}
              className={className}
            >
              {children}
            </Link>
          )}
        />
      </div>
    </section>
  )
}

function TicketCard({ entry }: { entry: CustomerCompetitionJson }) {
  const c = entry.competition
  const image = competitionImages(c)[0]
  const ranges = ticketRanges(entry.ticketNumbers)
  const won = entry.instantWins.filter((win) => win.won)
  // As the list was answered: the card says where the competition stood then.
  const standing = standingAt(c, new Date(c.currentDateTimeUtc))
  const draw = c.drawDateTimeUtc === null ? null : new Date(c.drawDateTimeUtc)
  return (
    <li className="card flex gap-4 p-3 sm:p-4">
      {image ? (
        <img
          src={image.url}
          alt=""
          loading="lazy"
          className="aspect-[4/3] w-24 shrink-0 rounded-xl object-cover sm:w-40"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <Link
          to="/Competitions/Competition/$competitionId"
          params={{ competitionId: c.id }}
          className="font-bold hover:text-accent hover:underline sm:text-lg"
        >
          {c.name}
        </Link>
        {standing.kind === "Drawn" ? null : (
          <p className="mt-1 text-sm text-muted">
            {standing.kind === "AwaitingDraw"
              ? standingHeadline(standing, ordinalDate)
              : drawDateWording(c.drawType, draw, ordinalDate)}
          </p>
        )}
        <p className="mt-2 text-sm">
          <strong>
            {entry.ticketCount} {entry.ticketCount === 1 ? "ticket" : "tickets"}
          </strong>
          {ranges ? (
            <>
              {": "}
              <span className="break-words tabular-nums">{ranges}</span>
            </>
          ) : null}
        </p>
        {standing.kind === "Drawn" ? <DrawOutcome entry={entry} result={standing.result} /> : null}
        {won.length > 0 ? (
          <ul className="mt-2 space-y-1 text-sm" aria-label="Instant prizes won">
            {won.map((win) => (
              <li key={win.ticketNumber} data-testid="won-prize">
                <span className="font-extrabold tracking-wide text-leather-600 dark:text-gold-300">
                  WON!
                </span>{" "}
                <span className="font-semibold">{win.instantWinGroup.name}</span>{" "}
                <span className="text-muted">
                  with ticket <span className="tabular-nums">{win.ticketNumber}</span>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  )
}

/** How the draw went for this customer: their winning ticket, or the winning number, and the proof. */
function DrawOutcome({ entry, result }: { entry: CustomerCompetitionJson; result: DrawResult }) {
  const c = entry.competition
  const ticket = result.winningTicketNumber
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
      {ticket === null ? (
        <p className="text-sm text-muted">Drawn: there were no entries, so no winner.</p>
      ) : holdsWinningTicket(entry.ticketNumbers, ticket) ? (
        <p className="inline-flex flex-wrap items-center gap-2 rounded-full bg-gold-400 px-3 py-1 text-sm font-extrabold text-surface-900">
          <Icon name="trophy" className="size-4" />
          You won! Ticket {ticket} was drawn.
        </p>
      ) : (
        <p className="text-sm text-muted">
          Drawn: the winning ticket was{" "}
          <span className="font-bold text-fg tabular-nums">{ticket}</span>.
        </p>
      )}
      <ProofLink competitionId={c.id} name={c.name} />
    </div>
  )
}
