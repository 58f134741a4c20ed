import { type Kysely, sql } from "kysely"

/**
 * Frozen: the site-credit ledger, the provider notifications already acted
 * on, and the indexes the order list, the payments and the ledger read by.
 */

const uuidPrimaryKey = sql`gen_random_uuid()`

export async function up(db: Kysely<unknown>): Promise<void> {
  // Append-only: the balance is the sum of the rows, so every penny has a reason.
  await db.schema
    .createTable("site_credit_entries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    // Positive is credit given, negative credit spent; a zero entry would say nothing.
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence <> 0`))
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('OrderDebit', 'OrderRefund', 'Grant')`),
    )
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("order_id", "uuid", (c) => c.references("orders.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The sign follows the reason, and only order entries name an order.
    .addCheckConstraint(
      "site_credit_entries_shape",
      sql`(reason = 'OrderDebit' and amount_pence < 0 and order_id is not null)
       or (reason = 'OrderRefund' and amount_pence > 0 and order_id is not null)
       or (reason = 'Grant' and amount_pence > 0 and order_id is null)`,
    )
    .execute()
  // Debit and refund once per order: a retried checkout or cancel meets this and does nothing.
  await sql`create unique index site_credit_entries_once_per_order on site_credit_entries (order_id, reason) where order_id is not null`.execute(
    db,
  )
  // The balance is summed per customer on every checkout.
  await db.schema
    .createIndex("site_credit_entries_customer_idx")
    .on("site_credit_entries")
    .columns(["customer_id", "created_at"])
    .execute()

  // A replayed notification finds its event here and changes nothing.
  await db.schema
    .createTable("payment_notifications")
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("received_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("payment_notifications_pkey", ["provider", "event_id"])
    .execute()

  // The order list pages newest first, per customer or (staff) everyone's. The
  // customer's index replaces the one on customer_id alone, which it covers.
  await db.schema
    .createIndex("orders_customer_created_idx")
    .on("orders")
    .columns(["customer_id", "created_at desc", "id desc"])
    .execute()
  await db.schema.dropIndex("orders_customer_idx").execute()
  await db.schema
    .createIndex("orders_created_idx")
    .on("orders")
    .columns(["created_at desc", "id desc"])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_created_idx").ifExists().execute()
  await db.schema.createIndex("orders_customer_idx").on("orders").column("customer_id").execute()
  await db.schema.dropIndex("orders_customer_created_idx").ifExists().execute()
  await db.schema.dropTable("payment_notifications").ifExists().execute()
  await db.schema.dropTable("site_credit_entries").ifExists().execute()
}
