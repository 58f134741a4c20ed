import { type Kysely, sql } from "kysely"

/**
 * Frozen: complaints (decision 0044) and their history. A
 * complaint's status is the last step's; the steps are only ever added,
 * so the history is what happened. Lengths and statuses are checked here
 * as well as in core's rules.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("complaints")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("reference", "text", (c) =>
      c.notNull().unique().check(sql`reference ~ '^HZC-[0-9]{4}-[0-9A-Z]{6}$'`),
    )
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('Form', 'Email')`))
    // A fact, not a foreign key: an erased customer's complaint stays on record.
    .addColumn("customer_id", "uuid")
    .addColumn("name", "text", (c) => c.notNull().check(sql`length(name) between 1 and 255`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`length(email) <= 255`))
    .addColumn("order_number", "text", (c) => c.notNull().check(sql`length(order_number) <= 50`))
    .addColumn("category", "text", (c) => c.notNull().check(sql`length(category) <= 64`))
    .addColumn("description", "text", (c) =>
      c.notNull().check(sql`length(description) between 1 and 5000`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('Received', 'InProgress', 'Resolved', 'Escalated')`),
    )
    .addColumn("received_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index complaints_newest_idx on complaints (received_at desc, id desc)`.execute(
    db,
  )
  await sql`create index complaints_status_idx on complaints (status, received_at desc, id desc)`.execute(
    db,
  )
  await db.schema
    .createTable("complaint_steps")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("complaint_id", "uuid", (c) =>
      c.notNull().references("complaints.id").onDelete("cascade"),
    )
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('Received', 'InProgress', 'Resolved', 'Escalated')`),
    )
    .addColumn("note", "text", (c) => c.check(sql`length(note) <= 2000`))
    // A fact, not a foreign key: removing a staff user keeps who did what.
    .addColumn("by_user_id", "uuid")
    .addColumn("seq", "bigserial", (c) => c.notNull())
    .execute()
  await sql`create index complaint_steps_complaint_idx on complaint_steps (complaint_id, seq)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("complaint_steps").execute()
  await db.schema.dropTable("complaints").execute()
}
