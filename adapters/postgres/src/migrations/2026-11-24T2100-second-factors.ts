import { type Kysely, sql } from "kysely"

/**
 * Frozen: an Admin's second factor (docs/decisions/0032). One authenticator
 * per user: the confirmed TOTP secret, or one being set up, and the last
 * time step accepted (a step at or before it is a replay). Recovery codes
 * and sign-in challenges are kept only as SHA-256 hashes. Deleting the user
 * deletes all three.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("second_factors")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text")
    .addColumn("pending_secret", "text")
    .addColumn("last_used_step", "integer")
    .addColumn("confirmed_at", "timestamptz")
    .addCheckConstraint("second_factors_confirmed", sql`(secret is null) = (confirmed_at is null)`)
    .execute()

  await db.schema
    .createTable("second_factor_recovery_codes")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addPrimaryKeyConstraint("second_factor_recovery_codes_pkey", ["user_id", "code_hash"])
    .execute()

  await db.schema
    .createTable("second_factor_challenges")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0).check(sql`attempts >= 0`))
    .addColumn("spent_at", "timestamptz")
    .execute()
  await db.schema
    .createIndex("second_factor_challenges_user_idx")
    .on("second_factor_challenges")
    .column("user_id")
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("second_factor_challenges").execute()
  await db.schema.dropTable("second_factor_recovery_codes").execute()
  await db.schema.dropTable("second_factors").execute()
}
