import type { DrawProofJson } from "@howzat/contracts/draws"
import type { CustomerCompetitionJson } from "@howzat/contracts/orders"
import { ordinalDate } from "@howzat/core/rules/dates"
import { Await, createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { type KeyboardEvent, useId, useRef } from "react"
import { drawProof } from "../../api/draws"
import { type CustomerCompetitionStatus, customerCompetitions } from "../../api/orders"
import { pageTitle } from "../../brand"
import { Icon } from "../../components/Icon"
import { ticketRanges } from "../../components/orders/order-view"
import { EmptyState } from "../../components/PageStates"
import { Pagination } from "../../components/Pagination"
import { competitionImages } from "../../lib/competition"
import { holdsWinningTicket } from "../../lib/fairness"
import { pageFromSearch } from "../../lib/search"

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
    // The drawn tab marks a winning ticket: each competition's proof names it. They stream in
    // after the list shows, one small call per competition on the page.
    return { list, draws: deps.tab === "drawn" ? drawsOf(list.competitions, signal) : null }
  },
  head: () => ({ meta: [{ title: pageTitle("My Tickets") }] }),
  component: Tickets,
})

type DrawOutcomes = ReadonlyMap<string, DrawProofJson>

/** Each competition's proof; one that fails to load just shows no outcome. */
const drawsOf = async (
  entries: readonly CustomerCompetitionJson[],
  signal: AbortSignal,
): Promise<DrawOutcomes> => {
  const proofs = await Promise.all(
    entries.map((e) =>
      drawProof(e.competition.id, signal).then(
        (r) => r.proof,
        () => null,
      ),
    ),
  )
  return new Map(proofs.flatMap((p) => (p === null ? [] : [[p.competitionId, p] as const])))
}

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

/** SPEC §2's two tabs of the customer's tickets, 20 competitions a page. */
function Tickets() {
  const { list, draws } = Route.useLoaderData()
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
              <TicketCard key={entry.competition.id} entry={entry} draws={draws} />
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

function TicketCard({
  entry,
  draws,
}: {
  entry: CustomerCompetitionJson
  draws: Promise<DrawOutcomes> | null
}) {
  const c = entry.competition
  const image = competitionImages(c)[0]
  const ranges = ticketRanges(entry.ticketNumbers)
  const won = entry.instantWins.filter((win) => win.won)
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
        <p className="mt-1 text-sm text-muted">
          {c.drawDateTimeUtc
            ? `Draw date: ${ordinalDate(new Date(c.drawDateTimeUtc))}`
            : "Draw date to be announced"}
        </p>
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
        {draws === null ? null : (
          <Await promise={draws} fallback={null}>
            {(outcomes) => <DrawOutcome entry={entry} proof={outcomes.get(c.id)} />}
          </Await>
        )}
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

/** How the draw went for this customer: their winning ticket, or the winning number. */
function DrawOutcome({
  entry,
  proof,
}: {
  entry: CustomerCompetitionJson
  proof: DrawProofJson | undefined
}) {
  if (proof === undefined) return null
  if (proof.outcome === "NotDrawn") {
    return <p className="mt-2 text-sm text-muted">Closed, waiting for the draw.</p>
  }
  if (proof.winningTicketNumber === null) return null
  const won = holdsWinningTicket(entry.ticketNumbers, proof.winningTicketNumber)
  return won ? (
    <p className="mt-2 inline-flex flex-wrap items-center gap-2 rounded-full bg-gold-400 px-3 py-1 text-sm font-extrabold text-surface-900">
      <Icon name="trophy" className="size-4" />
      You won! Ticket {proof.winningTicketNumber} was drawn.
    </p>
  ) : (
    <p className="mt-2 text-sm text-muted">
      Drawn: the winning ticket was{" "}
      <span className="font-bold text-fg tabular-nums">{proof.winningTicketNumber}</span>.
    </p>
  )
}
