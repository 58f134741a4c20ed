import { type CompetitionStanding, ordinalDateTime, standingDeadline } from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"
import { DRAW_SECTION_ID } from "../../lib/fairness"
import { standingHeadline } from "../../lib/standing-headline"
import { Countdown } from "../Countdown"

/** To the competition page's "Draw & Fairness" section, which opens at the proof. */
export const ProofLink = ({ competitionId, name }: { competitionId: string; name: string }) => (
  <Link
    to="/Competitions/Competition/$competitionId"
    params={{ competitionId }}
    hash={DRAW_SECTION_ID}
    className="text-sm font-semibold text-accent hover:underline"
  >
    See the draw's proof<span className="sr-only"> for {name}</span>
  </Link>
)

/**
 * Where a competition stands, in a line and a countdown to whatever is
 * still to come: a drawn one says so, with its winning ticket and the way
 * to its proof, instead of counting down to a draw that has happened.
 */
export const StandingNow = ({
  competitionId,
  name,
  standing,
  now,
  size = "sm",
}: {
  competitionId: string
  name: string
  standing: CompetitionStanding
  now: Date
  size?: "sm" | "lg"
}) => {
  const deadline = standingDeadline(standing, now)
  const drawn = standing.kind === "Drawn"
  return (
    <div className={drawn ? "space-y-1" : undefined}>
      <p
        className={
          drawn
            ? "text-base font-extrabold text-fg"
            : "mb-2 text-xs font-bold tracking-wider text-muted"
        }
      >
        {standingHeadline(standing, ordinalDateTime)}
      </p>
      {deadline === null ? null : <Countdown deadline={deadline} now={now} size={size} />}
      {drawn ? <ProofLink competitionId={competitionId} name={name} /> : null}
    </div>
  )
}
