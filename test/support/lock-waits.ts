import { type Kysely, sql } from "kysely"

/** What the sessions being watched did: queued for locks, or got through without waiting. */
export type LockWaitOutcome = "waiting" | "finished"

/**
 * Until `count` sessions of this database wait for locks that others hold
 * (pg_locks: not granted), which is how a concurrency test proves the
 * interleaving it claims; or until every promise in `unless` has settled,
 * which means the work being watched got through without waiting (a lock
 * missing), and the caller's expectation of "waiting" fails at once.
 * PostgreSQL says nothing when a session starts waiting, so its lock table
 * is read again and again; the pause between looks decides nothing.
 */
export const untilWaitingForLocks = async <DB>(
  db: Kysely<DB>,
  count: number,
  unless: readonly Promise<unknown>[] = [],
): Promise<LockWaitOutcome> => {
  let finished = false
  if (unless.length > 0)
    void Promise.allSettled(unless).then(() => {
      finished = true
    })
  // Only a broken test runs into this: one that never makes anyone wait.
  const patience = Date.now() + 20_000
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(distinct l.pid)::int as waiting
      from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where not l.granted and a.datname = current_database()`.execute(db)
    if ((rows[0]?.waiting ?? 0) >= count) return "waiting"
    if (finished) return "finished"
    if (Date.now() > patience)
      throw new Error(`fewer than ${count} sessions ever waited for a lock`)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
