import type { DrawProofJson, PublishedRedrawJson } from "@howzat/contracts/draws"
import { ordinalDateTime } from "@howzat/core/rules"
import { beaconSummary } from "../../lib/fairness"
import { CopyValue } from "../CopyValue"

const term = "text-xs font-bold tracking-wider text-muted uppercase"

const At = ({ at }: { at: string }) => <time dateTime={at}>{ordinalDateTime(new Date(at))}</time>

/**
 * Beside the draw's winning ticket: its prize went unclaimed and was redrawn
 * (docs/fairness.md, "Redraws"). The draw itself stays as it was.
 */
export const UnclaimedNote = ({ proof }: { proof: DrawProofJson }) => {
  const first = proof.redraws[0]
  if (proof.prizeUnclaimedAt === null) return null
  return (
    <p className="mt-1 text-sm font-semibold text-muted">
      Prize unclaimed;{" "}
      {first === undefined ? (
        <>
          redraw asked for on <At at={proof.prizeUnclaimedAt} />, waiting for its public beacon.
        </>
      ) : (
        <>
          redrawn on <At at={first.drawnAt} /> (below).
        </>
      )}
    </p>
  )
}

const Redraw = ({
  redraw: r,
  next,
}: {
  redraw: PublishedRedrawJson
  next: PublishedRedrawJson | undefined
}) => (
  <section
    aria-labelledby={`redraw-${r.redrawNumber}`}
    className="space-y-3 rounded-xl border border-line px-4 py-3"
  >
    <h3 id={`redraw-${r.redrawNumber}`} className="font-bold">
      Redraw {r.redrawNumber}: replaces ticket {r.replacesTicketNumber}, whose prize went unclaimed
    </h3>
    <dl className="space-y-3">
      <div>
        <dt className={term}>Asked for, then drawn</dt>
        <dd className="mt-1">
          <At at={r.requestedAt} />, then <At at={r.drawnAt} />
        </dd>
      </div>
      <div>
        <dt className={term}>Left out of the entry list</dt>
        <dd className="mt-1 tabular-nums">
          {r.excludedTicketNumbers.length === 1 ? "Ticket " : "Tickets "}
          {r.excludedTicketNumbers.join(", ")}
          <span className="text-muted">
            {" "}
            ({r.entryCount.toLocaleString("en-GB")} entries drawn from)
          </span>
        </dd>
      </div>
      <CopyValue label="Entries hash of this redraw" value={r.entriesHash} />
      <div>
        <dt className={term}>Public beacon</dt>
        <dd className="mt-1">
          {r.beacon.source === "drand"
            ? `drand round ${r.beacon.round}, the first published after the redraw was asked for`
            : beaconSummary(r.beacon)}
          .
        </dd>
      </div>
      {r.beacon.source === "drand" ? (
        <CopyValue label="Beacon value" value={r.beacon.value} />
      ) : null}
      <div>
        <dt className={term}>Attempt (k)</dt>
        <dd className="mt-1">{r.attempt}</dd>
      </div>
      <div>
        <dt className={term}>Winning ticket number</dt>
        <dd className="mt-1">
          <span className="text-lg font-extrabold tabular-nums">{r.winningTicketNumber}</span>
          {r.prizeUnclaimedAt !== null ? (
            <p className="mt-1 text-sm font-semibold text-muted">
              Prize unclaimed;{" "}
              {next === undefined ? (
                <>
                  redraw asked for on <At at={r.prizeUnclaimedAt} />.
                </>
              ) : (
                <>
                  redrawn on <At at={next.drawnAt} />.
                </>
              )}
            </p>
          ) : null}
        </dd>
      </div>
    </dl>
  </section>
)

/** Each redraw of an unclaimed prize, after the draw it followed; nothing for most competitions. */
export const Redraws = ({ proof }: { proof: DrawProofJson }) => {
  if (proof.redraws.length === 0) return null
  return (
    <div className="space-y-3">
      <p>
        A winner who does not claim within the claim window in the terms can be replaced by a redraw
        from the same entries, less the unclaimed ticket. Each redraw is checked like the draw; the
        seed is the same, the beacon is a new one.
      </p>
      {proof.redraws.map((r, i) => (
        <Redraw key={r.redrawNumber} redraw={r} next={proof.redraws[i + 1]} />
      ))}
    </div>
  )
}
