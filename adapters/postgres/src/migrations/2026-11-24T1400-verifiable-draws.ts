import { createHash, randomBytes } from "node:crypto"
import { type Kysely, sql } from "kysely"

/**
 * Frozen: verifiable draws (docs/fairness.md). Every competition holds a
 * secret 32-byte seed and publishes its SHA-256 from the moment it exists;
 * instant-win numbers are committed by a salted hash. A draw records what
 * its proof publishes, and the exact entry list it was drawn from, so the
 * list stays downloadable unchanged whatever happens to orders later.
 *
 * Competitions that already exist get their seed now: their proof shows
 * when the commitment was published, so a draw whose commitment came after
 * its close is visible as such. The only draws before this were the demo
 * seed's stand-ins, with no seed; they are removed and drawn for real.
 */

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex")
const sha256Hex = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex")

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("competitions")
    .addColumn("draw_seed", "text")
    .addColumn("draw_seed_commitment", "text")
    .addColumn("seed_committed_at", "timestamptz")
    .addColumn("instant_win_salt", "text")
    .addColumn("instant_win_commitment", "text")
    // Set by the draw under the competition's row lock; a late checkout's counter bump sees it.
    .addColumn("drawn_at", "timestamptz")
    .execute()

  const existing = await sql<{ id: string }>`select id from competitions`.execute(db)
  for (const { id } of existing.rows) {
    const seed = randomBytes(32)
    await sql`update competitions set draw_seed = ${hex(seed)},
        draw_seed_commitment = ${sha256Hex(seed)}, seed_committed_at = now()
      where id = ${id}::uuid`.execute(db)
    const numbers = await sql<{ line: string }>`
      select instant_win_group_id::text || ':' || ticket_number as line
      from instant_win_tickets where competition_id = ${id}::uuid`.execute(db)
    if (numbers.rows.length === 0) continue
    const salt = hex(randomBytes(32))
    const lines = numbers.rows
      .map((r) => r.line.toLowerCase())
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .join("\n")
    await sql`update competitions set instant_win_salt = ${salt},
        instant_win_commitment = ${sha256Hex(`${salt}\n${lines}`)}
      where id = ${id}::uuid`.execute(db)
  }
  await sql`alter table competitions
    alter column draw_seed set not null,
    alter column draw_seed_commitment set not null,
    alter column seed_committed_at set not null,
    add constraint competitions_draw_seed_is_32_bytes check (draw_seed ~ '^[0-9a-f]{64}$'),
    add constraint competitions_instant_win_commitment_salted
      check ((instant_win_salt is null) = (instant_win_commitment is null))`.execute(db)

  await sql`delete from draws where seed is null`.execute(db)
  await db.schema
    .alterTable("draws")
    .dropColumn("seed_hash")
    .dropColumn("seed")
    .addColumn("drawn_at", "timestamptz")
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('Winner', 'NoEntries')`))
    .addColumn("entries_hash", "text")
    .addColumn("entry_count", "integer", (c) => c.check(sql`entry_count >= 0`))
    .addColumn("beacon_source", "text", (c) => c.check(sql`beacon_source in ('drand', 'none')`))
    .addColumn("beacon_value", "text")
    .addColumn("beacon_round", "bigint")
    .addColumn("beacon_url", "text")
    .addColumn("attempt", "integer", (c) => c.check(sql`attempt >= 0`))
    .execute()
  await sql`alter table draws
    alter column drawn_at set not null,
    alter column outcome set not null,
    alter column entries_hash set not null,
    alter column entry_count set not null,
    alter column beacon_source set not null,
    alter column beacon_value set not null,
    add constraint draws_winner_when_entries check (
      (outcome = 'Winner') = (winning_ticket_number is not null and attempt is not null)
      and (outcome = 'Winner') = (entry_count > 0))`.execute(db)
  // Exactly one draw per competition, whatever several processes try at once.
  await sql`drop index if exists draws_competition_idx`.execute(db)
  await sql`create unique index draws_one_per_competition on draws (competition_id)`.execute(db)

  // The entry list as drawn: decimal numbers joined by "\n", what entries_hash hashes.
  await db.schema
    .createTable("draw_entries")
    .addColumn("draw_id", "uuid", (c) => c.primaryKey().references("draws.id").onDelete("cascade"))
    .addColumn("entries", "text", (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("draw_entries").execute()
  await sql`drop index if exists draws_one_per_competition`.execute(db)
  await sql`create index draws_competition_idx on draws (competition_id)`.execute(db)
  await sql`alter table draws drop constraint draws_winner_when_entries`.execute(db)
  await db.schema
    .alterTable("draws")
    .dropColumn("drawn_at")
    .dropColumn("outcome")
    .dropColumn("entries_hash")
    .dropColumn("entry_count")
    .dropColumn("beacon_source")
    .dropColumn("beacon_value")
    .dropColumn("beacon_round")
    .dropColumn("beacon_url")
    .dropColumn("attempt")
    .addColumn("seed_hash", "text")
    .addColumn("seed", "text")
    .execute()
  await db.schema
    .alterTable("competitions")
    .dropColumn("draw_seed")
    .dropColumn("draw_seed_commitment")
    .dropColumn("seed_committed_at")
    .dropColumn("instant_win_salt")
    .dropColumn("instant_win_commitment")
    .dropColumn("drawn_at")
    .execute()
}
