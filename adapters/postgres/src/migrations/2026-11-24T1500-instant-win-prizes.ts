import { type Kysely, sql } from "kysely"

/**
 * Frozen: what an instant win pays and who won it. A group whose prize is
 * site credit says how much (credited the moment the winning order is
 * paid); any other prize waits for staff, who mark it processed. A won
 * ticket records its winner and the order that won it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("instant_win_groups")
    .addColumn("prize_site_credit_pence", "integer", (c) =>
      c.check(sql`prize_site_credit_pence > 0`),
    )
    .execute()
  await db.schema
    .alterTable("instant_win_tickets")
    .addColumn("winner_customer_id", "uuid", (c) =>
      c.references("customers.id").onDelete("set null"),
    )
    .addColumn("order_id", "uuid")
    // Null while a prize waits for staff; set at once for site credit.
    .addColumn("processed_at", "timestamptz")
    .execute()
  await sql`create index instant_win_tickets_won_idx on instant_win_tickets (won_at desc)
    where won_at is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists instant_win_tickets_won_idx`.execute(db)
  await db.schema
    .alterTable("instant_win_tickets")
    .dropColumn("winner_customer_id")
    .dropColumn("order_id")
    .dropColumn("processed_at")
    .execute()
  await db.schema.alterTable("instant_win_groups").dropColumn("prize_site_credit_pence").execute()
}
