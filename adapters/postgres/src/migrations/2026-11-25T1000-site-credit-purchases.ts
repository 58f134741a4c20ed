import { type Kysely, sql } from "kysely"

/**
 * Frozen: an order may buy site credit (docs/decisions/0038), and so may a
 * basket when the brand defers the purchase to it. An order's credit
 * items are lines of their own, never tickets; the credit lands on the
 * ledger as a Purchase entry naming the order when the order is paid, and a
 * staff refund takes it back as a PurchaseReversal. The existing unique
 * index on (order_id, reason) makes each of them once per order, whatever
 * webhooks, return pages and pollers race.
 */
const SHAPES_BEFORE = sql`(reason = 'OrderDebit' and amount_pence < 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'OrderRefund' and amount_pence > 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'Grant' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is null)
      or (reason = 'InstantWin' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is not null)
      or (reason = 'Adjustment' and amount_pence <> 0 and order_id is null
        and instant_win_ticket_id is null)`

export async function up(db: Kysely<unknown>): Promise<void> {
  // Credit a basket buys when the brand defers the purchase to the basket: one amount a basket.
  await db.schema
    .alterTable("baskets")
    .addColumn("site_credit_purchase_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`site_credit_purchase_pence >= 0`),
    )
    .execute()
  await db.schema
    .createTable("order_credit_items")
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull().check(sql`position >= 0`))
    .addColumn("description", "text", (c) => c.notNull())
    // Credit is bought in whole pence and never for nothing.
    .addColumn("line_total_pence", "integer", (c) => c.notNull().check(sql`line_total_pence > 0`))
    .addPrimaryKeyConstraint("order_credit_items_pkey", ["order_id", "position"])
    .execute()
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (reason in ('OrderDebit', 'OrderRefund', 'Grant', 'InstantWin', 'Adjustment',
        'Purchase', 'PurchaseReversal')),
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (
      ${SHAPES_BEFORE}
      or (reason = 'Purchase' and amount_pence > 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'PurchaseReversal' and amount_pence < 0 and order_id is not null
        and instant_win_ticket_id is null))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_credit_entries where reason in ('Purchase', 'PurchaseReversal')`.execute(
    db,
  )
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (${SHAPES_BEFORE}),
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (reason in ('OrderDebit', 'OrderRefund', 'Grant', 'InstantWin', 'Adjustment'))`.execute(
    db,
  )
  await db.schema.dropTable("order_credit_items").execute()
  await db.schema.alterTable("baskets").dropColumn("site_credit_purchase_pence").execute()
}
