import { type Kysely, sql } from "kysely"

/**
 * Frozen: staff refund a paid order (docs/decisions/0029). The order
 * becomes Refunded; its card payments are owed back with reason
 * StaffRefund through the refunds table of decision 0011; and the club
 * credit it earned is reversed by a negative entry of its own, once per
 * club and order, so a club's balance stays the sum of its entries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders
    drop constraint orders_status_check,
    add constraint orders_status_check check (status in
      ('Pending', 'AwaitingPayment', 'Completed', 'Cancelled', 'SystemCancelled', 'Refunded'))`.execute(
    db,
  )
  await sql`alter table payment_refunds
    drop constraint payment_refunds_reason_check,
    add constraint payment_refunds_reason_check
      check (reason in ('OrderCancelled', 'OrderExpired', 'StaffRefund'))`.execute(db)
  await db.schema
    .alterTable("club_credit_entries")
    .addColumn("reversal", "boolean", (c) => c.notNull().defaultTo(false))
    .execute()
  await sql`alter table club_credit_entries
    drop constraint club_credit_entries_amount_pence_check,
    add constraint club_credit_entries_shape
      check ((reversal and amount_pence < 0) or (not reversal and amount_pence > 0)),
    drop constraint club_credit_entries_once_per_order,
    add constraint club_credit_entries_once_per_order unique (club_id, order_id, reversal)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from club_credit_entries where reversal`.execute(db)
  await sql`alter table club_credit_entries
    drop constraint club_credit_entries_once_per_order,
    add constraint club_credit_entries_once_per_order unique (club_id, order_id),
    drop constraint club_credit_entries_shape,
    add constraint club_credit_entries_amount_pence_check check (amount_pence > 0)`.execute(db)
  await db.schema.alterTable("club_credit_entries").dropColumn("reversal").execute()
  await sql`alter table payment_refunds
    drop constraint payment_refunds_reason_check,
    add constraint payment_refunds_reason_check
      check (reason in ('OrderCancelled', 'OrderExpired'))`.execute(db)
  await sql`alter table orders
    drop constraint orders_status_check,
    add constraint orders_status_check check (status in
      ('Pending', 'AwaitingPayment', 'Completed', 'Cancelled', 'SystemCancelled'))`.execute(db)
}
