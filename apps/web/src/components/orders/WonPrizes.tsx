import { Link } from "@tanstack/react-router"
import { useId } from "react"
import { brand } from "../../brand"
import { type WonPrize, wonHeading } from "./won-prizes"

/**
 * The instant prizes an order's tickets won: "WON!" with the prize's name
 * beside each winning ticket (decision 0021). Nothing at all when none won.
 */
export const WonPrizes = ({ prizes }: { prizes: readonly WonPrize[] }) => {
  const id = useId()
  if (prizes.length === 0) return null
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-8 rounded-2xl border-2 border-gold-400 bg-gold-300/15 p-5 text-center sm:p-6"
    >
      <h2 id={`${id}-title`} className="display-title text-2xl text-accent sm:text-3xl">
        {wonHeading(prizes.length)}
      </h2>
      <ul className="mt-4 space-y-2">
        {prizes.map((prize) => (
          <li
            key={`${prize.competitionId}/${prize.ticketNumber}`}
            data-testid="won-prize"
            className="flex flex-wrap items-baseline justify-center gap-x-2 gap-y-1"
          >
            <span className="font-extrabold tracking-wide text-leather-600 dark:text-gold-300">
              WON!
            </span>
            <span className="font-bold">{prize.prizeName}</span>
            <span className="text-sm text-muted">
              ticket <span className="tabular-nums">{prize.ticketNumber}</span>,{" "}
              <Link
                to="/Competitions/Competition/$competitionId"
                params={{ competitionId: prize.competitionId }}
                className="hover:text-accent hover:underline"
              >
                {prize.competitionName}
              </Link>
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-sm text-muted">
        {brand.siteCredit.name} prizes are in your account already; for any other prize we will be
        in touch. We have emailed you the details too.
      </p>
    </section>
  )
}
