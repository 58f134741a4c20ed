import { type Kysely, sql } from "kysely"

/**
 * Frozen: the append-only audit log of staff writes (decision 0026). A
 * trigger refuses every UPDATE and DELETE, so not even a bug in the shop
 * can rewrite history; the entry is written in the transaction of the
 * change it describes. actor_user_id is kept as a fact, not a foreign key,
 * so removing a staff user keeps what they did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("actor_user_id", "uuid", (c) => c.notNull())
    .addColumn("actor_role", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject_type", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .execute()
  await sql`create index audit_log_at_idx on audit_log (at desc, id)`.execute(db)
  await sql`create index audit_log_subject_idx on audit_log (subject_type, subject_id, at desc)`.execute(
    db,
  )
  await sql`create index audit_log_actor_idx on audit_log (actor_user_id, at desc)`.execute(db)
  await sql`
    create function audit_log_is_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'the audit log is append-only';
    end
    $$`.execute(db)
  await sql`
    create trigger audit_log_append_only before update or delete on audit_log
    for each row execute function audit_log_is_append_only()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("audit_log").execute()
  await sql`drop function if exists audit_log_is_append_only()`.execute(db)
}
