import { type Kysely, sql } from "kysely"

/**
 * Frozen: credit cards under the DCMS prize-draw code (decision 0042). A
 * payment keeps the kind of card that paid it and when it succeeded, so a
 * customer's credit-card money in a month is a query; and what the shop told
 * the customer about credit cards when the attempt started. A credit card
 * the rules refuse is refunded with a reason of its own. The sandbox
 * provider keeps the card's kind and whether the shop allowed a credit card
 * on the intent, so its card form can refuse one before money moves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments
    add column card_funding text
      check (card_funding in ('Credit', 'Debit', 'Prepaid', 'Unknown')),
    add column succeeded_at timestamptz,
    add column credit_card_notice text`.execute(db)
  await sql`create index payments_credit_card_month_idx on payments (succeeded_at)
    where card_funding = 'Credit'`.execute(db)
  await sql`alter table payment_refunds
    drop constraint payment_refunds_reason_check,
    add constraint payment_refunds_reason_check
      check (reason in ('OrderCancelled', 'OrderExpired', 'StaffRefund', 'CreditCardRefused'))`.execute(
    db,
  )
  await sql`alter table sandbox_payment_intents
    add column card_funding text
      check (card_funding in ('Credit', 'Debit', 'Prepaid', 'Unknown')),
    add column credit_cards_allowed boolean not null default true,
    add column credit_card_notice text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sandbox_payment_intents
    drop column card_funding,
    drop column credit_cards_allowed,
    drop column credit_card_notice`.execute(db)
  await sql`delete from payment_refunds where reason = 'CreditCardRefused'`.execute(db)
  await sql`alter table payment_refunds
    drop constraint payment_refunds_reason_check,
    add constraint payment_refunds_reason_check
      check (reason in ('OrderCancelled', 'OrderExpired', 'StaffRefund'))`.execute(db)
  await sql`drop index payments_credit_card_month_idx`.execute(db)
  await sql`alter table payments
    drop column card_funding,
    drop column succeeded_at,
    drop column credit_card_notice`.execute(db)
}
