import { type Kysely, sql } from "kysely"

/**
 * Frozen: docs/decisions/0081. An automatic competition may be drawn as
 * soon as it sells out; a sold-out competition's draw may be brought
 * forward, and its page then says from when and since when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("competitions")
    .addColumn("draw_on_sell_out", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("draw_brought_forward_from", "timestamptz")
    .addColumn("draw_brought_forward_at", "timestamptz")
    .execute()
  // Only the job draws on sell-out, and it draws only automatic competitions.
  await sql`
    alter table competitions add constraint competitions_draw_on_sell_out_automatic
    check (not draw_on_sell_out or draw_type = 'Automatic')
  `.execute(db)
  await sql`
    alter table competitions add constraint competitions_draw_brought_forward_whole
    check ((draw_brought_forward_from is null) = (draw_brought_forward_at is null))
  `.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("competitions")
    .dropConstraint("competitions_draw_brought_forward_whole")
    .execute()
  await db.schema
    .alterTable("competitions")
    .dropConstraint("competitions_draw_on_sell_out_automatic")
    .execute()
  await db.schema
    .alterTable("competitions")
    .dropColumn("draw_brought_forward_at")
    .dropColumn("draw_brought_forward_from")
    .dropColumn("draw_on_sell_out")
    .execute()
}
