import type { CategoryJson, CompetitionJson } from "@howzat/contracts/catalogue"
import type { CompetitionStanding } from "@howzat/core/rules"
import { CompetitionPhase, formatMoney, ordinalDateTime, pence } from "@howzat/core/rules"
import { Await, createFileRoute, Link, notFound, useLocation } from "@tanstack/react-router"
import type { ReactNode } from "react"
import { getCompetition, listCategories } from "../../../api/catalogue"
import { isApiError } from "../../../api/client"
import { type DrawLookup, lookUpDraw } from "../../../api/draws"
import { pageTitle } from "../../../brand"
import { SoldBar } from "../../../components/CompetitionTile"
import { CompetitionRules } from "../../../components/competition/CompetitionRules"
import {
  DrawFairness,
  NO_ENTRIES,
  WinnerBanner,
} from "../../../components/competition/DrawFairness"
import { DrawMoveNote } from "../../../components/competition/DrawMoveNote"
import { Gallery } from "../../../components/competition/Gallery"
import { InstantWins } from "../../../components/competition/InstantWins"
import { KeyFacts } from "../../../components/competition/KeyFacts"
import { NumberPicker } from "../../../components/competition/NumberPicker"
import { ShareLinks } from "../../../components/competition/ShareLinks"
import { StandingNow } from "../../../components/competition/Standing"
import { TicketSelector } from "../../../components/competition/TicketSelector"
import { Icon } from "../../../components/Icon"
import { MessagePage } from "../../../components/MessagePage"
import { categorySlugs } from "../../../lib/browse"
import { competitionImages, phaseAt, skewFrom, standingAt } from "../../../lib/competition"
import { DRAW_SECTION_ID } from "../../../lib/fairness"
import { useServerNow } from "../../../lib/now"
import { standingHeadline } from "../../../lib/standing-headline"

export const Route = createFileRoute("/Competitions/Competition/$competitionId")({
  loader: async ({ params, abortController }) => {
    try {
      const signal = abortController.signal
      // The categories only link to more like it: without them the page is whole.
      const [{ competition }, categories] = await Promise.all([
        getCompetition(params.competitionId, signal),
        listCategories(signal).catch((): CategoryJson[] => []),
      ])
      // Before the close the competition carries both commitments; after it, the proof says
      // whether it is drawn. It streams in after the page shows (deferred), never holding it up.
      const closed =
        Date.parse(competition.closeDateTimeUtc) <= Date.parse(competition.currentDateTimeUtc)
      return {
        competition,
        categories,
        skewMs: skewFrom(competition.currentDateTimeUtc, Date.now()),
        draw: closed ? lookUpDraw(competition.id, signal) : null,
      }
    } catch (error) {
      // A malformed id (400) is as missing as an unknown one (404): docs/product/errors.md "no such competition".
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: pageTitle(loaderData?.competition.name ?? "Competition not found") }],
  }),
  pendingComponent: CompetitionPending,
  notFoundComponent: NoSuchCompetition,
  component: CompetitionPage,
})

function CompetitionPending() {
  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-3 py-8 sm:px-5 lg:grid-cols-2" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <div className="aspect-[4/3] animate-pulse rounded-(--radius-card) bg-sunken" />
      <div className="space-y-4">
        <div className="h-10 w-3/4 animate-pulse rounded-lg bg-sunken" />
        <div className="h-6 w-1/3 animate-pulse rounded bg-sunken" />
        <div className="h-16 animate-pulse rounded-xl bg-sunken" />
        <div className="h-64 animate-pulse rounded-(--radius-card) bg-sunken" />
      </div>
    </div>
  )
}

function NoSuchCompetition() {
  return (
    <MessagePage icon="ticket">
      <h1 className="display-title text-3xl">No such competition</h1>
      <p className="mt-3 text-muted">
        We couldn't find that competition. It may have finished, or the link may be wrong.
      </p>
      <Link to="/Competitions" className="btn-primary mt-8">
        Back to competitions
      </Link>
    </MessagePage>
  )
}

