import type { Database } from "@howzat/postgres"
import { type ControlledTransaction, type Kysely, sql } from "kysely"

/** What the sessions being watched did: queued for locks, or got through without waiting. */
export type LockWaitOutcome = "waiting" | "finished"

/** The work a test watches: its promises, or a check that says it has ended. */
export type WatchedWork = readonly Promise<unknown>[] | (() => boolean)

const endOf = (work: WatchedWork): (() => boolean) => {
  if (typeof work === "function") return work
  let finished = false
  if (work.length > 0)
    void Promise.allSettled(work).then(() => {
      finished = true
    })
  return () => finished
}

/**
 * Until `count` sessions of this database wait for locks that others hold
 * (pg_locks: not granted), which is how a concurrency test proves the
 * interleaving it claims; or until the watched work has ended, which means
 * it got through without waiting (a lock missing), so the test's
 * expectation of "waiting" fails at once. PostgreSQL says nothing when a
 * session starts waiting, so its lock table is read again and again; the
 * pause between looks decides nothing. Gives up after thirty seconds, which
 * only a broken test reaches. PostgreSQL only: PGlite is one session, where
 * nothing waits on a lock.
 */
export const untilWaitingForLocks = async <DB>(
  db: Kysely<DB>,
  count: number,
  unless: WatchedWork = [],
): Promise<LockWaitOutcome> => {
  const finished = endOf(unless)
  const patience = Date.now() + 30_000
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(distinct l.pid)::int as waiting
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`.execute(db)
    const waiting = rows[0]?.waiting ?? 0
    if (waiting >= count) return "waiting"
    if (finished()) return "finished"
    if (Date.now() > patience)
      throw new Error(`only ${waiting} of ${count} sessions ever waited for a lock at once`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** As untilWaitingForLocks, failing unless the sessions were seen waiting. */
export const lockWaits = async <DB>(
  db: Kysely<DB>,
  count: number,
  unless: WatchedWork = [],
): Promise<void> => {
  if ((await untilWaitingForLocks(db, count, unless)) === "finished")
    throw new Error(`the work ended before ${count} sessions were seen waiting for a lock`)
}

/**
 * Transactions of the test's own, their locks held until `use` commits
 * them. Any `use` leaves open (it failed first) are rolled back all at
 * once, since one may be stuck waiting for another's lock, so a failed test
 * leaves no session holding a lock or a connection.
 */
export const inOpenTransactions = async <A>(
  db: Kysely<Database>,
  count: number,
  use: (trxs: readonly ControlledTransaction<Database>[]) => Promise<A>,
): Promise<A> => {
  const trxs: ControlledTransaction<Database>[] = []
  try {
    for (let i = 0; i < count; i++) trxs.push(await db.startTransaction().execute())
    return await use(trxs)
  } finally {
    await Promise.all(
      trxs
        .filter((trx) => !trx.isCommitted && !trx.isRolledBack)
        .map((trx) => trx.rollback().execute()),
    )
  }
}

/** One transaction of the test's own, as inOpenTransactions. */
export const inOpenTransaction = <A>(
  db: Kysely<Database>,
  use: (trx: ControlledTransaction<Database>) => Promise<A>,
): Promise<A> =>
  inOpenTransactions(db, 1, ([trx]) => {
    if (trx === undefined) throw new Error("no transaction opened")
    return use(trx)
  })

/**
 * A race made to happen: `first` runs in a transaction held open while the
 * `others` start and queue behind its locks (as pg_locks shows), then it
 * commits and they go on. Answers the first's answer, then the others'.
 */
export const raceBehind = <A>(
  db: Kysely<Database>,
  first: (trx: Kysely<Database>) => Promise<A>,
  others: readonly (() => Promise<A>)[],
): Promise<A[]> =>
  inOpenTransaction(db, async (trx) => {
    const leader = await first(trx)
    const followers = Promise.all(others.map((start) => start()))
    // Awaited below; marked handled so a failure before then is not also reported unhandled.
    followers.catch(() => {})
    await lockWaits(db, others.length)
    await trx.commit().execute()
    return [leader, ...(await followers)]
  })
