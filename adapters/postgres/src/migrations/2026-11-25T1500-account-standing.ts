import { type Kysely, sql } from "kysely"

/**
 * Frozen: a customer's breaks and closure, and every age-verification
 * outcome (decision 0043). One standing row per customer, kept
 * after a break ends; age checks are only ever added.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("account_standings")
    .addColumn("customer_id", "uuid", (c) => c.primaryKey().references("customers.id"))
    .addColumn("paused_until", "timestamptz")
    .addColumn("pause_length", "text", (c) => c.check(sql`length(pause_length) <= 16`))
    .addColumn("paused_at", "timestamptz")
    .addColumn("closed_at", "timestamptz")
    .addCheckConstraint(
      "account_standings_pause_whole",
      sql`(paused_until is null) = (pause_length is null) and (paused_until is null) = (paused_at is null)`,
    )
    .execute()

  await db.schema
    .createTable("age_verifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    .addColumn("method", "text", (c) => c.notNull().check(sql`length(method) <= 64`))
    .addColumn("outcome", "text", (c) =>
      c.notNull().check(sql`outcome in ('Verified', 'Refused', 'NeedsDocuments')`),
    )
    .addColumn("reason", "text", (c) => c.notNull().check(sql`length(reason) <= 500`))
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index age_verifications_customer_idx on age_verifications (customer_id, at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("age_verifications").execute()
  await db.schema.dropTable("account_standings").execute()
}
