import type { DrawnCompetitionAnswerJson } from "@howzat/contracts/draws"
import { createFileRoute, Link, useRouter } from "@tanstack/react-router"
import { type ReactNode, useEffect, useRef, useState } from "react"
import { api } from "../../api"
import { ConfirmDialog } from "../../components/Confirm"
import { EntryListDownload } from "../../components/EntryListDownload"
import { countdownText, hostPhase, publicProofUrl, skewOf } from "../../lib/draw-host"
import { formatDateTime, formatPence } from "../../lib/format"
import { pageTitle } from "../../lib/page-title"
import { useAction } from "../../lib/use-action"

/**
 * The live-draw host's screen (docs/decisions/0079): one competition,
 * large enough to read on a stream at 1280 px and on a tablet. The button
 * waits for the advertised draw time, asks once more, and the result shows
 * the winning ticket and the winner's first name and initial only.
 */
export const Route = createFileRoute("/_staff/draw-host/$competitionId")({
  head: () => ({ meta: [{ title: pageTitle("Draw host") }] }),
  loader: async ({ params }) => {
    const readAt = Date.now()
    const [sheet, { competition }] = await Promise.all([
      api.draws.hostSheet({ path: { competitionId: params.competitionId } }),
      api.competitions.byId({ path: { competitionId: params.competitionId } }),
    ])
    return { sheet, cashAlternativeValue: competition.cashAlternativeValue, readAt }
  },
  component: DrawHost,
})

/** How often the screen reads the sheet again while undrawn: the entry count, a draw made elsewhere. */
const REFRESH_MS = 20_000

/** The server's time now, ticking each second, corrected by the sheet's clock. */
function useServerNow(skewMs: number) {
  const [now, setNow] = useState(() => new Date(Date.now() + skewMs))
  useEffect(() => {
    setNow(new Date(Date.now() + skewMs))
    const timer = setInterval(() => setNow(new Date(Date.now() + skewMs)), 1000)
    return () => clearInterval(timer)
  }, [skewMs])
  return now
}

function Fact({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-slate-900 sm:text-3xl">{children}</dd>
    </div>
  )
}

