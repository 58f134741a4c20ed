import type { Database } from "@howzat/postgres"
import { type Kysely, sql } from "kysely"

/**
 * Until `count` sessions of this database wait for a lock, asking
 * PostgreSQL itself (pg_stat_activity), so a test of a race knows the
 * interleaving it claims happened instead of hoping a pause was long
 * enough. Fails if `finished` says the racers ended without ever all
 * waiting, or if they never do. Only on a server: PGlite has one session.
 */
export const untilWaitingForLocks = async (
  db: Kysely<Database>,
  count: number,
  finished: () => boolean = () => false,
) => {
  // A bound on failing, not a wait for anything: each round trip is the pause.
  const giveUpAt = Date.now() + 30_000
  while (!finished() && Date.now() < giveUpAt) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
    if ((rows[0]?.waiting ?? 0) >= count) return
  }
  throw new Error(`fewer than ${count} sessions were ever waiting for a lock at once`)
}
