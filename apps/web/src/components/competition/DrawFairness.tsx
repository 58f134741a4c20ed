import type { CompetitionJson } from "@howzat/contracts/catalogue"
import type { DrawProofJson } from "@howzat/contracts/draws"
import { Await, Link, useRouter } from "@tanstack/react-router"
import type { DrawLookup } from "../../api/draws"
import { currentWinner } from "../../lib/fairness"
import { CopyValue } from "../CopyValue"
import { Icon } from "../Icon"
import { DrawProof, InstantWinReveal, When } from "./DrawProof"

/** The words for a competition that closed with nobody in it. */
export const NO_ENTRIES = "This competition closed with no entries, so there was no winner."

const COMMITMENT_MEANS =
  "This is a fingerprint (SHA-256) of a secret random number we fixed before the first ticket was sold. We can't change that number without the fingerprint changing, and we publish it at the draw, so you can check it matches and re-derive the winner yourself."

const LegitimacyLink = () => (
  <p>
    <Link to="/Legitimacy" className="font-semibold text-accent hover:underline">
      How our draws work, and how to check one yourself
    </Link>
  </p>
)

const SameChance = () => (
  <p className="rounded-xl bg-accent-soft px-4 py-3 font-semibold text-accent">
    Free postal entries have exactly the same chance as paid entries: every entry is one ticket in
    the same draw.
  </p>
)

/**
 * The competition page's "Draw & Fairness" section: the commitments before
 * the draw; the winner and the whole proof after it (docs/fairness.md).
 * `draw` is the proof on its way, asked for only once the competition has
 * closed (before that the competition itself carries both commitments).
 */
export const DrawFairness = ({
  competition,
  draw,
}: {
  competition: CompetitionJson
  draw: Promise<DrawLookup> | null
}) => (
  <div className="space-y-5 leading-relaxed">
    {draw === null ? (
      <BeforeTheDraw competition={competition} />
    ) : (
      <Await promise={draw} fallback={<ProofLoading />}>
        {(result) =>
          result.kind === "failed" ? (
            <ProofFailed />
          ) : (
            <Published
              competition={competition}
              proof={result.proof}
              winnerName={result.winnerName}
            />
          )
        }
      </Await>
    )}
    <SameChance />
    <LegitimacyLink />
  </div>
)

const Commitments = ({ competition: c }: { competition: CompetitionJson }) => (
  <dl className="space-y-4">
    {c.drawType === "None" ? null : (
      <CopyValue label="Draw commitment (SHA-256 of the seed)" value={c.drawCommitment} />
    )}
    {c.instantWinCommitment ? (
      <CopyValue label="Instant-win commitment" value={c.instantWinCommitment} />
    ) : null}
  </dl>
)

function BeforeTheDraw({ competition: c }: { competition: CompetitionJson }) {
  return (
    <>
      {c.drawType === "None" ? (
        <p>This competition has no main draw: its prizes are the instant wins.</p>
      ) : (
        <p>{COMMITMENT_MEANS}</p>
      )}
      {c.instantWinCommitment ? (
        <p>
          The instant-win ticket numbers were chosen before sales too. The instant-win commitment is
          the fingerprint of that list with a secret salt; both are published when the competition
          closes.
        </p>
      ) : null}
      <Commitments competition={c} />
    </>
  )
}

function Published({
  competition: c,
  proof,
  winnerName,
}: {
  competition: CompetitionJson
  proof: DrawProofJson
  winnerName: string | null
}) {
  if (proof.outcome === "NotDrawn") {
    return (
      <>
        <p className="font-semibold">
          {c.drawType === "None"
            ? "This competition has closed. It has no main draw: its prizes are the instant wins."
            : "This competition has closed and is waiting for its draw."}
        </p>
        {c.drawType === "None" ? null : <p>{COMMITMENT_MEANS}</p>}
        <dl className="space-y-4">
          {c.drawType === "None" ? null : (
            <CopyValue label="Draw commitment (SHA-256 of the seed)" value={proof.commitment} />
          )}
          <InstantWinReveal proof={proof} />
        </dl>
      </>
    )
  }
  return (
    <>
      {proof.outcome === "NoEntries" ? (
        <p className="font-semibold">{NO_ENTRIES}</p>
      ) : (
        <WinnerBanner {...currentWinner(proof)} winnerName={winnerName} />
      )}
      <p>
        Here is everything the draw used. Anyone can check that the seed matches the commitment
        published before sales, that the entry list matches its hash, and that together with the
        beacon they pick this winner.
      </p>
      <DrawProof proof={proof} />
    </>
  )
}

export function WinnerBanner({
  winningTicketNumber,
  drawnAt,
  winnerName,
}: {
  winningTicketNumber: number | null
  drawnAt: string | null
  /** Null while it loads, or when the winner is not named in public. */
  winnerName: string | null
}) {
  return (
    <div className="flex items-center gap-4 rounded-xl border border-gold-400 bg-gold-400/15 px-4 py-3">
      <Icon name="trophy" className="size-8 shrink-0 text-accent" />
      <div>
        <p className="text-xs font-bold tracking-wider text-muted uppercase">Winner</p>
        <p className="text-lg font-extrabold">
          {winnerName ?? "Our winner"}
          {", "}
          <span className="tabular-nums">ticket {winningTicketNumber}</span>
        </p>
        {drawnAt ? (
          <p className="text-sm text-muted">
            Drawn <When at={drawnAt} />
          </p>
        ) : null}
      </div>
    </div>
  )
}

function ProofLoading() {
  return (
    <div aria-busy="true" className="space-y-3">
      <p role="status" className="text-muted">
        Loading the draw's proof…
      </p>
      <div className="h-10 animate-pulse rounded-lg bg-sunken" />
      <div className="h-10 animate-pulse rounded-lg bg-sunken" />
    </div>
  )
}

function ProofFailed() {
  const router = useRouter()
  return (
    <div role="alert" className="space-y-3">
      <p>Sorry, the draw's proof didn't load. Please try again.</p>
      <button type="button" className="btn-outline" onClick={() => void router.invalidate()}>
        Try again
      </button>
    </div>
  )
}
