import type { Kysely } from "kysely"

/**
 * Frozen: an instant-win winner's name can be kept off the public pages, as
 * a main winner's already can (`draws.is_visible`), docs/decisions/0035.
 * The ticket stays marked won either way: only the name is withheld.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("instant_win_tickets")
    .addColumn("is_visible", "boolean", (c) => c.notNull().defaultTo(true))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("instant_win_tickets").dropColumn("is_visible").execute()
}
