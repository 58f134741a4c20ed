import { type Kysely, sql } from "kysely"

/**
 * Frozen: the back office's reads at a real shop's size
 * (docs/decisions/0090-the-back-office-at-size.md), measured on the large
 * shop `npm run seed:large` makes.
 *
 * - Settlements: a window's payments are found by three index-led halves
 *   (the window's orders, payments that succeeded in it, payments started
 *   in it) instead of one OR that read every payment.
 * - Customers list: sorted by surname and first name, read in that order
 *   instead of sorting every user for each page.
 * - Contains searches (customers by name or email, orders by customer name
 *   or email): trigram indexes, where the server has pg_trgm (PostgreSQL's
 *   contrib, shipped with Debian's and the official images; the embedded
 *   database loads it too). Without it the searches still answer, reading
 *   every user, and the indexes are left out rather than the shop refusing
 *   to start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index payments_created_idx on payments (created_at)`.execute(db)
  await sql`create index payments_succeeded_idx
    on payments ((coalesce(succeeded_at, updated_at)))
    where status in ('Succeeded', 'Refunded')`.execute(db)
  await sql`create index users_name_idx on users (last_name, first_name)`.execute(db)

  const { rows } = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available`.execute(
    db,
  )
  if (!rows[0]?.available) return
  await sql`create extension if not exists pg_trgm`.execute(db)
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db)
  await sql`create index users_first_name_trgm_idx
    on users using gin (first_name gin_trgm_ops)`.execute(db)
  await sql`create index users_last_name_trgm_idx
    on users using gin (last_name gin_trgm_ops)`.execute(db)
  await sql`create index users_full_name_trgm_idx
    on users using gin ((first_name || ' ' || last_name) gin_trgm_ops)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "users_full_name_trgm_idx",
    "users_last_name_trgm_idx",
    "users_first_name_trgm_idx",
    "users_email_trgm_idx",
    "users_name_idx",
    "payments_succeeded_idx",
    "payments_created_idx",
  ])
    await sql`drop index if exists ${sql.ref(index)}`.execute(db)
}
