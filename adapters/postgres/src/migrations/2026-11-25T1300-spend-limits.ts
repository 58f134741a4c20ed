import { type Kysely, sql } from "kysely"

/**
 * Frozen: monthly spend limits (decision 0041). One row per
 * customer who answered (no row: never answered), holding the limit in
 * force and at most one raise or removal waiting out its 24 hours; and the
 * history of every change, which nothing in the shop updates or deletes.
 * A limit is an amount in pence or, chosen explicitly, "NoLimit".
 */
const limitCheck = (kind: string, amount: string) =>
  sql.raw(
    `(${kind} = 'Amount' and ${amount} is not null and ${amount} >= 0) or (${kind} = 'NoLimit' and ${amount} is null)`,
  )

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("spend_limits")
    .addColumn("customer_id", "uuid", (c) => c.primaryKey().references("customers.id"))
    .addColumn("limit_kind", "text", (c) => c.notNull())
    .addColumn("limit_pence", "integer")
    .addColumn("pending_kind", "text")
    .addColumn("pending_pence", "integer")
    .addColumn("pending_applies_at", "timestamptz")
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("spend_limits_limit_check", limitCheck("limit_kind", "limit_pence"))
    .addCheckConstraint(
      "spend_limits_pending_check",
      sql`(pending_kind is null and pending_pence is null and pending_applies_at is null) or (pending_applies_at is not null and (${limitCheck("pending_kind", "pending_pence")}))`,
    )
    .execute()
  await db.schema
    .createTable("spend_limit_changes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    .addColumn("changed_by", "text", (c) => c.notNull())
    // Null kind: the customer had never answered before this change.
    .addColumn("from_kind", "text")
    .addColumn("from_pence", "integer")
    .addColumn("to_kind", "text", (c) => c.notNull())
    .addColumn("to_pence", "integer")
    .addColumn("requested_at", "timestamptz", (c) => c.notNull())
    .addColumn("applies_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint("spend_limit_changes_to_check", limitCheck("to_kind", "to_pence"))
    .execute()
  await sql`create index spend_limit_changes_customer_idx on spend_limit_changes (customer_id, requested_at)`.execute(
    db,
  )
  // The month's spend is summed per customer from the orders they created since the 1st.
  await sql`create index if not exists orders_customer_created_idx on orders (customer_id, created_at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_customer_created_idx`.execute(db)
  await db.schema.dropTable("spend_limit_changes").execute()
  await db.schema.dropTable("spend_limits").execute()
}
