import type { RepositoryError } from "@howzat/core/competitions"
import { Transactions } from "@howzat/core/ports"
import { Effect, FiberRef, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "./database"
import { repositoryError } from "./repository-error"
import type { Database } from "./schema"

/**
 * The transaction the current fiber is in, if any. Repositories that join
 * transactions run their queries on it instead of the pool; forked fibers
 * inherit it, as FiberRefs are copied to children.
 */
const currentTransaction = FiberRef.unsafeMake<Kysely<Database> | undefined>(undefined)

/**
 * Runs one piece of database work on the open transaction, or on `db` when
 * there is none. Whatever the driver throws becomes a RepositoryError named
 * after the operation.
 */
export const runQuery = <A>(
  db: Kysely<Database>,
  operation: string,
  run: (executor: Kysely<Database>) => Promise<A>,
): Effect.Effect<A, RepositoryError> =>
  Effect.flatMap(FiberRef.get(currentTransaction), (transaction) =>
    Effect.tryPromise({
      try: () => run(transaction ?? db),
      catch: (cause) => repositoryError(operation, cause),
    }),
  )

const attempt = (operation: string, run: () => Promise<unknown>) =>
  Effect.tryPromise({ try: run, catch: (cause) => repositoryError(operation, cause) })

/**
 * Kysely's controlled transactions (begin, then commit or roll back later)
 * fit Effect's acquire/use/release: the work runs with the transaction in
 * the FiberRef, commits if it succeeds, and rolls back on failure, defect or
 * interruption. A rollback after a failed commit is what releases the
 * connection, so it runs whenever the commit did not happen.
 */
export const makeTransactions = (db: Kysely<Database>) =>
  Transactions.of({
    within: (effect) =>
      Effect.flatMap(FiberRef.get(currentTransaction), (open) =>
        open !== undefined
          ? effect
          : Effect.acquireUseRelease(
              Effect.tryPromise({
                try: () => db.startTransaction().execute(),
                catch: (cause) => repositoryError("transaction.begin", cause),
              }),
              (trx) =>
                Effect.locally(effect, currentTransaction, trx).pipe(
                  Effect.tap(() => attempt("transaction.commit", () => trx.commit().execute())),
                ),
              (trx) =>
                trx.isCommitted
                  ? Effect.void
                  : attempt("transaction.rollback", () => trx.rollback().execute()).pipe(
                      Effect.ignore,
                    ),
            ),
      ),
  })

export const TransactionsLive: Layer.Layer<Transactions, never, Db> = Layer.effect(
  Transactions,
  Effect.map(Db, makeTransactions),
)

/**
 * Several statements that must land together, inside the caller's transaction
 * when there is one and in a transaction of their own when there isn't.
 */
export const atomically = <A>(
  executor: Kysely<Database>,
  run: (q: Kysely<Database>) => Promise<A>,
): Promise<A> => (executor.isTransaction ? run(executor) : executor.transaction().execute(run))
