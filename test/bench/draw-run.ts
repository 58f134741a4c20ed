import { NoBeaconLive } from "@howzat/beacon"
import { Draws } from "@howzat/core/draws"
import { testBrandLayer } from "@howzat/core/testing"
import {
  AuditLogLive,
  Db,
  makeDatabase,
  OutboxMailerLive,
  PostgresCatalogueLive,
  TransactionsLive,
} from "@howzat/postgres"
import { competitionOnSale, newCustomer } from "@howzat/postgres/testing"
import { Effect, Layer, ManagedRuntime } from "effect"
import { sql } from "kysely"

/**
 * The draws' two big moments on a real Postgres: creating a competition
 * with its whole pool (the writer the back office will use), and drawing
 * one whose every ticket is sold, through core's Draws on the Postgres
 * repositories (the code path staff and the job run): the row lock, the
 * check for unpaid orders, reading every entry, the hash and the HMAC
 * pick, and recording the proof with the entry list.
 */

export interface DrawRunResult {
  readonly totalTickets: number
  /** createCompetition: the row, its pool of `totalTickets` rows, one transaction. */
  readonly createMs: number
  /**
   * The same cluster in the same minutes writing as many bare rows (a number and a
   * random key each) into a table with no index, no sort and no check: the floor
   * under createMs on this machine right now (decision 0091).
   */
  readonly bareRowsMs: number
  /** Draws.draw for a competition whose every ticket is sold. */
  readonly drawMs: number
  /** One pass of the server over the sold pool (a count), in the same minutes: the draw's floor. */
  readonly onePassMs: number
  /** The same draw, asked again: it answers the recorded draw. */
  readonly redrawMs: number
  readonly entryCount: number
  readonly winningTicketNumber: number | null
}

/** A sold ticket's order id that no order row has: the same marker the demo seed uses. */
const SOLD_MARKER = "be000000-0000-4000-8000-000000000001"

export const runDraw = async (
  databaseUrl: string,
  totalTickets: number,
): Promise<DrawRunResult> => {
  const handle = await makeDatabase({ databaseUrl })
  const db = handle.db
  const runtime = ManagedRuntime.make(
    Draws.Default.pipe(
      Layer.provide(
        Layer.mergeAll(
          PostgresCatalogueLive,
          OutboxMailerLive,
          TransactionsLive,
          AuditLogLive,
        ).pipe(
          Layer.provide(Layer.succeed(Db, db)),
          Layer.merge(NoBeaconLive),
          Layer.merge(testBrandLayer),
        ),
      ),
    ),
  )
  try {
    const bareStart = performance.now()
    await db.transaction().execute(async (trx) => {
      await sql`create table bench_bare_rows (n int not null, k uuid not null)`.execute(trx)
      await sql`insert into bench_bare_rows
          select generate_series(1, ${totalTickets}::int), gen_random_uuid()`.execute(trx)
    })
    const bareRowsMs = performance.now() - bareStart
    await sql`drop table bench_bare_rows`.execute(db)

    const now = Date.now()
    const createStart = performance.now()
    const competitionId = await competitionOnSale(db, {
      totalTickets,
      maxTicketsPerCustomer: totalTickets,
      startDateTimeUtc: new Date(now - 2 * 60_000),
      closeDateTimeUtc: new Date(now - 60_000),
      drawDateTimeUtc: new Date(now - 60_000),
    })
    const createMs = performance.now() - createStart

    // Not measured: every ticket sold to one customer, as if the competition sold out.
    const customerId = await newCustomer(db)
    await sql`update tickets set order_id = ${SOLD_MARKER}::uuid, customer_id = ${customerId}::uuid,
        allocated_at = now() where competition_id = ${competitionId}::uuid`.execute(db)
    await sql`insert into competition_tickets_sold (competition_id, shard, sold)
        select id, 0, total_tickets from competitions where id = ${competitionId}::uuid`.execute(db)
    await sql`vacuum analyze tickets`.execute(db)

    const passStart = performance.now()
    await sql`select count(*) from tickets
        where competition_id = ${competitionId}::uuid and order_id is not null`.execute(db)
    const onePassMs = performance.now() - passStart

    const draw = () =>
      runtime.runPromise(Effect.flatMap(Draws, (draws) => draws.draw(competitionId, "Scheduler")))
    const drawStart = performance.now()
    const made = await draw()
    const drawMs = performance.now() - drawStart
    const redrawStart = performance.now()
    await draw()
    const redrawMs = performance.now() - redrawStart
    return {
      totalTickets,
      createMs,
      bareRowsMs,
      drawMs,
      onePassMs,
      redrawMs,
      entryCount: made.entryCount,
      winningTicketNumber: made.winningTicketNumber,
    }
  } finally {
    await runtime.dispose()
    await handle.close()
  }
}
