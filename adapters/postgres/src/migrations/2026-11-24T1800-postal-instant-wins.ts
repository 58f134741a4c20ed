import type { Kysely } from "kysely"

/**
 * Frozen: a free postal entry's ticket wins an instant prize exactly like a
 * bought one (decision 0022). The won instant-win ticket then names the postal
 * entry that won it, beside order_id for a paid order; staff read the
 * entrant's name and address from the entry when they have no account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("instant_win_tickets")
    .addColumn("postal_entry_id", "uuid", (c) =>
      c.references("postal_entries.id").onDelete("set null"),
    )
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("instant_win_tickets").dropColumn("postal_entry_id").execute()
}
