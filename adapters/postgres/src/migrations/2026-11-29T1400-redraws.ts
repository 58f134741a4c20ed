import { type Kysely, sql } from "kysely"

/**
 * Frozen: redraws of unclaimed main prizes (docs/fairness.md, "Redraws";
 * docs/decisions/0082-unclaimed-prize-redraws.md). A redraw is a row of
 * `draws` like the original, so its winner is processed, noted and shown
 * or hidden as any main winner is; `redraw_number` 0 is the original draw.
 * `redraw_requested_at` marks a winner's prize unclaimed (the redraw asked
 * for); `requested_at` is, on a redraw, the instant its beacon round
 * follows. A competition's excluded tickets are its replaced winners.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("draws")
    .addColumn("redraw_number", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("replaces_ticket_number", "integer")
    .addColumn("excluded_ticket_numbers", sql`integer[]`)
    .addColumn("requested_at", "timestamptz")
    .addColumn("redraw_requested_at", "timestamptz")
    .execute()
  await sql`alter table draws add constraint draws_redraw_shape check (
    (redraw_number = 0 and replaces_ticket_number is null
      and excluded_ticket_numbers is null and requested_at is null)
    or (redraw_number > 0 and replaces_ticket_number is not null
      and excluded_ticket_numbers is not null and requested_at is not null
      and outcome = 'Winner'))`.execute(db)
  await sql`drop index draws_one_per_competition`.execute(db)
  await sql`create unique index draws_one_per_redraw_number
    on draws (competition_id, redraw_number)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from draws where redraw_number > 0`.execute(db)
  await sql`drop index draws_one_per_redraw_number`.execute(db)
  await sql`create unique index draws_one_per_competition on draws (competition_id)`.execute(db)
  await sql`alter table draws drop constraint draws_redraw_shape`.execute(db)
  await db.schema
    .alterTable("draws")
    .dropColumn("redraw_number")
    .dropColumn("replaces_ticket_number")
    .dropColumn("excluded_ticket_numbers")
    .dropColumn("requested_at")
    .dropColumn("redraw_requested_at")
    .execute()
}
