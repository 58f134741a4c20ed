/**
 * The live-draw host's screen (decision 0079): which state the draw is in
 * at a given moment, the countdown to the advertised draw time, and where
 * the entry list and the public proof are.
 */
import type { DrawHostSheetJson } from "@howzat/contracts/draws"
import { publicCompetitionUrl } from "./draws"

export type HostPhase =
  /** Drawn already: show the result, never a button. */
  | "drawn"
  /** Not drawn on stream: the shop's job draws it, or it has no draw at all. */
  | "notLive"
  /** Before the advertised draw time (or the close): the button waits, counting down. */
  | "waiting"
  /** The host may draw now. */
  | "ready"

/**
 * The phase at `now` (the server's time, corrected for the screen's
 * clock). The server refuses an early draw anyway; this only keeps the
 * button from inviting one.
 */
export const hostPhase = (
  sheet: Pick<DrawHostSheetJson, "draw" | "drawableFrom"> & {
    readonly competition: Pick<DrawHostSheetJson["competition"], "drawType">
  },
  now: Date,
): HostPhase => {
  if (sheet.draw !== null) return "drawn"
  if (sheet.competition.drawType !== "Live") return "notLive"
  return now.getTime() < Date.parse(sheet.drawableFrom) ? "waiting" : "ready"
}

const two = (n: number) => String(n).padStart(2, "0")

/**
 * What is left until the draw, as a stream shows it: "04:59", "1:02:03",
 * "2 days 03:04:05"; whole seconds, rounded up so it reads 00:00 only when
 * the button is enabled.
 */
export const countdownText = (msLeft: number): string => {
  const total = Math.max(0, Math.ceil(msLeft / 1000))
  const days = Math.floor(total / 86_400)
  const hours = Math.floor((total % 86_400) / 3600)
  const minutes = Math.floor((total % 3600) / 60)
  const seconds = total % 60
  const clock =
    hours > 0 || days > 0
      ? `${days > 0 ? two(hours) : hours}:${two(minutes)}:${two(seconds)}`
      : `${two(minutes)}:${two(seconds)}`
  return days > 0 ? `${days} ${days === 1 ? "day" : "days"} ${clock}` : clock
}

/** How far the screen's clock is behind the server's, from a sheet read at `readAt` (screen time). */
export const skewOf = (currentDateTimeUtc: string, readAt: number): number =>
  Date.parse(currentDateTimeUtc) - readAt

/** The storefront's section where a competition's draw proof is published. */
export const publicProofUrl = (competitionId: string): string =>
  `${publicCompetitionUrl(competitionId)}#draw-fairness`

/** The entry list's file, as the server names it in Content-Disposition. */
export const entryListFileName = (competitionId: string): string =>
  `entry-list-${competitionId}.csv`
