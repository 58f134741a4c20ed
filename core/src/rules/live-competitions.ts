/**
 * The instant-win share and the minimum open duration of
 * docs/decisions/0045-competition-transparency-and-share.md: pure rules over the set of
 * live competitions and a competition's dates.
 *
 * "Live" is visible and not yet closed: on sale now, or scheduled to open.
 * A scheduled competition goes on sale when its start passes, with no staff
 * action to check then, so it must be counted when it is published.
 */

/** A live competition as the share rule sees it. */
export interface LiveCompetition {
  readonly id: string
  readonly instantWin: boolean
}

export interface LiveShare {
  readonly instantWin: number
  readonly other: number
}

export const isLive = (
  competition: { readonly visibilityStatus: "Visible" | "Hidden"; readonly closeDateTimeUtc: Date },
  now: Date,
) => competition.visibilityStatus === "Visible" && competition.closeDateTimeUtc > now

export const shareOf = (live: readonly LiveCompetition[]): LiveShare => {
  const instantWin = live.filter((c) => c.instantWin).length
  return { instantWin, other: live.length - instantWin }
}

/** More than half: an even split is allowed, the code forbids a majority. */
export const instantWinMajority = (share: LiveShare) => share.instantWin > share.other

/** instantWin / total, compared without division; an empty shop has a share of 0. */
const shareRose = (before: LiveShare, after: LiveShare) => {
  const was = before.instantWin + before.other
  if (was === 0) return after.instantWin > 0
  return after.instantWin * was > before.instantWin * (after.instantWin + after.other)
}

/**
 * The live set after one competition changes: `next` is what the
 * competition is afterwards (null when it is no longer live).
 */
export const liveAfter = (
  live: readonly LiveCompetition[],
  competitionId: string,
  next: LiveCompetition | null,
): readonly LiveCompetition[] => [
  ...live.filter((c) => c.id !== competitionId),
  ...(next === null ? [] : [next]),
]

/**
 * The share after the change when the change must be refused, else null.
 * A change is refused when it leaves instant-win competitions the majority
 * and raised their share: one that lowers it (hiding an instant-win, adding
 * another competition) is always allowed, so staff can always mend a shop
 * that standard competitions closing has tipped over, and an edit that
 * leaves the live set as it was never fails for a reason it did not cause.
 */
export const instantWinShareRefusal = (
  before: readonly LiveCompetition[],
  after: readonly LiveCompetition[],
): LiveShare | null => {
  const was = shareOf(before)
  const will = shareOf(after)
  return instantWinMajority(will) && shareRose(was, will) ? will : null
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

export const instantWinShareDetail = (share: LiveShare) =>
  `Instant-win competitions cannot be more than half of the live competitions. After this change there would be ${plural(share.instantWin, "live instant-win competition", "live instant-win competitions")} and ${plural(share.other, "other live competition", "other live competitions")}. Publish another competition without instant wins first, or keep this one hidden.`

const HOUR = 60 * 60 * 1000

/** "24 hours", "2 days", "36 hours": the minimum as staff read it. */
export const durationText = (ms: number) => {
  const hours = ms / HOUR
  if (hours >= 48 && hours % 24 === 0) return plural(hours / 24, "day", "days")
  return plural(Math.ceil(hours), "hour", "hours")
}

export const openTooShortMessage = (minimumMs: number) =>
  `The competition must be open for at least ${durationText(minimumMs)}: set the close date at least ${durationText(minimumMs)} after the start date`

interface Dated {
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
  readonly visibilityStatus: "Visible" | "Hidden"
}

/**
 * Whether the least time between opening and closing is broken. Judged on
 * a new competition, on any change of its dates, and when it is published;
 * an edit of a competition stored before the rule (its name, say) is not
 * refused for dates it does not touch.
 */
export const openTooShort = (draft: Dated, minimumMs: number, previous?: Dated): boolean => {
  const judged =
    previous === undefined ||
    previous.startDateTimeUtc.getTime() !== draft.startDateTimeUtc.getTime() ||
    previous.closeDateTimeUtc.getTime() !== draft.closeDateTimeUtc.getTime() ||
    (previous.visibilityStatus === "Hidden" && draft.visibilityStatus === "Visible")
  return judged && draft.closeDateTimeUtc.getTime() - draft.startDateTimeUtc.getTime() < minimumMs
}
