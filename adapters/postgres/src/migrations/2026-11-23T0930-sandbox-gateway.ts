import { type Kysely, sql } from "kysely"

/**
 * Frozen: the sandbox card provider's own intents (adapters/payments). They
 * live in the database only because several server processes share one
 * sandbox; a real provider keeps this state at its end. No foreign key to
 * orders: the provider knows an order only by the id it was given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sandbox_payment_intents")
    .addColumn("provider_reference", "text", (c) => c.primaryKey())
    .addColumn("client_token", "text", (c) => c.notNull().unique())
    // The caller's key: a retried create answers the intent made the first time.
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("Pending").check(sql`status in ('Pending', 'Succeeded', 'Failed')`),
    )
    .addColumn("failure_detail", "text")
    .addColumn("event_id", "text", (c) => c.unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("settled_at", "timestamptz")
    // Settled means an outcome and the notification's id, all at once and never undone.
    .addCheckConstraint(
      "sandbox_payment_intents_settled_shape",
      sql`(status = 'Pending' and settled_at is null and event_id is null and failure_detail is null)
       or (status = 'Succeeded' and settled_at is not null and event_id is not null and failure_detail is null)
       or (status = 'Failed' and settled_at is not null and event_id is not null and failure_detail is not null)`,
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sandbox_payment_intents").execute()
}
