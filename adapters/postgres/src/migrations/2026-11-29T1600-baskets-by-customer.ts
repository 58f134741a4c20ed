import { type Kysely, sql } from "kysely"

/**
 * Frozen: a customer's baskets, the most recently changed first, for the
 * basket that follows them from device to device
 * (docs/decisions/0084-a-basket-that-follows-the-customer.md). Visitors'
 * baskets, most of the table, are left out of the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index baskets_customer_changed_idx
    on baskets (customer_id, updated_at desc, id desc)
    where customer_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists baskets_customer_changed_idx`.execute(db)
}
