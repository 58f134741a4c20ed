import { type Kysely, sql } from "kysely"

/**
 * Frozen: the contact form's messages (decision 0037), kept for
 * staff to read and mark handled. Lengths are checked here as well as in
 * core's rules, so no other writer can store a book.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("first_name", "text", (c) => c.notNull().check(sql`length(first_name) <= 255`))
    .addColumn("last_name", "text", (c) => c.notNull().check(sql`length(last_name) <= 255`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`length(email) <= 255`))
    .addColumn("telephone_number", "text", (c) =>
      c.notNull().check(sql`length(telephone_number) <= 20`),
    )
    .addColumn("message", "text", (c) => c.notNull().check(sql`length(message) <= 5000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("handled_at", "timestamptz")
    // A fact, not a foreign key: removing a staff user keeps who handled what.
    .addColumn("handled_by", "uuid")
    .addCheckConstraint(
      "contact_messages_handled_together",
      sql`(handled_at is null) = (handled_by is null)`,
    )
    .execute()
  // The Messages screen: newest first, all or only those still waiting.
  await sql`create index contact_messages_newest_idx on contact_messages (created_at desc, id desc)`.execute(
    db,
  )
  await sql`create index contact_messages_waiting_idx on contact_messages (created_at desc, id desc) where handled_at is null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("contact_messages").execute()
}
