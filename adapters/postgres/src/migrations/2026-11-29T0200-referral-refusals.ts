import { type Kysely, sql } from "kysely"

/**
 * Frozen: a referral refused because the friend is the referrer under
 * another mailbox and card (docs/decisions/0065). When, and which matches
 * refused it, as a comma-separated list of core's words (card, date of
 * birth and surname, telephone, address, mailbox). A refusal settles the
 * referral as a reward does: never both, and staff's harm signals read it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("referrals")
    .addColumn("refused_at", "timestamptz")
    .addColumn("refused_because", "text", (c) =>
      c.check(
        sql`refused_because ~ '^(Card|DateOfBirthAndSurname|Telephone|Address|Email)(,(Card|DateOfBirthAndSurname|Telephone|Address|Email))*$'`,
      ),
    )
    .execute()
  await sql`alter table referrals
    add constraint referrals_refusal_has_reasons
      check ((refused_at is null) = (refused_because is null)),
    add constraint referrals_rewarded_or_refused
      check (rewarded_at is null or refused_at is null)`.execute(db)
  // Harm signals look for recent refusals, by friend and by referrer.
  await sql`create index referrals_refused_idx on referrals (refused_at) where refused_at is not null`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists referrals_refused_idx`.execute(db)
  await sql`alter table referrals
    drop constraint referrals_rewarded_or_refused,
    drop constraint referrals_refusal_has_reasons,
    drop column refused_because,
    drop column refused_at`.execute(db)
}
