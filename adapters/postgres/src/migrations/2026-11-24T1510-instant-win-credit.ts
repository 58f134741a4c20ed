import { type Kysely, sql } from "kysely"

/**
 * Frozen: an instant-win prize of site credit is a ledger entry of its own
 * reason, naming the winning ticket, and each winning ticket is credited
 * once, whatever retries or racers do. Its entry names no order: one order
 * may win several prizes, and the once-per-order index is for debits and
 * refunds; the ticket names its order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("site_credit_entries")
    .addColumn("instant_win_ticket_id", "uuid", (c) => c.references("instant_win_tickets.id"))
    .execute()
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (reason in ('OrderDebit', 'OrderRefund', 'Grant', 'InstantWin')),
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (
      (reason = 'OrderDebit' and amount_pence < 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'OrderRefund' and amount_pence > 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'Grant' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is null)
      or (reason = 'InstantWin' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is not null))`.execute(db)
  await sql`create unique index site_credit_entries_once_per_instant_win
    on site_credit_entries (instant_win_ticket_id) where instant_win_ticket_id is not null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_credit_entries where reason = 'InstantWin'`.execute(db)
  await sql`drop index if exists site_credit_entries_once_per_instant_win`.execute(db)
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (
      (reason = 'OrderDebit' and amount_pence < 0 and order_id is not null)
      or (reason = 'OrderRefund' and amount_pence > 0 and order_id is not null)
      or (reason = 'Grant' and amount_pence > 0 and order_id is null)),
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (reason in ('OrderDebit', 'OrderRefund', 'Grant'))`.execute(db)
  await db.schema.alterTable("site_credit_entries").dropColumn("instant_win_ticket_id").execute()
}