function CompetitionPage() {
  const { competition: c, categories, skewMs, draw } = Route.useLoaderData()
  const now = useServerNow(skewMs)
  const { phase } = phaseAt(c, now)
  const standing = standingAt(c, now)
  const standingProps = { competitionId: c.id, name: c.name, standing, now, size: "lg" as const }
  // Links from /Legitimacy to a draw's proof open its section.
  const hash = useLocation({ select: (l) => l.hash })
  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-5 lg:py-10">
      <nav aria-label="Breadcrumb" className="mb-5 text-sm text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-accent hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/Competitions" className="hover:text-accent hover:underline">
              Competitions
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="truncate font-semibold text-fg">
            {c.name}
          </li>
        </ol>
      </nav>

      <div className="grid items-start gap-8 lg:grid-cols-2 lg:gap-12">
        <div className="lg:sticky lg:top-28">
          <Gallery key={c.id} images={competitionImages(c)} />
        </div>

        <div className="space-y-6">
          <div className="space-y-3">
            <Badges competition={c} />
            <h1 className="text-2xl leading-tight font-extrabold text-balance sm:text-4xl">
              {c.name}
            </h1>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-extrabold text-accent">
                {formatMoney(pence(c.ticketPrice))}
              </span>
              <span className="text-muted">per ticket</span>
            </p>
            <CategoryLinks competition={c} categories={categories} />
          </div>

          <div className="card space-y-4 p-5">
            {standing.kind === "Drawn" ? (
              <DrawResult
                headline={standing}
                draw={draw}
                winningTicketNumber={standing.result.winningTicketNumber}
                drawnAt={c.drawResult?.drawnAt ?? null}
              />
            ) : draw === null ? (
              <StandingNow {...standingProps} />
            ) : (
              // The competition was read a moment before the proof: a draw made in between shows.
              <Await promise={draw} fallback={<StandingNow {...standingProps} />}>
                {(result) =>
                  isDrawn(result) ? (
                    <DrawResult
                      headline={{
                        kind: "Drawn",
                        result: {
                          outcome: result.proof.outcome === "NoEntries" ? "NoEntries" : "Winner",
                          winningTicketNumber: result.proof.winningTicketNumber,
                          drawnAt: new Date(result.proof.drawnAt ?? c.currentDateTimeUtc),
                        },
                      }}
                      draw={draw}
                      winningTicketNumber={result.proof.winningTicketNumber}
                      drawnAt={result.proof.drawnAt}
                    />
                  ) : (
                    <StandingNow {...standingProps} />
                  )
                }
              </Await>
            )}
            <DrawMoveNote competition={c} />
            <SoldBar sold={c.ticketsSoldToDate} total={c.totalTickets} />
          </div>

          <KeyFacts competition={c} />

          <TicketSelector key={c.id} competition={c} phase={phase} />
          {/* Lucky Dip first; picks only where staff allow them and no instant win is public. */}
          {c.pickYourNumbers === true &&
          c.instantWinGroups.length === 0 &&
          phase === CompetitionPhase.Open ? (
            <NumberPicker key={`${c.id}-picks`} competition={c} />
          ) : null}
          <ShareLinks name={c.name} />
        </div>
      </div>

      <div className="mt-10 space-y-4">
        <Accordion title="Prize Description" open>
          <div
            className="rich-text"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-written prize description from our own API.
            dangerouslySetInnerHTML={{ __html: c.description }}
          />
          {c.cashAlternativeValue !== null ? (
            <p className="mt-4 rounded-xl bg-accent-soft px-4 py-3 font-semibold text-accent">
              Cash alternative: {formatMoney(pence(c.cashAlternativeValue))}
            </p>
          ) : null}
        </Accordion>
        {c.instantWinGroups.length > 0 ? (
          <Accordion title="Instant Wins">
            <InstantWins competition={c} />
          </Accordion>
        ) : null}
        <Accordion title="Competition Rules">
          <CompetitionRules competition={c} />
        </Accordion>
        <Accordion id={DRAW_SECTION_ID} title="Draw & Fairness" open={hash === DRAW_SECTION_ID}>
          <DrawFairness competition={c} draw={draw} />
        </Accordion>
      </div>
    </div>
  )
}

