import { type Kysely, sql } from "kysely"

/**
 * Frozen: what the expiry pass could not settle is put off (docs/decisions/
 * 0011). An unpaid order whose payment the provider will not let go of, or a
 * closed order's intent it will not void, counts its attempts and waits
 * until a retry time, behind what became due meanwhile, so a few stuck ones
 * never take every pass's batch from the rest.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("orders")
    .addColumn("expiry_attempts", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`expiry_attempts >= 0`),
    )
    // Null until the expiry is first put off; always later than expires_at once set.
    .addColumn("expiry_retry_at", "timestamptz")
    .execute()
  // The expiry job reads unpaid orders in the order they became due (again).
  await sql`drop index if exists orders_unpaid_expiry_idx`.execute(db)
  await sql`create index orders_unpaid_expiry_idx on orders ((coalesce(expiry_retry_at, expires_at)))
    where status in ('Pending', 'AwaitingPayment')`.execute(db)

  await db.schema
    .alterTable("payments")
    .addColumn("void_attempts", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`void_attempts >= 0`),
    )
    .addColumn("void_retry_at", "timestamptz")
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("payments")
    .dropColumn("void_attempts")
    .dropColumn("void_retry_at")
    .execute()
  await sql`drop index if exists orders_unpaid_expiry_idx`.execute(db)
  await db.schema
    .alterTable("orders")
    .dropColumn("expiry_attempts")
    .dropColumn("expiry_retry_at")
    .execute()
  await sql`create index orders_unpaid_expiry_idx on orders (expires_at) where status in ('Pending', 'AwaitingPayment')`.execute(
    db,
  )
}
