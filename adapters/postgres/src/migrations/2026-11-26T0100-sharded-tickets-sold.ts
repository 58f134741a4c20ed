import { type Kysely, sql } from "kysely"

/**
 * Frozen: decision 0046. A competition's sold count moves from
 * the one `competitions.tickets_sold` cell, which every checkout locked from
 * its claim to its commit, to counter rows each writer picks by its database
 * session (see repos/tickets-sold.ts): the count is their sum. A shard may
 * go below zero (a refund taken off another session's row); only the sum
 * means anything, and it always equals the tickets claimed in the pool.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("competition_tickets_sold")
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("shard", "smallint", (c) => c.notNull())
    .addColumn("sold", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("competition_tickets_sold_pkey", ["competition_id", "shard"])
    .execute()
  await sql`
    insert into competition_tickets_sold (competition_id, shard, sold)
    select id, 0, tickets_sold from competitions where tickets_sold <> 0
  `.execute(db)
  await db.schema.alterTable("competitions").dropColumn("tickets_sold").execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("competitions")
    .addColumn("tickets_sold", "integer", (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`
    update competitions c set tickets_sold = coalesce(
      (select sum(sold) from competition_tickets_sold s where s.competition_id = c.id), 0)
  `.execute(db)
  await sql`
    alter table competitions add constraint competitions_tickets_sold_within_total
    check (tickets_sold >= 0 and tickets_sold <= total_tickets)
  `.execute(db)
  await db.schema.dropTable("competition_tickets_sold").execute()
}
