import { type Kysely, sql } from "kysely"

/**
 * Frozen: clubs and their vouchers, the voucher uses each order holds (what
 * the usage limit counts), and the credit clubs earn from paid orders.
 */

const uuidPrimaryKey = sql`gen_random_uuid()`

export async function up(db: Kysely<unknown>): Promise<void> {
  // docs/product/roles.md: a club has a name and a voucher code; the code is a promotion.
  await db.schema
    .createTable("clubs")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .alterTable("promotions")
    .addColumn("club_id", "uuid", (c) => c.references("clubs.id").onDelete("set null"))
    .execute()

  // One row per order and promotion: usage_count is the number of rows, kept
  // in step in the same statements, and a retried checkout counts nothing twice.
  await db.schema
    .createTable("promotion_uses")
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("promotion_id", "uuid", (c) =>
      c.notNull().references("promotions.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("promotion_uses_pkey", ["order_id", "promotion_id"])
    .execute()

  // Append-only, like the site-credit ledger: what each club has earned, and from which order.
  await db.schema
    .createTable("club_credit_entries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("club_id", "uuid", (c) => c.notNull().references("clubs.id"))
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id"))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("club_credit_entries_once_per_order", ["club_id", "order_id"])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("club_credit_entries").ifExists().execute()
  await db.schema.dropTable("promotion_uses").ifExists().execute()
  await db.schema.alterTable("promotions").dropColumn("club_id").execute()
  await db.schema.dropTable("clubs").ifExists().execute()
}
