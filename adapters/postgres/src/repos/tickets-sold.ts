import { type Kysely, type RawBuilder, sql } from "kysely"
import type { Database } from "../schema"

/**
 * How many counter rows a competition's sold count is spread over. Each
 * writer adds to the row of its own database session, and a session runs one
 * transaction at a time, so two checkouts wait for each other only when
 * their backends' process ids meet modulo this (decision 0046).
 */
export const TICKETS_SOLD_SHARDS = 1024

/**
 * The sold count of the competition whose id is the SQL expression `id`
 * (e.g. `sql.ref("c.id")`): every reader of "tickets sold" uses this, so
 * it is one index range scan of at most TICKETS_SOLD_SHARDS rows.
 */
export const ticketsSoldOf = (id: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql<number>`(select coalesce(sum(s.sold), 0)::int from competition_tickets_sold s where s.competition_id = ${id})`

/**
 * Adds `count` (negative to take off) to the competition's count, on this
 * session's row. A plain statement for the writers that do not fold it into
 * their claim (the allocator does, see claimTickets).
 */
export const addTicketsSold = (trx: Kysely<Database>, competitionId: string, count: number) =>
  sql`
    insert into competition_tickets_sold as s (competition_id, shard, sold)
    values (${competitionId}, pg_backend_pid() % ${TICKETS_SOLD_SHARDS}, ${count})
    on conflict (competition_id, shard) do update set sold = s.sold + excluded.sold
  `.execute(trx)

/** The sold counts of several competitions in one query (absent: none sold). */
export const ticketsSold = async (
  db: Kysely<Database>,
  competitionIds: readonly string[],
): Promise<Map<string, number>> => {
  if (competitionIds.length === 0) return new Map()
  const rows = await db
    .selectFrom("competitionTicketsSold")
    .select((eb) => ["competitionId", eb.fn.sum<string>("sold").as("sold")])
    .where("competitionId", "in", competitionIds)
    .groupBy("competitionId")
    .execute()
  return new Map(rows.map((row) => [row.competitionId, Number(row.sold)]))
}
