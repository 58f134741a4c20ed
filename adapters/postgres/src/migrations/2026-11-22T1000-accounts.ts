import { type Kysely, sql } from "kysely"

/**
 * Frozen: accounts, sessions, one-time links, the mail outbox, rate-limit
 * counters and shared settings, as they were on the day this was written.
 * Secrets are never stored: passwords as argon2id hashes, tokens as SHA-256.
 */

const uuidPrimaryKey = sql`gen_random_uuid()`

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("email_verified", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('Customer', 'Staff', 'Admin')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  // One account per mailbox, however the address is capitalised.
  await sql`create unique index users_email_key on users (lower(email))`.execute(db)

  await db.schema
    .createTable("customers")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("user_id", "uuid", (c) =>
      c.notNull().unique().references("users.id").onDelete("cascade"),
    )
    .addColumn("date_of_birth", "date", (c) => c.notNull())
    .addColumn("telephone_number", "text", (c) => c.notNull())
    .addColumn("billing_line1", "text")
    .addColumn("billing_line2", "text")
    .addColumn("billing_city", "text")
    .addColumn("billing_county", "text")
    .addColumn("billing_post_code", "text")
    .addColumn("shipping_line1", "text")
    .addColumn("shipping_line2", "text")
    .addColumn("shipping_city", "text")
    .addColumn("shipping_county", "text")
    .addColumn("shipping_post_code", "text")
    .addColumn("allow_marketing_by_email", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("allow_marketing_by_phone", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("allow_marketing_by_text", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("allow_marketing_by_post", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // An address is all there (line 1 and postcode at least) or not there at all.
    .addCheckConstraint(
      "customers_billing_address_whole",
      sql`(billing_line1 is null) = (billing_post_code is null)`,
    )
    .addCheckConstraint(
      "customers_shipping_address_whole",
      sql`(shipping_line1 is null) = (shipping_post_code is null)`,
    )
    .execute()

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("family_id", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    // Spent tokens are kept until their family ends: a spent token coming back is the alarm.
    .addColumn("spent_at", "timestamptz")
    .execute()
  await db.schema
    .createIndex("refresh_tokens_family_idx")
    .on("refresh_tokens")
    .column("family_id")
    .execute()
  await db.schema
    .createIndex("refresh_tokens_user_idx")
    .on("refresh_tokens")
    .column("user_id")
    .execute()

  await db.schema
    .createTable("one_time_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) =>
      c.notNull().check(sql`purpose in ('VerifyEmail', 'ResetPassword', 'Login')`),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute()
  await sql`create index one_time_tokens_outstanding_idx on one_time_tokens (user_id, purpose) where used_at is null`.execute(
    db,
  )

  await db.schema
    .createTable("outbox")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    // A sender holds a message until then; if it dies, the message is claimable again after.
    .addColumn("claimed_until", "timestamptz")
    .addColumn("sent_at", "timestamptz")
    .addColumn("failed_at", "timestamptz")
    .addColumn("last_error", "text")
    .execute()
  await sql`create index outbox_pending_idx on outbox (created_at) where sent_at is null and failed_at is null`.execute(
    db,
  )
  await db.schema
    .createIndex("outbox_to_idx")
    .on("outbox")
    .columns(["to_address", "created_at"])
    .execute()

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .execute()

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "settings",
    "rate_limits",
    "outbox",
    "one_time_tokens",
    "refresh_tokens",
    "customers",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
