import { ordinalDate, ordinalDateTime } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { lazy, Suspense } from "react"
import {
  HOME_READS,
  type HomeDraw,
  type HomeList,
  type HomeWinners,
  homeRead,
  homeResourceHtml,
} from "../api/home-reads"
import { brand, pageTitle } from "../brand"
import { Carousel } from "../components/Carousel"
import { CompetitionGrid } from "../components/CompetitionTile"
import { Countdown } from "../components/Countdown"
import { Icon } from "../components/Icon"
import { EmptyState, TileSkeletons } from "../components/PageStates"
import { WinnerCard } from "../components/WinnerCard"
import { skewFrom } from "../lib/competition"
import { useServerNow } from "../lib/now"

/** Extras that may fail without taking the page down with them. */
const optional = <T,>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null)

/** Opened from the verification email only, so its code loads only then. */
const EmailVerification = lazy(() => import("../components/EmailVerification"))

export const Route = createFileRoute("/")({
  // docs/product/screens.md: a `token` parameter is an email verification link.
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  head: () => ({ meta: [{ title: pageTitle("Home") }] }),
  loader: async ({ abortController }) => {
    const signal = abortController.signal
    // The very URLs the server preloads on `/` (api/home-reads.ts), asked as the preloads were.
    const [list, draw, winners, heroSub, howItWorks] = await Promise.all([
      homeRead<HomeList>(HOME_READS.list, signal),
      optional(homeRead<HomeDraw>(HOME_READS.nextLiveDraw, signal)),
      HOME_READS.winners ? optional(homeRead<HomeWinners>(HOME_READS.winners, signal)) : null,
      optional(homeResourceHtml(HOME_READS.heroSub, signal)),
      optional(homeResourceHtml(HOME_READS.howItWorks, signal)),
    ])
    return {
      list,
      skewMs: skewFrom(list.competitions[0]?.currentDateTimeUtc, Date.now()),
      drawDate: draw?.draw.drawDate ?? null,
      // Null when the winners could not be read (the section is left out), not the same as none yet.
      winners: winners?.competitionWinners ?? null,
      heroSub,
      howItWorks,
    }
  },
  pendingComponent: HomePending,
  component: Home,
})

function HomePending() {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-3 py-6 sm:px-5" aria-busy="true">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <div className="aspect-square animate-pulse rounded-(--radius-card) bg-sunken md:aspect-[16/5]" />
      <TileSkeletons />
    </div>
  )
}

function Home() {
  const { list, skewMs, drawDate, winners, heroSub, howItWorks } = Route.useLoaderData()
  const { token } = Route.useSearch()
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-3 py-6 sm:px-5 lg:space-y-16">
      <h1 className="sr-only">{brand.fullName}</h1>
      {token ? (
        <Suspense fallback={null}>
          <EmailVerification token={token} />
        </Suspense>
      ) : null}
      <Carousel items={brand.carouselItems} />

      <section aria-labelledby="live-draw-title" className="grid gap-6 lg:grid-cols-5">
        <div className="card flex flex-col justify-center gap-4 p-6 sm:p-8 lg:col-span-3">
          <p className="eyebrow">Welcome to {brand.fullName}</p>
          {heroSub ? (
            <div
              className="rich-text text-lg sm:text-xl"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-written content from our own API.
              dangerouslySetInnerHTML={{ __html: heroSub }}
            />
          ) : (
            <p className="text-lg sm:text-xl">{brand.tagline}.</p>
          )}
          <div className="flex flex-wrap gap-3">
            <Link to="/Competitions" className="btn-primary">
              View competitions
            </Link>
            <Link to="/Competitions/UpcomingDraw" className="btn-outline">
              Ending soon
            </Link>
          </div>
        </div>
        <NextLiveDraw drawDate={drawDate} skewMs={skewMs} />
      </section>

      <section aria-labelledby="competitions-title">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
          <div>
            <p className="eyebrow mb-2">Enter now</p>
            <h2 id="competitions-title" className="display-title text-3xl sm:text-4xl">
              Live competitions
            </h2>
          </div>
          <Link
            to="/Competitions"
            className="inline-flex items-center gap-1 font-bold text-accent hover:underline"
          >
            View all competitions <Icon name="chevronRight" className="size-4" />
          </Link>
        </div>
        {list.competitions.length === 0 ? (
          <EmptyState title="New competitions are on their way. Check back soon!" />
        ) : (
          <CompetitionGrid competitions={list.competitions} skewMs={skewMs} />
        )}
      </section>

      {brand.showRecentWinners && winners !== null ? (
        <section aria-labelledby="winners-title">
          <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="eyebrow mb-2">Howzat!</p>
              <h2 id="winners-title" className="display-title text-3xl sm:text-4xl">
                Recent winners
              </h2>
            </div>
            <Link
              to="/Home/Winners"
              className="inline-flex items-center gap-1 font-bold text-accent hover:underline"
            >
              See all winners <Icon name="chevronRight" className="size-4" />
            </Link>
          </div>
          {winners.length === 0 ? (
            <EmptyState icon="trophy" title="Come back soon, and see if you're a winner!">
              <Link to="/Competitions" className="btn-primary">
                Become A Winner
              </Link>
            </EmptyState>
          ) : (
            <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-4">
              {winners.map((winner) => (
                <li
                  key={`${winner.competition.id}-${winner.ticketNumber}`}
                  className="render-when-near [--near-height:20rem]"
                >
                  <WinnerCard winner={winner} drawDate={ordinalDate(new Date(winner.drawDate))} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {howItWorks ? (
        <section
          aria-label="How it works"
          className="card render-when-near p-6 [--near-height:40rem] sm:p-10"
        >
          <div
            className="rich-text mx-auto max-w-3xl"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: staff-written content from our own API.
            dangerouslySetInnerHTML={{ __html: howItWorks }}
          />
        </section>
      ) : null}
    </div>
  )
}

/** Only the countdown re-renders each second, not the panel and its link around it. */
function DrawCountdown({ deadline, skewMs }: { deadline: Date | null; skewMs: number }) {
  const now = useServerNow(skewMs)
  return <Countdown deadline={deadline} now={now} size="lg" tone="inverse" />
}

function NextLiveDraw({ drawDate, skewMs }: { drawDate: string | null; skewMs: number }) {
  const deadline = drawDate === null ? null : new Date(drawDate)
  return (
    <div className="relative flex flex-col gap-4 overflow-hidden rounded-(--radius-card) bg-gradient-to-br from-primary-700 to-primary-900 p-6 text-white shadow-(--shadow-card) sm:p-8 lg:col-span-2">
      <div className="pointer-events-none absolute -top-10 -right-10 size-40 rounded-full bg-white/10" />
      <p className="text-xs font-bold tracking-[0.14em] text-primary-200 uppercase">
        Next live draw
      </p>
      <h2 id="live-draw-title" className="display-title text-2xl">
        {deadline ? ordinalDateTime(deadline) : brand.banner.text}
      </h2>
      <DrawCountdown deadline={deadline} skewMs={skewMs} />
      <Link
        to="/Live"
        className="btn mt-1 self-start bg-white text-primary-800 hover:bg-primary-50"
      >
        <Icon name="video" /> Watch live
      </Link>
    </div>
  )
}
