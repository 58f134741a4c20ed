import { type Kysely, sql } from "kysely"

/**
 * Frozen: money taken for an order that can no longer take it goes back
 * (docs/decisions/0011). A payment can be Refunded; each refund the shop
 * owes is a row, due until the provider accepts it, then kept for staff;
 * and the sandbox provider remembers the refunds it made.
 */

const uuidPrimaryKey = sql`gen_random_uuid()`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments drop constraint payments_status_check`.execute(db)
  await sql`alter table payments add constraint payments_status_check
    check (status in ('Pending', 'Succeeded', 'Failed', 'Refunded'))`.execute(db)

  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    // A payment is refunded once, whoever notices first: racing processes meet here.
    .addColumn("payment_id", "uuid", (c) => c.notNull().unique().references("payments.id"))
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id"))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('OrderCancelled', 'OrderExpired')`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("Due").check(sql`status in ('Due', 'Refunded')`),
    )
    .addColumn("provider_refund_reference", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn("last_error", "text")
    .addColumn("due_at", "timestamptz", (c) => c.notNull())
    // When the retry pass may try again: later after each failure, so a stuck refund is not hammered.
    .addColumn("retry_at", "timestamptz", (c) => c.notNull())
    .addColumn("refunded_at", "timestamptz")
    // Refunded means the provider's reference and the time, together and for good.
    .addCheckConstraint(
      "payment_refunds_shape",
      sql`(status = 'Due' and refunded_at is null and provider_refund_reference is null)
       or (status = 'Refunded' and refunded_at is not null and provider_refund_reference is not null)`,
    )
    .execute()
  // The retry pass reads the due refunds whose time has come, earliest first.
  await sql`create index payment_refunds_due_idx on payment_refunds (retry_at) where status = 'Due'`.execute(
    db,
  )
  await db.schema
    .createIndex("payment_refunds_order_idx")
    .on("payment_refunds")
    .column("order_id")
    .execute()
  // The sweep for intents left open on closed orders reads pending payments only.
  await sql`create index payments_pending_idx on payments (order_id) where status = 'Pending'`.execute(
    db,
  )

  await db.schema
    .alterTable("sandbox_payment_intents")
    .addColumn("refund_reference", "text", (c) => c.unique())
    .addColumn("refund_idempotency_key", "text")
    .addColumn("refunded_amount_pence", "integer")
    .addColumn("refunded_at", "timestamptz")
    .execute()
  await sql`alter table sandbox_payment_intents add constraint sandbox_payment_intents_refund_shape check (
      (refund_reference is null and refund_idempotency_key is null
        and refunded_amount_pence is null and refunded_at is null)
   or (status = 'Succeeded' and refund_reference is not null and refund_idempotency_key is not null
        and refunded_amount_pence > 0 and refunded_amount_pence <= amount_pence
        and refunded_at is not null))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_payment_intents drop constraint if exists sandbox_payment_intents_refund_shape`.execute(
    db,
  )
  await db.schema
    .alterTable("sandbox_payment_intents")
    .dropColumn("refund_reference")
    .dropColumn("refund_idempotency_key")
    .dropColumn("refunded_amount_pence")
    .dropColumn("refunded_at")
    .execute()
  await sql`drop index if exists payments_pending_idx`.execute(db)
  await db.schema.dropTable("payment_refunds").ifExists().execute()
  await sql`update payments set status = 'Succeeded' where status = 'Refunded'`.execute(db)
  await sql`alter table payments drop constraint payments_status_check`.execute(db)
  await sql`alter table payments add constraint payments_status_check
    check (status in ('Pending', 'Succeeded', 'Failed'))`.execute(db)
}
