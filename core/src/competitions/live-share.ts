import { Data, Effect } from "effect"
import { LiveCompetitions } from "../ports/live-competitions.js"
import {
  instantWinShareRefusal,
  type LiveCompetition,
  type LiveShare,
  liveAfter,
} from "../rules/live-competitions.js"

/** Instant-win competitions would be the majority of live ones afterwards (409). */
export class InstantWinShareRefused extends Data.TaggedError("InstantWinShareRefused")<{
  readonly competitionId: string
  /** The live competitions of each kind there would be after the change. */
  readonly share: LiveShare
}> {}

/**
 * Refuses a change that would leave instant-win competitions the majority
 * of live ones (docs/decisions/0045). Call inside the change's transaction:
 * the shop-wide lock it takes is held until the change commits. `next` is
 * the competition as it will be, given how it is now (undefined: not live).
 */
export const guardInstantWinShare = (
  competitionId: string,
  at: Date,
  next: (current: LiveCompetition | undefined) => LiveCompetition | null,
) =>
  Effect.gen(function* () {
    const live = yield* Effect.flatMap(LiveCompetitions, (port) => port.lockedLive(at))
    const id = competitionId.toLowerCase()
    const current = live.find((c) => c.id.toLowerCase() === id)
    const after = liveAfter(live, current?.id ?? competitionId, next(current))
    const share = instantWinShareRefusal(live, after)
    if (share !== null) return yield* new InstantWinShareRefused({ competitionId, share })
  })
