import { type Kysely, sql } from "kysely"

/**
 * Frozen: the back office's reads at a real shop's size, second part
 * (docs/decisions/0094-the-back-office-reads-at-size.md), measured on the
 * large shop `npm run seed:large` makes.
 *
 * - Settlements: PostgreSQL adds a window's facts up itself, reading each
 *   order placed in it with its payments. The payments of those orders are
 *   read from an index that holds what the report needs of them, so the
 *   read never visits the table's rows.
 * - Harm signals: staff's list asks for customers with at least five failed
 *   payments in the last week; failed payments are a small part of all of
 *   them, found by when they failed.
 * - Orders by status: the page and its count read the status's orders in
 *   the list's order, and count them from the index alone, instead of
 *   reading every order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payments_order_settlement_idx on payments (order_id)
    include (id, status, provider, amount_pence, succeeded_at, updated_at)`.execute(db)
  await sql`create index payments_failed_idx on payments (updated_at)
    where status = 'Failed'`.execute(db)
  await sql`create index orders_status_created_idx
    on orders (status, created_at desc, id desc)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_status_created_idx`.execute(db)
  await sql`drop index if exists payments_failed_idx`.execute(db)
  await sql`drop index if exists payments_order_settlement_idx`.execute(db)
}
