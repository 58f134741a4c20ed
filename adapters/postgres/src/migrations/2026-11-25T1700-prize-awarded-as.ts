import { type Kysely, sql } from "kysely"

/**
 * Frozen: decision 0045, transparency. A main winner's record
 * says whether the prize was awarded as described or as the stated cash
 * alternative; null until staff record it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("draws")
    .addColumn("prize_awarded_as", "text", (c) =>
      c.check(sql`prize_awarded_as in ('Prize', 'CashAlternative')`),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("draws").dropColumn("prize_awarded_as").execute()
}
