import { type Kysely, sql } from "kysely"

/**
 * Frozen: baskets, promotions, orders, order lines and payments as they were
 * on the day this was written. Money is integer pence and never negative.
 */

const uuidPrimaryKey = sql`gen_random_uuid()`

export async function up(db: Kysely<unknown>): Promise<void> {
  // The id is the only thing an anonymous visitor holds, so it is a random uuid, never a sequence.
  await db.schema
    .createTable("baskets")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("customer_id", "uuid", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("auto_roundup", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("site_credit_requested_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`site_credit_requested_pence >= 0`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable("basket_items")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("basket_id", "uuid", (c) => c.notNull().references("baskets.id").onDelete("cascade"))
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // docs/product/states.md: only one basket item per competition.
    .addUniqueConstraint("basket_items_one_per_competition", ["basket_id", "competition_id"])
    .execute()

  await db.schema
    .createTable("promotions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    // Stored normalised (letters and digits, upper case), so lookups are exact.
    .addColumn("code", "text", (c) => c.notNull().unique().check(sql`code ~ '^[A-Z0-9]+$'`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("discount_kind", "text", (c) =>
      c.notNull().check(sql`discount_kind in ('Percentage', 'Fixed')`),
    )
    .addColumn("percent", "integer", (c) => c.check(sql`percent between 1 and 100`))
    .addColumn("amount_pence", "integer", (c) => c.check(sql`amount_pence > 0`))
    // Null means the whole basket.
    .addColumn("competition_id", "uuid", (c) => c.references("competitions.id").onDelete("cascade"))
    .addColumn("valid_from", "timestamptz")
    .addColumn("valid_to", "timestamptz")
    .addColumn("usage_limit", "integer", (c) => c.check(sql`usage_limit > 0`))
    .addColumn("usage_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      "promotions_discount_shape",
      sql`(discount_kind = 'Percentage' and percent is not null and amount_pence is null)
       or (discount_kind = 'Fixed' and amount_pence is not null and percent is null)`,
    )
    // Like tickets_sold, the database refuses to go past the limit whatever the code does.
    .addCheckConstraint(
      "promotions_usage_within_limit",
      sql`usage_count >= 0 and (usage_limit is null or usage_count <= usage_limit)`,
    )
    .execute()

  await db.schema
    .createTable("basket_promotions")
    .addColumn("basket_id", "uuid", (c) => c.notNull().references("baskets.id").onDelete("cascade"))
    .addColumn("promotion_id", "uuid", (c) =>
      c.notNull().references("promotions.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("basket_promotions_pkey", ["basket_id", "promotion_id"])
    .execute()

  await db.schema
    .createTable("orders")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    // Short and random: a sequence would tell anyone how many orders the shop takes.
    .addColumn("order_ref", "text", (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10))`),
    )
    // UNIQUE is what makes checkout idempotent per basket: a second insert finds the first.
    .addColumn("basket_id", "uuid", (c) => c.notNull().unique().references("baskets.id"))
    .addColumn("customer_id", "uuid", (c) => c.notNull().references("customers.id"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("Pending")
        .check(
          sql`status in ('Pending', 'AwaitingPayment', 'Completed', 'Cancelled', 'SystemCancelled')`,
        ),
    )
    .addColumn("item_total_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`item_total_pence >= 0`),
    )
    .addColumn("discount_total_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`discount_total_pence >= 0`),
    )
    .addColumn("donation_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`donation_pence >= 0`),
    )
    .addColumn("site_credit_debit_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`site_credit_debit_pence >= 0`),
    )
    .addColumn("order_total_pence", "integer", (c) =>
      c.notNull().defaultTo(0).check(sql`order_total_pence >= 0`),
    )
    // [{ competitionName, exceptionReason }] as reported at allocation (docs/product/errors.md).
    .addColumn("allocation_exceptions", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema.createIndex("orders_customer_idx").on("orders").column("customer_id").execute()
  // The expiry job scans only the unpaid orders.
  await sql`create index orders_unpaid_expiry_idx on orders (expires_at) where status in ('Pending', 'AwaitingPayment')`.execute(
    db,
  )

  await db.schema
    .createTable("order_lines")
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("competition_id", "uuid", (c) => c.notNull().references("competitions.id"))
    .addColumn("quantity_requested", "integer", (c) =>
      c.notNull().check(sql`quantity_requested > 0`),
    )
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity >= 0`))
    .addColumn("unit_price_pence", "integer", (c) => c.notNull().check(sql`unit_price_pence >= 0`))
    .addColumn("pre_discount_total_pence", "integer", (c) =>
      c.notNull().check(sql`pre_discount_total_pence >= 0`),
    )
    .addColumn("line_total_pence", "integer", (c) =>
      c
        .notNull()
        .check(sql`line_total_pence >= 0 and line_total_pence <= pre_discount_total_pence`),
    )
    .addPrimaryKeyConstraint("order_lines_pkey", ["order_id", "competition_id"])
    .execute()

  // For the payment phase: one row per attempt, unique per provider reference so a replayed
  // notification finds the payment it already recorded.
  await db.schema
    .createTable("payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("order_id", "uuid", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence >= 0`))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('Pending', 'Succeeded', 'Failed')`),
    )
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_reference", "text")
    .addColumn("client_token", "text")
    .addColumn("failure_detail", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("payments_provider_reference_key", ["provider", "provider_reference"])
    .execute()
  await db.schema.createIndex("payments_order_idx").on("payments").column("order_id").execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "payments",
    "order_lines",
    "orders",
    "basket_promotions",
    "promotions",
    "basket_items",
    "baskets",
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
