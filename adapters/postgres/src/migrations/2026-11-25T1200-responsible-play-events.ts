import { type Kysely, sql } from "kysely"

/**
 * Frozen: the responsible-play log (decision 0041): limit changes, limits
 * reached, refused credit cards, declined payments, pauses and closures,
 * as facts about a customer. Harm signals are read from it and staff look
 * back on it, so nothing in the shop updates or deletes a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("responsible_play_events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`length(kind) <= 64`))
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("detail", "jsonb", (c) => c.notNull())
    .execute()
  await sql`create index responsible_play_events_customer_idx on responsible_play_events (customer_id, at)`.execute(
    db,
  )
  await sql`create index responsible_play_events_kind_idx on responsible_play_events (kind, at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("responsible_play_events").execute()
}
