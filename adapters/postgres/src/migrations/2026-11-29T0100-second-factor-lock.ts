import { type Kysely, sql } from "kysely"

/**
 * Frozen: an Admin's second factor locks after ten wrong codes in a row
 * (docs/decisions/0064-second-factor-lock.md). The count lives on the
 * authenticator's row, so every server process sees one lock, and each
 * wrong code adds one in a single UPDATE, so racing guesses are all counted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("second_factors")
    .addColumn("consecutive_failures", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`consecutive_failures >= 0`),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("second_factors").dropColumn("consecutive_failures").execute()
}
