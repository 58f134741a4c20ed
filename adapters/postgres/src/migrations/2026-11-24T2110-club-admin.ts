import { type Kysely, sql } from "kysely"

/**
 * Frozen: clubs for staff (docs/decisions/0033). Each club has a current
 * voucher, the code the club-perks list shows (backfilled with its first);
 * the money the operator paid a club is an append-only ledger of its own
 * (a trigger refuses UPDATE and DELETE), so what a club is owed is always
 * earned − reversed − paid out. Names are unique in any case. The
 * club-perks Resource now follows the clubs table, so its separately
 * edited copy goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("clubs")
    .addColumn("voucher_promotion_id", "uuid", (c) =>
      c.unique().references("promotions.id").onDelete("set null"),
    )
    .execute()
  await sql`update clubs set voucher_promotion_id = (
      select p.id from promotions p where p.club_id = clubs.id order by p.created_at, p.id limit 1)`.execute(
    db,
  )

  await db.schema
    .createTable("club_payouts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("club_id", "uuid", (c) => c.notNull().references("clubs.id"))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence > 0`))
    .addColumn("reference", "text", (c) => c.notNull())
    // A fact, not a foreign key: removing a staff user keeps what they recorded.
    .addColumn("recorded_by", "uuid", (c) => c.notNull())
    .addColumn("paid_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index club_payouts_club_idx on club_payouts (club_id, paid_at desc)`.execute(db)
  await sql`create index club_credit_entries_club_idx on club_credit_entries (club_id, created_at desc)`.execute(
    db,
  )
  await sql`
    create function club_payouts_are_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'club payouts are append-only';
    end
    $$`.execute(db)
  await sql`
    create trigger club_payouts_append_only before update or delete on club_payouts
    for each row execute function club_payouts_are_append_only()`.execute(db)

  // "Kent CCC" and "kent ccc" are one club to a person reading the list.
  await sql`create unique index clubs_name_any_case_key on clubs (lower(name))`.execute(db)

  await sql`delete from resources where key = 'content-list-clubs'`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists clubs_name_any_case_key`.execute(db)
  await db.schema.dropTable("club_payouts").execute()
  await sql`drop function if exists club_payouts_are_append_only()`.execute(db)
  await sql`drop index if exists club_credit_entries_club_idx`.execute(db)
  await db.schema.alterTable("clubs").dropColumn("voucher_promotion_id").execute()
}
