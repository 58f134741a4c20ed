import { type Kysely, sql } from "kysely"

/**
 * Frozen: refer a friend (docs/decisions/0039). A customer's referral code
 * (one each, unique); a friend's referral (one per friend, never oneself);
 * the invitations sent, by a hash of the mailbox (no stranger's address is
 * kept), to send none twice in a week; the fingerprint of the card a
 * payment took (never its number), for the self-referral check; and the
 * reward on the site-credit ledger, once per referral and customer.
 *
 * The ledger's reason and shape checks are extended as they stand, not
 * rewritten: other work adds reasons of its own, and a fixed list here
 * would drop theirs.
 */
const constraintBody = async (db: Kysely<unknown>, name: string): Promise<string> => {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(oid) as def from pg_constraint
    where conname = ${name} and conrelid = 'site_credit_entries'::regclass`.execute(db)
  const def = rows[0]?.def
  if (def === undefined) throw new Error(`constraint ${name} not found`)
  // "CHECK (...)" -> "(...)"
  return def.replace(/^CHECK\s*/i, "")
}

const REFERRAL_SHAPE = sql.raw(`(reason = 'ReferralReward' and amount_pence > 0 and order_id is null
  and instant_win_ticket_id is null and referral_id is not null)`)

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("referral_codes")
    .addColumn("customer_id", "uuid", (c) => c.primaryKey().references("customers.id"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable("referrals")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("friend_customer_id", "uuid", (c) => c.notNull().unique().references("customers.id"))
    .addColumn("referrer_customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    .addColumn("joined_at", "timestamptz", (c) => c.notNull())
    .addColumn("rewarded_at", "timestamptz")
    .addCheckConstraint("referrals_not_oneself", sql`friend_customer_id <> referrer_customer_id`)
    .execute()
  await sql`create index referrals_referrer_idx on referrals (referrer_customer_id, joined_at desc)`.execute(
    db,
  )

  await db.schema
    .createTable("referral_invitations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("inviter_customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    .addColumn("mailbox_hash", "text", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull())
    .execute()
  await sql`create index referral_invitations_mailbox_idx on referral_invitations (mailbox_hash, sent_at desc)`.execute(
    db,
  )

  await db.schema.alterTable("payments").addColumn("card_fingerprint", "text").execute()
  await db.schema
    .alterTable("sandbox_payment_intents")
    .addColumn("card_fingerprint", "text")
    .execute()

  await db.schema
    .alterTable("site_credit_entries")
    .addColumn("referral_id", "uuid", (c) => c.references("referrals.id"))
    .execute()
  const reasons = await constraintBody(db, "site_credit_entries_reason_check")
  const shape = await constraintBody(db, "site_credit_entries_shape")
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check
      check (${sql.raw(reasons)} or reason = 'ReferralReward'),
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check (${sql.raw(shape)} or ${REFERRAL_SHAPE})`.execute(
    db,
  )
  await sql`create unique index site_credit_entries_once_per_referral
    on site_credit_entries (referral_id, customer_id) where referral_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from site_credit_entries where reason = 'ReferralReward'`.execute(db)
  await sql`drop index if exists site_credit_entries_once_per_referral`.execute(db)
  const reasons = await constraintBody(db, "site_credit_entries_reason_check")
  const shape = await constraintBody(db, "site_credit_entries_shape")
  // Our disjunct becomes false: the checks then admit exactly what they did before.
  const withoutReferrals = (body: string) =>
    body
      .replace(/\(\(reason = 'ReferralReward'::text\)(?: AND \([^()]*\))*\)/g, "false")
      .replace(/\(reason = 'ReferralReward'::text\)/g, "false")
  await sql`alter table site_credit_entries
    drop constraint site_credit_entries_reason_check,
    add constraint site_credit_entries_reason_check check ${sql.raw(withoutReferrals(reasons))},
    drop constraint site_credit_entries_shape,
    add constraint site_credit_entries_shape check ${sql.raw(withoutReferrals(shape))}`.execute(db)
  await db.schema.alterTable("site_credit_entries").dropColumn("referral_id").execute()
  await db.schema.alterTable("sandbox_payment_intents").dropColumn("card_fingerprint").execute()
  await db.schema.alterTable("payments").dropColumn("card_fingerprint").execute()
  await db.schema.dropTable("referral_invitations").execute()
  await db.schema.dropTable("referrals").execute()
  await db.schema.dropTable("referral_codes").execute()
}
