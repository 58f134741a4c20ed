import { type Kysely, sql } from "kysely"

/**
 * Frozen: pick your numbers (docs/decisions/0080).
 *
 * - `competitions.pick_your_numbers`: staff's switch; off for every
 *   competition there already is.
 * - `tickets.held_by_basket_id` / `held_until`: the one hold a number can
 *   have, on the number's own row, so holding, a lucky-dip claim and a
 *   picked claim all decide on the same row under its lock (a second
 *   holder's or a lucky dip's recheck sees the hold). A hold whose time has
 *   passed is no hold: nothing needs to run for it to end.
 * - `ticket_holds`: what each basket picked, with when its hold ends. It
 *   outlives an expired hold on purpose: if someone else took the number
 *   meanwhile, the checkout can still say which number the customer lost.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table competitions add column pick_your_numbers boolean not null default false`.execute(
    db,
  )
  await sql`alter table tickets
    add column held_by_basket_id uuid,
    add column held_until timestamptz,
    add constraint tickets_hold_whole check ((held_by_basket_id is null) = (held_until is null))`.execute(
    db,
  )
  await sql`create table ticket_holds (
    basket_id uuid not null references baskets(id) on delete cascade,
    competition_id uuid not null,
    ticket_number integer not null,
    customer_id uuid not null,
    held_at timestamptz not null,
    expires_at timestamptz not null,
    primary key (basket_id, competition_id, ticket_number),
    foreign key (competition_id, ticket_number)
      references tickets (competition_id, ticket_number) on delete cascade,
    check (expires_at > held_at)
  )`.execute(db)
  // The maximum counts a customer's live holds in their other baskets.
  await sql`create index ticket_holds_customer_idx on ticket_holds (customer_id, competition_id)`.execute(
    db,
  )
  await sql`create index ticket_holds_number_idx on ticket_holds (competition_id, ticket_number)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ticket_holds`.execute(db)
  await sql`alter table tickets
    drop constraint tickets_hold_whole,
    drop column held_until,
    drop column held_by_basket_id`.execute(db)
  await sql`alter table competitions drop column pick_your_numbers`.execute(db)
}
