import type { CompetitionJson } from "@howzat/contracts/catalogue"
import { ordinalDateTime } from "@howzat/core/rules"
import { createFileRoute, Link } from "@tanstack/react-router"
import { nextLiveDraw } from "../api/catalogue"
import { awaitingLiveDraw } from "../api/draws"
import { brand, liveStreamOrigin, pageTitle } from "../brand"
import { CompetitionGrid } from "../components/CompetitionTile"
import { Countdown } from "../components/Countdown"
import { Icon } from "../components/Icon"
import { PageHeading } from "../components/PageStates"
import { skewFrom } from "../lib/competition"
import { useServerNow } from "../lib/now"

/**
 * Closed live competitions still to be drawn on the stream, from the
 * server's public list: it keeps one whose host is late, which the
 * "Current" catalogue drops at its draw time.
 */
const waitingForTheStream = async (signal: AbortSignal) => {
  const { competitions, currentDateTimeUtc } = await awaitingLiveDraw(signal)
  return { waiting: competitions, skewMs: skewFrom(currentDateTimeUtc, Date.now()) }
}

export const Route = createFileRoute("/Live")({
  loader: async ({ abortController }) => {
    const signal = abortController.signal
    // The stream or the offline message is the page; the countdown and the list may fail alone.
    const [draw, stream] = await Promise.all([
      nextLiveDraw(signal).catch(() => null),
      waitingForTheStream(signal).catch(() => null),
    ])
    return {
      drawDate: draw?.draw.drawDate ?? null,
      waiting: stream?.waiting ?? null,
      skewMs: stream?.skewMs ?? 0,
    }
  },
  head: () => ({ meta: [{ title: pageTitle("Live draws") }] }),
  component: Live,
})

function Live() {
  const { drawDate, waiting, skewMs } = Route.useLoaderData()
  const embedUrl = liveStreamOrigin() === null ? null : brand.liveStream.embedUrl
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading eyebrow={brand.banner.text} title="Live draws" />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {embedUrl ? <Stream embedUrl={embedUrl} /> : <Offline />}
        </div>
        <NextDraw drawDate={drawDate} skewMs={skewMs} />
      </div>
      {waiting === null ? null : <Waiting competitions={waiting} skewMs={skewMs} />}
    </div>
  )
}

function Stream({ embedUrl }: { embedUrl: string }) {
  return (
    <div className="card overflow-hidden">
      <iframe
        src={embedUrl}
        title={`${brand.shortName} live draw stream`}
        className="aspect-video w-full"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        // The player needs its own scripts; it may not navigate or script this page.
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups allow-popups-to-escape-sandbox"
      />
    </div>
  )
}

/** docs/product/screens.md: with no stream, an offline message and a View All Competitions link. */
function Offline() {
  return (
    <div className="card flex h-full flex-col items-center justify-center gap-4 px-6 py-14 text-center">
      <span className="inline-flex size-16 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon name="video" className="size-8" />
      </span>
      <p className="text-xl font-bold text-balance">We're not live right now.</p>
      <p className="max-w-md text-muted text-balance">
        Our live draws are streamed every Thursday at 8:30pm. Come back then to watch the winners
        being drawn.
      </p>
      <Link to="/Competitions" className="btn-primary mt-2">
        View All Competitions
      </Link>
    </div>
  )
}

function NextDraw({ drawDate, skewMs }: { drawDate: string | null; skewMs: number }) {
  const now = useServerNow(skewMs)
  const deadline = drawDate === null ? null : new Date(drawDate)
  return (
    <section
      aria-labelledby="next-live-draw"
      className="flex flex-col gap-4 rounded-(--radius-card) bg-gradient-to-br from-primary-700 to-primary-900 p-6 text-white shadow-(--shadow-card)"
    >
      <h2
        id="next-live-draw"
        className="text-xs font-bold tracking-[0.14em] text-primary-200 uppercase"
      >
        Next live draw
      </h2>
      <p className="display-title text-2xl">
        {deadline ? ordinalDateTime(deadline) : "To be announced"}
      </p>
      <Countdown deadline={deadline} now={now} size="lg" tone="inverse" />
      <Link
        to="/Legitimacy"
        className="mt-auto self-start font-semibold text-white underline underline-offset-4"
      >
        How our draws work
      </Link>
    </section>
  )
}

function Waiting({
  competitions,
  skewMs,
}: {
  competitions: readonly CompetitionJson[]
  skewMs: number
}) {
  return (
    <section aria-labelledby="waiting-title">
      <h2 id="waiting-title" className="display-title mb-2 text-2xl sm:text-3xl">
        Waiting for the live draw
      </h2>
      {competitions.length === 0 ? (
        <p className="text-muted">No closed competitions are waiting for a live draw right now.</p>
      ) : (
        <>
          <p className="mb-6 text-muted">
            These competitions have closed and will be drawn live. Each one's draw commitment is on
            its page.
          </p>
          <CompetitionGrid competitions={competitions} skewMs={skewMs} />
        </>
      )}
    </section>
  )
}
