import { type Kysely, sql } from "kysely"

/**
 * Frozen: the two big writes made cheaper
 * (docs/decisions/0091-big-operations-measured.md).
 *
 * A pool's foreign key to its competition was checked once per ticket row:
 * creating a competition of a million tickets ran the check a million
 * times, about a third of the insert. It becomes a check per statement
 * over the rows the statement wrote (a transition table), with the same
 * key-share lock on the competition the foreign key took, so a competition
 * being deleted is still waited for and a deleted one still refused. The
 * rest of what the key did stays: deleting a competition deletes its pool
 * (the old `on delete cascade`), and a ticket never moves to another
 * competition, nor a competition to another id while it has a pool.
 *
 * The published entry list of a draw (about 7 MB for a million entries) is
 * compressed with lz4 where the server has it: pglz took three times as
 * long to write it inside the draw's transaction. The embedded database
 * (PGlite) has only pglz, and keeps it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tickets drop constraint tickets_competition_id_fkey`.execute(db)

  await sql`create function tickets_competition_exists() returns trigger
    language plpgsql as $$
    declare
      wanted uuid[];
      found bigint;
    begin
      -- One pass over the rows written: their competitions, each once.
      select array_agg(n.competition_id) into wanted
        from (select distinct competition_id from new_tickets) n;
      -- Locked as the foreign key locked them: a delete in flight is waited
      -- for, and a competition it deleted is not found.
      select count(*) into found from (
        select c.id from competitions c where c.id = any(wanted) for key share of c
      ) locked;
      if found < coalesce(cardinality(wanted), 0) then
        raise exception 'insert or update on table "tickets" violates foreign key constraint "tickets_competition_id_fkey"'
          using errcode = 'foreign_key_violation', constraint = 'tickets_competition_id_fkey',
            table = 'tickets', detail = 'A ticket belongs to a competition that exists.';
      end if;
      return null;
    end
    $$`.execute(db)
  await sql`create trigger tickets_competition_exists
    after insert on tickets referencing new table as new_tickets
    for each statement execute function tickets_competition_exists()`.execute(db)

  // Only when an update names the column (no claim or release does): no cost on the sales path.
  await sql`create function tickets_keep_competition() returns trigger
    language plpgsql as $$
    begin
      if new.competition_id is distinct from old.competition_id then
        raise exception 'a ticket stays in its competition'
          using errcode = 'foreign_key_violation', constraint = 'tickets_competition_id_fkey',
            table = 'tickets';
      end if;
      return new;
    end
    $$`.execute(db)
  await sql`create trigger tickets_keep_competition
    before update of competition_id on tickets
    for each row execute function tickets_keep_competition()`.execute(db)

  await sql`create function competitions_keep_id() returns trigger
    language plpgsql as $$
    begin
      if new.id is distinct from old.id
        and exists (select 1 from tickets where competition_id = old.id) then
        raise exception 'a competition with a pool keeps its id'
          using errcode = 'foreign_key_violation', constraint = 'tickets_competition_id_fkey',
            table = 'competitions';
      end if;
      return new;
    end
    $$`.execute(db)
  await sql`create trigger competitions_keep_id
    before update of id on competitions
    for each row execute function competitions_keep_id()`.execute(db)

  await sql`create function competitions_delete_pool() returns trigger
    language plpgsql as $$
    begin
      delete from tickets t using old_competitions o where t.competition_id = o.id;
      return null;
    end
    $$`.execute(db)
  await sql`create trigger competitions_delete_pool
    after delete on competitions referencing old table as old_competitions
    for each statement execute function competitions_delete_pool()`.execute(db)

  await sql`do $$
    begin
      if exists (select 1 from pg_settings
          where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
        alter table draw_entries alter column entries set compression lz4;
      end if;
    end
    $$`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table draw_entries alter column entries set compression default`.execute(db)
  await sql`drop trigger if exists competitions_delete_pool on competitions`.execute(db)
  await sql`drop function if exists competitions_delete_pool()`.execute(db)
  await sql`drop trigger if exists competitions_keep_id on competitions`.execute(db)
  await sql`drop function if exists competitions_keep_id()`.execute(db)
  await sql`drop trigger if exists tickets_keep_competition on tickets`.execute(db)
  await sql`drop function if exists tickets_keep_competition()`.execute(db)
  await sql`drop trigger if exists tickets_competition_exists on tickets`.execute(db)
  await sql`drop function if exists tickets_competition_exists()`.execute(db)
  await sql`alter table tickets add constraint tickets_competition_id_fkey
    foreign key (competition_id) references competitions (id) on delete cascade`.execute(db)
}
