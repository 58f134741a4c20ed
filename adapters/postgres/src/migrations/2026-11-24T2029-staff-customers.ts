import { type Kysely, sql } from "kysely"

/**
 * Frozen: staff's site-credit adjustments are ledger entries of their own
 * reason, either way, never tied to an order or a prize (their balance
 * check is core's, under the customer's row lock); and a customer record
 * remembers when it was erased (UK GDPR, docs/decisions/0029), so an
 * erasure is done once and the back office can say so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("customers").addColumn("erased_at", "timestamptz").execute()
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (reason in ('OrderDebit', 'OrderRefund', 'Grant', 'InstantWin', 'Adjustment')),
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (
      (reason = 'OrderDebit' and amount_pence < 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'OrderRefund' and amount_pence > 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'Grant' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is null)
      or (reason = 'InstantWin' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is not null)
      or (reason = 'Adjustment' and amount_pence <> 0 and order_id is null
        and instant_win_ticket_id is null))`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_credit_entries where reason = 'Adjustment'`.execute(db)
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (
      (reason = 'OrderDebit' and amount_pence < 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'OrderRefund' and amount_pence > 0 and order_id is not null
        and instant_win_ticket_id is null)
      or (reason = 'Grant' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is null)
      or (reason = 'InstantWin' and amount_pence > 0 and order_id is null
        and instant_win_ticket_id is not null)),
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (reason in ('OrderDebit', 'OrderRefund', 'Grant', 'InstantWin'))`.execute(db)
  await db.schema.alterTable("customers").dropColumn("erased_at").execute()
}
