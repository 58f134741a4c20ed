import type { CompetitionWinnerJson } from "@howzat/contracts/catalogue"
import { brand } from "../brand"
import { PICTURE_SIZES } from "../lib/picture-sizes"
import { Picture } from "./Picture"

/** A winner: prize picture, competition, the winner's name and winning ticket (docs/product/screens.md). */
export const WinnerCard = ({
  winner,
  drawDate,
}: {
  winner: CompetitionWinnerJson
  /** Shown where the card is not already under its draw date's heading. */
  drawDate?: string
}) => (
  <article className="card flex h-full flex-col overflow-hidden">
    <div className="relative aspect-[4/3] bg-sunken">
      <Picture
        src={winner.images[0]?.url ?? brand.defaultWinnerImageUrl}
        sizes={PICTURE_SIZES.winner}
        width={800}
        height={600}
        alt={`Prize won by ${winner.customer.fullName}: ${winner.competition.name}`}
        loading="lazy"
        decoding="async"
        className="size-full object-cover"
      />
      <span className="absolute top-3 left-3 rounded-full bg-gold-400 px-3 py-1 text-xs font-extrabold tracking-wide text-surface-900 uppercase shadow">
        Winner
      </span>
    </div>
    <div className="flex flex-1 flex-col gap-1 p-4">
      <h3 className="font-bold leading-snug text-balance">{winner.competition.name}</h3>
      <p className="text-lg font-extrabold text-accent">{winner.customer.fullName}</p>
      <p className="text-sm text-muted">
        Ticket number <span className="font-bold text-fg tabular-nums">{winner.ticketNumber}</span>
      </p>
      {drawDate ? <p className="text-xs text-muted">Drawn {drawDate}</p> : null}
    </div>
  </article>
)
