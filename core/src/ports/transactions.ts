import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"

/**
 * All-or-nothing work across repositories: the repositories of the effect
 * share one database transaction, committed when it succeeds and rolled back
 * when it fails or is interrupted. Inside an open transaction it just runs.
 */
export interface TransactionsShape {
  readonly within: <A, E, R>(
    effect: Effect.Effect<A, E, R>,
  ) => Effect.Effect<A, E | RepositoryError, R>
}
export class Transactions extends Context.Tag("@howzat/core/Transactions")<
  Transactions,
  TransactionsShape
>() {}
