import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { LiveCompetition } from "../rules/live-competitions.js"

/**
 * The shop's live competitions (visible, closing after `now`), read for the
 * instant-win share rule. Use inside `Transactions.within`: `lockedLive`
 * first takes one shop-wide lock held to the end of the transaction, so two
 * staff publishing at once are judged one after the other, each on what
 * the other committed.
 */
export interface LiveCompetitionsShape {
  readonly lockedLive: (now: Date) => Effect.Effect<readonly LiveCompetition[], RepositoryError>
}
export class LiveCompetitions extends Context.Tag("@howzat/core/LiveCompetitions")<
  LiveCompetitions,
  LiveCompetitionsShape
>() {}
