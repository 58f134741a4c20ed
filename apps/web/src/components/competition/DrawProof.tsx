import type { DrawProofJson } from "@howzat/contracts/draws"
import { ordinalDateTime } from "@howzat/core/rules"
import type { ReactNode } from "react"
import { entriesUrl } from "../../api/draws"
import { beaconSummary, verifyDrawCommand } from "../../lib/fairness"
import { CopyValue } from "../CopyValue"
import { Icon } from "../Icon"
import { Redraws, UnclaimedNote } from "./Redraws"

const term = "text-xs font-bold tracking-wider text-muted uppercase"

/** A plain fact of the proof: a number or a sentence, nothing to copy. */
const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <div>
    <dt className={term}>{label}</dt>
    <dd className="mt-1">{children}</dd>
  </div>
)

export const When = ({ at }: { at: string }) => (
  <time dateTime={at}>{ordinalDateTime(new Date(at))}</time>
)

/**
 * Everything a drawn competition published, in the order a checker uses it
 * (docs/fairness.md): the seed against its commitment, the entries against
 * their hash, the beacon, the attempt, the winner; then the entry list and
 * the command that re-derives it all.
 */
export const DrawProof = ({ proof }: { proof: DrawProofJson }) => {
  const beacon = proof.beacon
  return (
    <dl className="space-y-4">
      {proof.drawnAt ? (
        <Fact label="Drawn">
          <When at={proof.drawnAt} />
        </Fact>
      ) : null}
      <CopyValue label="Draw commitment (SHA-256 of the seed)" value={proof.commitment} />
      {proof.seed ? <CopyValue label="Seed, revealed at the draw" value={proof.seed} /> : null}
      {proof.entryCount !== null ? (
        <Fact label="Number of entries">{proof.entryCount.toLocaleString("en-GB")}</Fact>
      ) : null}
      {proof.entriesHash ? (
        <CopyValue label="Entries hash (SHA-256 of the entry list)" value={proof.entriesHash} />
      ) : null}
      {beacon ? (
        <Fact label="Public beacon">
          <p>{beaconSummary(beacon)}.</p>
          {beacon.source === "drand" ? (
            <a
              href={`${beacon.url}/public/${beacon.round}`}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block font-semibold break-all text-accent hover:underline"
            >
              See round {beacon.round} at drand
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </Fact>
      ) : null}
      {beacon?.source === "drand" ? <CopyValue label="Beacon value" value={beacon.value} /> : null}
      {proof.attempt !== null ? (
        <Fact label="Attempt (k)">
          {proof.attempt}
          <span className="text-muted">
            {proof.attempt === 0
              ? " (the first value was accepted, as it almost always is)"
              : " (earlier values fell in the rejected range and were drawn again)"}
          </span>
        </Fact>
      ) : null}
      {proof.winningTicketNumber !== null ? (
        <Fact label="Winning ticket number">
          <span className="text-lg font-extrabold tabular-nums">{proof.winningTicketNumber}</span>
          <UnclaimedNote proof={proof} />
        </Fact>
      ) : null}
      {proof.entryCount !== null && proof.entryCount > 0 ? (
        <Fact label="Entry list">
          <a
            href={entriesUrl(proof.competitionId)}
            download={`entries-${proof.competitionId}.txt`}
            className="inline-flex items-center gap-2 font-semibold text-accent hover:underline"
          >
            <Icon name="download" className="size-4" />
            Download the entry list
          </a>
          <span className="text-muted"> (ticket numbers only, one a line)</span>
        </Fact>
      ) : null}
      <Redraws proof={proof} />
      <CopyValue
        label="Check it yourself"
        value={verifyDrawCommand(window.location.origin, proof.competitionId)}
        copyLabel="Copy command"
      />
      <InstantWinReveal proof={proof} />
    </dl>
  )
}

/** The instant-win numbers' commitment, and once the competition closes, what it hid. */
export const InstantWinReveal = ({ proof }: { proof: DrawProofJson }) => {
  const { commitment, salt, lines } = proof.instantWins
  if (commitment === null) return null
  const count = lines === null || lines === "" ? 0 : lines.split("\n").length
  return (
    <>
      <CopyValue label="Instant-win commitment" value={commitment} />
      {salt ? <CopyValue label="Instant-win salt, revealed at the close" value={salt} /> : null}
      {lines !== null ? (
        <Fact label="Instant-win numbers, revealed at the close">
          <details>
            <summary className="cursor-pointer font-semibold text-accent">
              Show the {count} {count === 1 ? "line" : "lines"} (prize group : ticket number)
            </summary>
            <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-sunken px-3 py-2 font-mono text-sm">
              {lines}
            </pre>
          </details>
        </Fact>
      ) : null}
    </>
  )
}
