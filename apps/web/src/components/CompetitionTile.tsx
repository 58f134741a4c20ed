import type { CompetitionJson } from "@howzat/contracts/catalogue"
import {
  competitionKindTexts,
  formatMoney,
  oddsSaid,
  pence,
  percentSold,
  tileButtonLabel,
} from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"
import { competitionImages, formatCount, makeOf, phaseAt, standingAt } from "../lib/competition"
import { useServerNow, useServerNowAs } from "../lib/now"
import { PICTURE_SIZES } from "../lib/picture-sizes"
import { DrawMoveNote } from "./competition/DrawMoveNote"
import { StandingNow } from "./competition/Standing"
import { useHoldsTickets } from "./competition/use-holds-tickets"
import { Picture } from "./Picture"

export const SoldBar = ({ sold, total }: { sold: number; total: number }) => {
  const percent = percentSold(sold, total)
  return (
    <div>
      <div
        role="progressbar"
        aria-label="Tickets sold"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-sunken"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-primary-500 to-primary-600 dark:from-primary-400 dark:to-primary-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <div className="mt-1.5 flex justify-between text-xs font-semibold text-muted">
        <span>{percent}% sold</span>
        <span className="tabular-nums">
          {formatCount(sold)} / {formatCount(total)}
        </span>
      </div>
    </div>
  )
}

/**
 * One ticket's chances, as the kind of competition allows: every ticket
 * winning says so instead of odds, and odds of a draw there is not are
 * never shown (core's oddsSaid).
 */
const TileOdds = ({ competition: c }: { competition: CompetitionJson }) => {
  const said = oddsSaid(makeOf(c), 1)
  if (said.everyTicketWins)
    return <p className="text-sm font-bold text-accent">{competitionKindTexts.everyTicketWins}</p>
  const oneIn = said.mainDraw?.oneIn ?? said.instantWinOneIn
  if (oneIn === undefined || oneIn === null) return null
  return (
    <p className="text-sm text-muted">
      {said.mainDraw === null ? "Instant-win odds" : "Odds"}{" "}
      <span className="font-bold text-fg">1 in {formatCount(oneIn)}</span> per ticket
    </p>
  )
}

/** The one part of a tile that changes each second: the rest re-renders only when its phase moves. */
const TileStanding = ({
  competition: c,
  skewMs,
}: {
  competition: CompetitionJson
  skewMs: number
}) => {
  const now = useServerNow(skewMs)
  return <StandingNow competitionId={c.id} name={c.name} standing={standingAt(c, now)} now={now} />
}

export const CompetitionTile = ({
  competition: c,
  skewMs,
  headingLevel = 3,
}: {
  competition: CompetitionJson
  skewMs: number
  headingLevel?: 2 | 3
}) => {
  const phase = useServerNowAs(skewMs, (now) => phaseAt(c, now).phase)
  const image = competitionImages(c)[0]
  // "More" only to a customer who already holds tickets in it.
  const holdsTickets = useHoldsTickets(c.id)
  const label = tileButtonLabel(phase, holdsTickets, c.totalTickets - c.ticketsSoldToDate)
  const params = { competitionId: c.id }
  const Heading = headingLevel === 2 ? "h2" : "h3"
  return (
    <article className="card group flex w-full flex-col overflow-hidden transition-shadow hover:shadow-lg">
      <Link
        to="/Competitions/Competition/$competitionId"
        params={params}
        tabIndex={-1}
        aria-hidden="true"
        className="relative block aspect-[4/3] overflow-hidden bg-sunken"
      >
        <Picture
          src={image?.url}
          sizes={PICTURE_SIZES.tile}
          alt=""
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-500 group-hover:scale-105"
        />
        <span className="absolute top-3 left-3 rounded-full bg-card/95 px-3 py-1 text-sm font-extrabold text-fg shadow">
          {formatMoney(pence(c.ticketPrice))}
        </span>
        {c.instantWinGroups.length > 0 ? (
          <span className="absolute top-3 right-3 rounded-full bg-gold-400 px-3 py-1 text-xs font-extrabold tracking-wide text-surface-900 uppercase shadow">
            Instant wins
          </span>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <Heading className="text-lg leading-snug font-bold text-balance">
          <Link
            to="/Competitions/Competition/$competitionId"
            params={params}
            className="hover:text-accent"
          >
            {c.name}
          </Link>
        </Heading>
        <TileStanding competition={c} skewMs={skewMs} />
        <DrawMoveNote competition={c} />
        <SoldBar sold={c.ticketsSoldToDate} total={c.totalTickets} />
        <TileOdds competition={c} />
        <Link
          to="/Competitions/Competition/$competitionId"
          params={params}
          className={`mt-auto w-full ${label === "DETAILS" || label === "SOLD OUT" ? "btn-outline" : "btn-primary"}`}
        >
          {label}
          {label === "SOLD OUT" ? <span className="sr-only">: see the details</span> : null}
        </Link>
      </div>
    </article>
  )
}

export const CompetitionGrid = ({
  competitions,
  skewMs,
}: {
  competitions: readonly CompetitionJson[]
  skewMs: number
}) => (
  <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
    {competitions.map((c) => (
      <li key={c.id} className="render-when-near flex">
        <CompetitionTile competition={c} skewMs={skewMs} />
      </li>
    ))}
  </ul>
)
