import { type Kysely, sql } from "kysely"

/**
 * Frozen: images as a library staff upload to (decision 0028). An image may
 * be in no group until staff put it in one; an uploaded image's bytes are
 * in the file store under `file_key` (its SHA-256, shared by images with
 * the same bytes), and images known only by a URL (the seed's) have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table images alter column image_group_id drop not null`.execute(db)
  await db.schema
    .alterTable("images")
    .addColumn("file_key", "text")
    .addColumn("directory", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content_type", "text")
    .addColumn("byte_size", "integer", (c) => c.check(sql`byte_size > 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index images_file_key_idx on images (file_key) where file_key is not null`.execute(
    db,
  )
  await sql`create index images_created_at_idx on images (created_at desc, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists images_created_at_idx`.execute(db)
  await sql`drop index if exists images_file_key_idx`.execute(db)
  await db.schema
    .alterTable("images")
    .dropColumn("file_key")
    .dropColumn("directory")
    .dropColumn("content_type")
    .dropColumn("byte_size")
    .dropColumn("created_at")
    .execute()
  await sql`delete from images where image_group_id is null`.execute(db)
  await sql`alter table images alter column image_group_id set not null`.execute(db)
}