function DrawHost() {
  const { sheet, cashAlternativeValue, readAt } = Route.useLoaderData()
  const router = useRouter()
  const now = useServerNow(skewOf(sheet.currentDateTimeUtc, readAt))
  const phase = hostPhase(sheet, now)
  const competitionId = sheet.competition.id
  const [confirming, setConfirming] = useState(false)
  /** The last answer to this screen's own draw request: whether it made the draw, or found one. */
  const [answer, setAnswer] = useState<DrawnCompetitionAnswerJson | undefined>()
  const draw = useAction(() => api.draws.drawCompetitionWinner({ path: { competitionId } }))
  const stage = useRef<HTMLDivElement>(null)
  const result = useRef<HTMLHeadingElement>(null)

  // Kept current while it waits: the entries still counting, or a draw made on another screen.
  useEffect(() => {
    if (phase === "drawn" || confirming) return
    const timer = setInterval(() => void router.invalidate(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [phase, confirming, router])

  // The button is gone once drawn: focus goes to the result, for the keyboard and screen
  // readers, once the dialog has closed (handing focus back to where it was opened) and
  // the reloaded sheet, which may arrive after the draw's answer, shows the result.
  const showsResult = phase === "drawn"
  useEffect(() => {
    if (answer === undefined || confirming || !showsResult) return
    const timer = setTimeout(() => result.current?.focus(), 50)
    return () => clearTimeout(timer)
  }, [answer, confirming, showsResult])

  const proofHref = publicProofUrl(competitionId)
  const proofText = `${window.location.origin}${proofHref}`

  return (
    <div
      ref={stage}
      className="mx-auto max-w-6xl space-y-6 bg-slate-50 p-1 sm:p-4 [&:fullscreen]:overflow-auto [&:fullscreen]:p-10"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to="/draws" className="text-sm font-medium text-primary-700 underline">
          ← Draws
        </Link>
        <div className="flex flex-wrap items-start gap-2">
          <EntryListDownload
            competitionId={competitionId}
            competitionName={sheet.competition.name}
          />
          <button
            type="button"
            className="btn"
            onClick={() => {
              if (document.fullscreenElement) void document.exitFullscreen()
              else void stage.current?.requestFullscreen?.()
            }}
          >
            Full screen
          </button>
        </div>
      </div>

      <header>
        <p className="text-lg font-medium text-primary-700">Live draw</p>
        <h1 className="text-4xl font-bold leading-tight text-slate-900 sm:text-5xl lg:text-6xl">
          {sheet.competition.name}
        </h1>
        {cashAlternativeValue !== null && (
          <p className="mt-2 text-xl text-slate-700 sm:text-2xl">
            or {formatPence(cashAlternativeValue)} cash alternative
          </p>
        )}
      </header>

      <dl className="card grid gap-6 p-5 sm:grid-cols-2 lg:grid-cols-3">
        <Fact label="Entries">
          <span className="tabular-nums">{sheet.entryCount.toLocaleString("en-GB")}</span>
        </Fact>
        <Fact label="Draw time">{formatDateTime(sheet.drawableFrom)}</Fact>
        <div className="min-w-0 sm:col-span-2 lg:col-span-1">
          <dt className="text-sm font-medium uppercase tracking-wide text-slate-500">
            Commitment (SHA-256 of the seed)
          </dt>
          <dd className="mt-1 break-all font-mono text-base text-slate-900 sm:text-lg">
            {sheet.commitment}
          </dd>
        </div>
      </dl>

      {phase === "drawn" && sheet.draw !== null ? (
        <section
          className="card border-green-300 bg-green-50 p-6 text-center sm:p-10"
          aria-labelledby="draw-host-result"
          role="status"
        >
          {answer !== undefined && !answer.madeNow && (
            <p className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-lg text-amber-900">
              Already drawn: this competition was drawn at {formatDateTime(sheet.draw.drawnAt)},
              before your request. Nothing was drawn again; this is that draw.
            </p>
          )}
          <h2
            id="draw-host-result"
            ref={result}
            tabIndex={-1}
            className="text-2xl font-semibold text-green-900 sm:text-3xl"
          >
            {sheet.draw.outcome === "Winner" ? "The winning ticket" : "No entries"}
          </h2>
          {sheet.draw.outcome === "Winner" ? (
            <>
              <p className="mt-2 text-7xl font-bold tabular-nums text-slate-900 sm:text-8xl lg:text-9xl">
                {sheet.draw.winningTicketNumber}
              </p>
              <p className="mt-4 text-4xl font-semibold text-slate-900 sm:text-5xl lg:text-6xl">
                {sheet.draw.winnerName ?? "No name recorded"}
              </p>
            </>
          ) : (
            <p className="mt-2 text-2xl">
              No tickets were sold, so nobody won. The draw is recorded.
            </p>
          )}
          <p className="mt-6 text-lg text-slate-700">
            Drawn {formatDateTime(sheet.draw.drawnAt)} from{" "}
            {sheet.draw.outcome === "Winner" ? sheet.entryCount.toLocaleString("en-GB") : "no"}{" "}
            entries.
          </p>
          <p className="mt-2 text-lg">
            Check it yourself:{" "}
            <a
              className="break-all font-medium text-primary-700 underline"
              href={proofHref}
              target="_blank"
              rel="noopener"
            >
              {proofText}
              <span className="sr-only"> (the public proof, opens in a new tab)</span>
            </a>
          </p>
        </section>
      ) : phase === "notLive" ? (
        <section className="card p-6 text-lg" aria-label="Draw">
          {sheet.competition.drawType === "Automatic"
            ? "This competition is drawn automatically by the shop at its draw time, not live."
            : "This competition has no draw."}
        </section>
      ) : (
        <section className="card space-y-4 p-6 text-center sm:p-10" aria-label="Draw">
          {phase === "waiting" ? (
            <>
              <p className="text-xl text-slate-700 sm:text-2xl">
                The draw opens at {formatDateTime(sheet.drawableFrom)}
              </p>
              <p
                className="text-6xl font-bold tabular-nums text-slate-900 sm:text-7xl"
                aria-hidden="true"
              >
                {countdownText(Date.parse(sheet.drawableFrom) - now.getTime())}
              </p>
            </>
          ) : (
            <p className="text-xl text-slate-700 sm:text-2xl">The draw time has come.</p>
          )}
          {sheet.ordersAwaitingPayment > 0 && (
            <p className="text-lg text-amber-800">
              {sheet.ordersAwaitingPayment}{" "}
              {sheet.ordersAwaitingPayment === 1 ? "order is" : "orders are"} still awaiting
              payment: the draw waits until they are paid or expire.
            </p>
          )}
          <button
            type="button"
            className="btn btn-primary px-10 py-5 text-3xl font-bold disabled:cursor-not-allowed sm:text-4xl"
            disabled={phase !== "ready"}
            aria-describedby={phase === "waiting" ? "draw-host-wait" : undefined}
            onClick={() => {
              draw.reset()
              setConfirming(true)
            }}
          >
            Draw now
          </button>
          {phase === "waiting" && (
            <p id="draw-host-wait" className="sr-only">
              Available from {formatDateTime(sheet.drawableFrom)}.
            </p>
          )}
        </section>
      )}

      <ConfirmDialog
        open={confirming}
        title={`Draw ${sheet.competition.name} now?`}
        confirmLabel="Draw the winner"
        pending={draw.pending}
        error={draw.error}
        onCancel={() => setConfirming(false)}
        onConfirm={async () => {
          const made = await draw.run()
          if (made) {
            setAnswer(made)
            setConfirming(false)
          }
        }}
      >
        <p>
          The winning ticket is picked from the {sheet.entryCount} entries, once and for all: a draw
          cannot be undone or made again.
        </p>
        <p>The winner is emailed and the proof is published on the competition's page.</p>
      </ConfirmDialog>
    </div>
  )
}
