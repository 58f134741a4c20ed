import { type Kysely, sql } from "kysely"

/**
 * Frozen: what decision 0012 added to promotions: a minimum
 * spend, a limit per customer beside the overall one, and the free-entry
 * mark that alone lets a voucher take tickets below 1p each; and the
 * customer on each voucher use, which the per-customer limit counts.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("promotions")
    // Null: the default (a fixed amount needs a spend above its value), worked out in core.
    .addColumn("minimum_spend_pence", "integer", (c) => c.check(sql`minimum_spend_pence >= 0`))
    .addColumn("per_customer_limit", "integer", (c) => c.check(sql`per_customer_limit > 0`))
    .addColumn("free_entry", "boolean", (c) => c.notNull().defaultTo(false))
    .execute()

  // The order's customer, copied so the per-customer count is one index lookup.
  await db.schema
    .alterTable("promotion_uses")
    .addColumn("customer_id", "uuid", (c) => c.references("customers.id").onDelete("cascade"))
    .execute()
  await sql`update promotion_uses set customer_id = orders.customer_id
    from orders where orders.id = promotion_uses.order_id`.execute(db)
  await db.schema
    .alterTable("promotion_uses")
    .alterColumn("customer_id", (c) => c.setNotNull())
    .execute()
  await db.schema
    .createIndex("promotion_uses_by_customer")
    .on("promotion_uses")
    .columns(["promotion_id", "customer_id"])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("promotion_uses_by_customer").ifExists().execute()
  await db.schema.alterTable("promotion_uses").dropColumn("customer_id").execute()
  await db.schema
    .alterTable("promotions")
    .dropColumn("free_entry")
    .dropColumn("per_customer_limit")
    .dropColumn("minimum_spend_pence")
    .execute()
}
