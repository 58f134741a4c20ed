import type { CompetitionJson } from "@howzat/contracts/catalogue"
import {
  type CompetitionMake,
  type CompetitionPhase,
  type CompetitionSchedule,
  type CompetitionStanding,
  clockSkewMs,
  competitionKind,
  competitionPhase,
  competitionStanding,
  type DrawResult,
  displayRank,
  nextDeadline,
} from "@howzat/core/rules"
import { brand } from "../brand"

/** The wire carries ISO strings; the rules want Dates. */
export const scheduleOf = (c: CompetitionJson): CompetitionSchedule => ({
  start: new Date(c.startDateTimeUtc),
  close: new Date(c.closeDateTimeUtc),
  draw: c.drawDateTimeUtc === null ? null : new Date(c.drawDateTimeUtc),
})

export interface PhaseNow {
  readonly phase: CompetitionPhase
  readonly deadline: Date | null
}

export const phaseAt = (c: CompetitionJson, now: Date): PhaseNow => {
  const schedule = scheduleOf(c)
  return { phase: competitionPhase(schedule, now), deadline: nextDeadline(schedule, now) }
}

/** What kind of competition it is, for its odds and draw wording (core's competitionKind). */
export const makeOf = (c: CompetitionJson): CompetitionMake => ({
  drawType: c.drawType,
  totalTickets: c.totalTickets,
  instantWinTickets: c.instantWinGroups.reduce((sum, g) => sum + g.ticketCount, 0),
})

export const drawResultOf = (c: CompetitionJson): DrawResult | null =>
  c.drawResult === null ? null : { ...c.drawResult, drawnAt: new Date(c.drawResult.drawnAt) }

/** Where the competition stands now: its dates, and its draw's result once made. */
export const standingAt = (c: CompetitionJson, now: Date): CompetitionStanding =>
  competitionStanding(scheduleOf(c), competitionKind(makeOf(c)).mainDraw, drawResultOf(c), now)

/**
 * How far this browser's clock is behind the server's, from the server time
 * stamped on a response and the moment it arrived. 0 without a stamp.
 */
export const skewFrom = (serverNow: string | undefined, receivedAt: number): number => {
  if (serverNow === undefined) return 0
  const server = new Date(serverNow)
  return Number.isNaN(server.getTime()) ? 0 : clockSkewMs(server, new Date(receivedAt))
}

export interface ShownImage {
  readonly url: string
  readonly alt: string
}

/** Every competition has at least one picture to show: the brand's default when staff gave none. */
export const competitionImages = (c: CompetitionJson): ShownImage[] => {
  const images = c.imageGroup?.images ?? []
  if (images.length === 0) return [{ url: brand.defaultCompetitionImageUrl, alt: c.name }]
  return images.map((image, i) => ({
    url: image.url,
    alt:
      image.description && image.description !== c.name
        ? image.description
        : images.length > 1
          ? `${c.name}, picture ${i + 1} of ${images.length}`
          : c.name,
  }))
}

export const displayKeyOf = (c: CompetitionJson) => ({
  rank: displayRank(c.attributes),
  close: new Date(c.closeDateTimeUtc),
})

// One formatter for the page: toLocaleString builds a new one on every call,
// and a grid of tiles formats a dozen counts each (decision 0092).
const counts = new Intl.NumberFormat("en-GB")

/** "2,500": ticket counts and odds read better grouped. */
export const formatCount = (n: number): string => counts.format(n)
