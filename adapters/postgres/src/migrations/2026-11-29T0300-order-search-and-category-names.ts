import { type Kysely, sql } from "kysely"

/**
 * Frozen: the back office's order search (docs/decisions/0074).
 *
 * The search matches an order reference from its start in any case, as
 * `upper(order_ref) LIKE 'AB%'`; text_pattern_ops lets that prefix walk the
 * index whatever the database's collation (the unique index on order_ref
 * serves only equality outside the C collation).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_order_ref_prefix_idx
    on orders (upper(order_ref) text_pattern_ops)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists orders_order_ref_prefix_idx`.execute(db)
}
