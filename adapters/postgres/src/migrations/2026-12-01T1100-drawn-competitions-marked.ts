import { type Kysely, sql } from "kysely"

/**
 * Frozen: competitions drawn before a recorded draw marked its competition
 * drawn (docs/decisions/0024-making-a-draw.md, follow-up; repos/draw-records.ts now sets
 * `drawn_at` in the statement that inserts the draw) are marked now, at
 * their draw's time, so the checkout's late-buyer guard and the back
 * office's refusals to edit, delete or bring forward a drawn competition
 * hold for them too. A competition already marked keeps its mark.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update competitions c set drawn_at = d.drawn_at
    from draws d
    where d.competition_id = c.id and c.drawn_at is null`.execute(db)
}

/** Nothing to undo: the marks are what the draws say. */
export async function down(): Promise<void> {}
