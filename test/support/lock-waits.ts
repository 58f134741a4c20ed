import type { Database } from "@howzat/postgres"
import { type ControlledTransaction, type Kysely, sql } from "kysely"

/**
 * Until `count` sessions of this database wait for a lock another session
 * holds, as PostgreSQL itself reports it (pg_locks), so a race's test can
 * prove the racers queued behind the holder before it lets go. It polls the
 * server for that state (it orders nothing by time); it fails at once if
 * `finished` says the racers ended without all waiting, and gives up after
 * thirty seconds. PostgreSQL only: PGlite is one session, where nothing
 * waits on a lock.
 */
export const lockWaits = async (
  db: Kysely<Database>,
  count: number,
  finished: () => boolean = () => false,
): Promise<void> => {
  const deadline = Date.now() + 30_000
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`.execute(db)
    const waiting = rows[0]?.waiting ?? 0
    if (waiting >= count) return
    if (finished() || Date.now() > deadline)
      throw new Error(`only ${waiting} of ${count} sessions ever waited for a lock at once`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
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
