import { type Kysely, sql } from "kysely"

/**
 * Frozen: the back office's order search and one name per category
 * (docs/decisions/0074).
 *
 * The search matches an order reference from its start in any case, as
 * `upper(order_ref) LIKE 'AB%'`; text_pattern_ops lets that prefix walk the
 * index whatever the database's collation (the unique index on order_ref
 * serves only equality outside the C collation).
 *
 * Two categories may no longer read alike ("Golf", "golf "): core refuses
 * the second with a message, and this index is the last line of defence
 * against two staff saving at once. Categories that already read alike
 * would stop the index being built, so all but the oldest of each such set
 * are renamed first, "Golf (2)", "Golf (3)", for staff to merge or rename;
 * their competitions keep them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index orders_order_ref_prefix_idx
    on orders (upper(order_ref) text_pattern_ops)`.execute(db)

  await sql`with alike as (
      select id, btrim(name) as name,
        row_number() over (partition by lower(btrim(name)) order by created_at, id) as nth
      from categories
    )
    update categories c set name = alike.name || ' (' || alike.nth || ')'
    from alike where alike.id = c.id and alike.nth > 1`.execute(db)
  await sql`create unique index categories_name_unique_idx
    on categories (lower(btrim(name)))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists categories_name_unique_idx`.execute(db)
  await sql`drop index if exists orders_order_ref_prefix_idx`.execute(db)
}