type Drawn = Extract<DrawLookup, { kind: "found" }>

const isDrawn = (result: DrawLookup): result is Drawn =>
  result.kind === "found" && result.proof.outcome !== "NotDrawn"

/**
 * Once drawn, the draw's result replaces a countdown to a draw that has
 * happened: the winning ticket at once, the winner's name when the proof
 * (which names them) arrives.
 */
function DrawResult({
  headline,
  draw,
  winningTicketNumber,
  drawnAt,
}: {
  headline: CompetitionStanding
  draw: Promise<DrawLookup> | null
  winningTicketNumber: number | null
  drawnAt: string | null
}) {
  const banner = (winnerName: string | null) =>
    winningTicketNumber === null ? (
      <p className="font-semibold">{NO_ENTRIES}</p>
    ) : (
      <WinnerBanner
        winningTicketNumber={winningTicketNumber}
        drawnAt={drawnAt}
        winnerName={winnerName}
      />
    )
  return (
    <div className="space-y-3">
      <p className="text-xs font-bold tracking-wider text-muted">
        {standingHeadline(headline, ordinalDateTime)}
      </p>
      {draw === null ? (
        banner(null)
      ) : (
        <Await promise={draw} fallback={banner(null)}>
          {(result) => banner(result.kind === "found" ? result.winnerName : null)}
        </Await>
      )}
      <a
        href={`#${DRAW_SECTION_ID}`}
        // The section may have been closed since: open it whether or not the hash changes.
        onClick={() => {
          const section = document.getElementById(DRAW_SECTION_ID)
          if (section instanceof HTMLDetailsElement) section.open = true
        }}
        className="text-sm font-semibold text-accent hover:underline"
      >
        See the draw's proof
      </a>
    </div>
  )
}

function Badges({ competition: c }: { competition: CompetitionJson }) {
  const badges = [
    c.drawType === "Live" ? "Live draw" : c.drawType === "Automatic" ? "Automatic draw" : null,
    c.instantWinGroups.length > 0 ? "Instant wins" : null,
    c.cashAlternativeValue !== null ? "Cash alternative" : null,
  ].filter((b): b is string => b !== null)
  if (badges.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2">
      {badges.map((badge) => (
        <li
          key={badge}
          className="rounded-full bg-accent-soft px-3 py-1 text-xs font-bold tracking-wide text-accent uppercase"
        >
          {badge}
        </li>
      ))}
    </ul>
  )
}

/** Each of the competition's categories, linking to the list of everything in it. */
function CategoryLinks({
  competition: c,
  categories,
}: {
  competition: CompetitionJson
  categories: readonly CategoryJson[]
}) {
  const slugs = categorySlugs(categories)
  const own = categories.filter((category) => c.categoryIds.includes(category.id))
  if (own.length === 0) return null
  return (
    <ul aria-label="Categories" className="flex flex-wrap gap-2">
      {own.map((category) => (
        <li key={category.id}>
          <Link
            to="/Competitions"
            search={{ category: slugs.get(category.id) ?? category.id }}
            className="inline-flex min-h-11 items-center gap-1 rounded-full border border-line bg-card px-4 text-sm font-semibold hover:border-accent hover:text-accent"
          >
            {category.name}
            <Icon name="chevronRight" className="size-4" />
          </Link>
        </li>
      ))}
    </ul>
  )
}

function Accordion({
  id,
  title,
  open,
  children,
}: {
  id?: string
  title: string
  open?: boolean
  children: ReactNode
}) {
  return (
    <details id={id} className="card group scroll-mt-28 overflow-hidden" open={open}>
      <summary className="flex min-h-14 items-center justify-between gap-4 px-5 py-4 text-lg font-extrabold tracking-wide uppercase hover:bg-sunken/60">
        {title}
        <Icon
          name="chevronDown"
          className="size-5 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="border-t border-line px-5 py-5">{children}</div>
    </details>
  )
}
