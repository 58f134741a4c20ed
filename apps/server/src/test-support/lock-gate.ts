import type { Database } from "@howzat/postgres"
import { type Kysely, sql, type Transaction } from "kysely"
import type { ShopProcess } from "./shop-processes"

/**
 * What the tests of several shop processes on one database share: waiting
 * for what the database will show, and holding a lock the processes queue
 * behind so that they really race rather than take turns.
 */

/** How long to wait for the processes before saying what they printed; a busy machine's time. */
export const PATIENCE_MS = 60_000

/**
 * Reads `read` again until it gives a value; on timeout, says what the
 * processes printed. It waits for what the database will show, never for
 * time: the pause between reads decides nothing.
 */
export const eventually = async <A>(
  what: string,
  read: () => Promise<A | undefined>,
  processes: readonly ShopProcess[] = [],
): Promise<A> => {
  const until = Date.now() + PATIENCE_MS
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > until) {
      const said = processes.map((p) => `--- ${p.name}:\n${p.output.join("\n")}`).join("\n")
      throw new Error(`Timed out waiting for ${what}\n${said}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** A lock this test holds open: who queues behind it, and letting go. */
export interface LockGate {
  /** The application names (the processes' names) with a session queued for a lock. */
  readonly waiting: () => Promise<string[]>
  readonly release: () => Promise<void>
}

/**
 * Takes a lock with `take` in a transaction left open. `waiting` names the
 * processes with a session queued for a lock: nothing else in the test's
 * database takes one, and a second waiter queues behind the first rather
 * than behind the holder.
 */
export const holdingLock = async (
  db: Kysely<Database>,
  take: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<LockGate> => {
  const trx = await db.startTransaction().execute()
  await take(trx)
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)
  const pid = rows[0]?.pid
  return {
    waiting: async () => {
      const blocked = await sql<{ applicationName: string }>`
        select distinct application_name from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> ${pid}::int
        order by application_name`.execute(db)
      return blocked.rows.map((r) => r.applicationName)
    },
    release: () => trx.commit().execute(),
  }
}

/**
 * Holds competitions' rows `for key share`: a drawing or closing process's
 * `for update` queues behind it, while an update of a column no key uses,
 * such as the draw's date, does not.
 */
export const holdCompetitionRows = (db: Kysely<Database>, competitionIds: readonly string[]) =>
  holdingLock(db, (trx) =>
    sql`select id from competitions where id = any(${competitionIds}::uuid[]) for key share`.execute(
      trx,
    ),
  )
