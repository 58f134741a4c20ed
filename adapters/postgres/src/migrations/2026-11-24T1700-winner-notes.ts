import { type Kysely, sql } from "kysely"

/**
 * Frozen: what staff do once someone has won (decision 0023).
 * A main prize and a non-credit instant-win prize are handed over by hand:
 * `processed_at` says when, `processed_by_user_id` who marked it. Notes are
 * the staff's record of that hand-over, each about exactly one winner: a
 * main winner (its draw, by competition and winning ticket) or an instant
 * win. The keys reach the winner's own row, so a note cannot name a ticket
 * that did not win, and goes when its winner does.
 */
const WINNER_NOTE_MAX_LENGTH = 2000

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("draws")
    .addColumn("processed_at", "timestamptz")
    .addColumn("processed_by_user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .execute()
  await db.schema
    .alterTable("instant_win_tickets")
    .addColumn("processed_by_user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .execute()
  // The target of the notes' key: a draw's winner is its competition and winning ticket.
  await sql`create unique index draws_winner_key
    on draws (competition_id, winning_ticket_number)`.execute(db)

  await db.schema
    .createTable("winner_notes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("competition_id", "uuid")
    .addColumn("ticket_number", "integer")
    .addColumn("instant_win_ticket_id", "uuid", (c) =>
      c.references("instant_win_tickets.id").onDelete("cascade"),
    )
    .addColumn("text", "text", (c) =>
      c
        .notNull()
        .check(
          sql`text ~ '[^[:space:]]' and char_length(text) <= ${sql.lit(WINNER_NOTE_MAX_LENGTH)}`,
        ),
    )
    // A staff member who leaves takes nothing with them: their notes stay, unsigned.
    .addColumn("author_user_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addForeignKeyConstraint(
      "winner_notes_main_winner_fkey",
      ["competition_id", "ticket_number"],
      "draws",
      ["competition_id", "winning_ticket_number"],
      (fk) => fk.onDelete("cascade"),
    )
    .addCheckConstraint(
      "winner_notes_one_winner",
      sql`(competition_id is not null and ticket_number is not null
            and instant_win_ticket_id is null)
        or (competition_id is null and ticket_number is null
            and instant_win_ticket_id is not null)`,
    )
    .execute()
  await sql`create index winner_notes_main_idx on winner_notes (competition_id, ticket_number, created_at)
    where competition_id is not null`.execute(db)
  await sql`create index winner_notes_instant_win_idx on winner_notes (instant_win_ticket_id, created_at)
    where instant_win_ticket_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("winner_notes").execute()
  await sql`drop index if exists draws_winner_key`.execute(db)
  await db.schema.alterTable("instant_win_tickets").dropColumn("processed_by_user_id").execute()
  await db.schema
    .alterTable("draws")
    .dropColumn("processed_at")
    .dropColumn("processed_by_user_id")
    .execute()
}
