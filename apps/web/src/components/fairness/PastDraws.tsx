import type { DrawnCompetitionJson } from "@howzat/contracts/draws"
import { Link } from "@tanstack/react-router"
import { DRAW_SECTION_ID } from "../../lib/fairness"
import { When } from "../competition/DrawProof"
import { EmptyState } from "../PageStates"

const outcomeOf = (draw: DrawnCompetitionJson) =>
  draw.outcome === "NoEntries"
    ? "No entries, no winner"
    : (draw.winner?.fullName ?? "Winner not named")

const ProofLink = ({ draw }: { draw: DrawnCompetitionJson }) => (
  <Link
    to="/Competitions/Competition/$competitionId"
    params={{ competitionId: draw.competition.id }}
    hash={DRAW_SECTION_ID}
    className="font-semibold text-accent hover:underline"
  >
    View proof<span className="sr-only"> of the draw of {draw.competition.name}</span>
  </Link>
)

const cell = "px-4 py-3 align-top"

/**
 * Past draws with their outcome and a link to each proof: a table where
 * there is room for one, a list of cards on a phone (each keeps its labels).
 */
export const PastDraws = ({ draws }: { draws: readonly DrawnCompetitionJson[] }) => {
  if (draws.length === 0) {
    return <EmptyState icon="trophy" title="No competitions have been drawn yet." />
  }
  return (
    <>
      <div className="card hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Past draws, newest first</caption>
          <thead className="border-b border-line text-xs tracking-wider text-muted uppercase">
            <tr>
              <th scope="col" className={cell}>
                Competition
              </th>
              <th scope="col" className={cell}>
                Drawn
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Entries
              </th>
              <th scope="col" className={`${cell} text-right`}>
                Winning ticket
              </th>
              <th scope="col" className={cell}>
                Winner
              </th>
              <th scope="col" className={cell}>
                <span className="sr-only">Proof</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {draws.map((draw) => (
              <tr key={draw.competition.id}>
                <th scope="row" className={`${cell} font-bold`}>
                  {draw.competition.name}
                </th>
                <td className={cell}>
                  <When at={draw.drawnAt} />
                </td>
                <td className={`${cell} text-right tabular-nums`}>
                  {draw.entryCount.toLocaleString("en-GB")}
                </td>
                <td className={`${cell} text-right font-bold tabular-nums`}>
                  {draw.winningTicketNumber ?? "—"}
                </td>
                <td className={cell}>{outcomeOf(draw)}</td>
                <td className={cell}>
                  <ProofLink draw={draw} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="space-y-3 md:hidden">
        {draws.map((draw) => (
          <li key={draw.competition.id} className="card p-4">
            <h3 className="font-bold text-balance">{draw.competition.name}</h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div className="col-span-2">
                <dt className="text-xs text-muted">Drawn</dt>
                <dd>
                  <When at={draw.drawnAt} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Entries</dt>
                <dd className="tabular-nums">{draw.entryCount.toLocaleString("en-GB")}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted">Winning ticket</dt>
                <dd className="font-bold tabular-nums">{draw.winningTicketNumber ?? "—"}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted">Winner</dt>
                <dd>{outcomeOf(draw)}</dd>
              </div>
            </dl>
            <p className="mt-3">
              <ProofLink draw={draw} />
            </p>
          </li>
        ))}
      </ul>
    </>
  )
}
