import { type Kysely, sql } from "kysely"

/**
 * Frozen: this file describes the schema as it was on the day it was written.
 * Change the schema with a new, later-dated migration, never by editing this.
 * Names are written in snake_case, so the file means the same with or
 * without the CamelCasePlugin.
 */

const uuidPrimaryKey = sql`gen_random_uuid()`

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("categories")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("visibility_status", "text", (c) =>
      c.notNull().defaultTo("Visible").check(sql`visibility_status in ('Visible', 'Hidden')`),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()

  await db.schema
    .createTable("attribute_types")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("description", "text", (c) => c.notNull().unique())
    .execute()

  await db.schema
    .createTable("image_groups")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .execute()

  await db.schema
    .createTable("images")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("image_group_id", "uuid", (c) =>
      c.notNull().references("image_groups.id").onDelete("cascade"),
    )
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex("images_image_group_id_idx")
    .on("images")
    .columns(["image_group_id", "sort_order"])
    .execute()

  await db.schema
    .createTable("competitions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("ticket_price_pence", "integer", (c) =>
      c.notNull().check(sql`ticket_price_pence >= 0`),
    )
    .addColumn("total_tickets", "integer", (c) => c.notNull().check(sql`total_tickets > 0`))
    .addColumn("tickets_sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_tickets_per_customer", "integer", (c) =>
      c.notNull().check(sql`max_tickets_per_customer > 0`),
    )
    .addColumn("default_ticket_sale_quantity", "integer", (c) =>
      c.notNull().check(sql`default_ticket_sale_quantity > 0`),
    )
    .addColumn("cash_alternative_pence", "integer", (c) =>
      c.check(sql`cash_alternative_pence >= 0`),
    )
    .addColumn("start_date_time_utc", "timestamptz", (c) => c.notNull())
    .addColumn("close_date_time_utc", "timestamptz", (c) => c.notNull())
    .addColumn("draw_date_time_utc", "timestamptz")
    .addColumn("draw_type", "text", (c) =>
      c.notNull().check(sql`draw_type in ('Live', 'Automatic', 'None')`),
    )
    .addColumn("visibility_status", "text", (c) =>
      c.notNull().check(sql`visibility_status in ('Visible', 'Hidden')`),
    )
    .addColumn("image_group_id", "uuid", (c) =>
      c.references("image_groups.id").onDelete("set null"),
    )
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The last line of defence against overselling: the counter can never pass the total.
    .addCheckConstraint(
      "competitions_tickets_sold_within_total",
      sql`tickets_sold >= 0 and tickets_sold <= total_tickets`,
    )
    .addCheckConstraint(
      "competitions_dates_in_order",
      sql`close_date_time_utc >= start_date_time_utc and (draw_date_time_utc is null or draw_date_time_utc >= close_date_time_utc)`,
    )
    .execute()
  await db.schema
    .createIndex("competitions_close_date_idx")
    .on("competitions")
    .column("close_date_time_utc")
    .execute()
  await db.schema
    .createIndex("competitions_draw_date_idx")
    .on("competitions")
    .columns(["draw_type", "draw_date_time_utc"])
    .execute()

  await db.schema
    .createTable("competition_categories")
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("category_id", "uuid", (c) =>
      c.notNull().references("categories.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("competition_categories_pkey", ["competition_id", "category_id"])
    .execute()
  await db.schema
    .createIndex("competition_categories_category_idx")
    .on("competition_categories")
    .columns(["category_id", "competition_id"])
    .execute()

  await db.schema
    .createTable("competition_attributes")
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("attribute_type_id", "uuid", (c) =>
      c.notNull().references("attribute_types.id").onDelete("cascade"),
    )
    .addColumn("value", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("competition_attributes_pkey", ["competition_id", "attribute_type_id"])
    .execute()

  // The pool. Every ticket number exists from the day the competition is created;
  // buying a ticket claims a free row rather than inventing a number.
  await db.schema
    .createTable("tickets")
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("ticket_number", "integer", (c) => c.notNull().check(sql`ticket_number > 0`))
    // gen_random_uuid draws from Postgres's strong random source, so the claim order can't be guessed.
    .addColumn("sort_key", "uuid", (c) => c.notNull().defaultTo(sql`gen_random_uuid()`))
    .addColumn("order_id", "uuid")
    .addColumn("customer_id", "uuid")
    .addColumn("allocated_at", "timestamptz")
    .addPrimaryKeyConstraint("tickets_pkey", ["competition_id", "ticket_number"])
    .execute()
  // Only free tickets are indexed, so a claim (ORDER BY sort_key ... FOR UPDATE SKIP LOCKED)
  // walks straight to free rows, and the index shrinks as a competition sells out.
  await sql`create index tickets_free_idx on tickets (competition_id, sort_key) where order_id is null`.execute(
    db,
  )
  await sql`create index tickets_order_idx on tickets (order_id) where order_id is not null`.execute(
    db,
  )
  await sql`create index tickets_customer_idx on tickets (customer_id, competition_id) where customer_id is not null`.execute(
    db,
  )

  await db.schema
    .createTable("instant_win_groups")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("image_group_id", "uuid", (c) =>
      c.references("image_groups.id").onDelete("set null"),
    )
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex("instant_win_groups_competition_idx")
    .on("instant_win_groups")
    .columns(["competition_id", "sort_order"])
    .execute()

  await db.schema
    .createTable("instant_win_tickets")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("instant_win_group_id", "uuid", (c) =>
      c.notNull().references("instant_win_groups.id").onDelete("cascade"),
    )
    .addColumn("competition_id", "uuid", (c) => c.notNull())
    .addColumn("ticket_number", "integer", (c) => c.notNull())
    .addColumn("won_at", "timestamptz")
    .addColumn("winner_display_name", "text")
    // One prize per ticket number, and only numbers that exist in the pool.
    .addUniqueConstraint("instant_win_tickets_number_key", ["competition_id", "ticket_number"])
    .addForeignKeyConstraint(
      "instant_win_tickets_ticket_fkey",
      ["competition_id", "ticket_number"],
      "tickets",
      ["competition_id", "ticket_number"],
      (fk) => fk.onDelete("cascade"),
    )
    .execute()
  await db.schema
    .createIndex("instant_win_tickets_group_idx")
    .on("instant_win_tickets")
    .columns(["instant_win_group_id", "ticket_number"])
    .execute()

  await db.schema
    .createTable("draws")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(uuidPrimaryKey))
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("draw_date", "timestamptz")
    .addColumn("draw_type", "text", (c) =>
      c.notNull().check(sql`draw_type in ('Live', 'Automatic', 'None')`),
    )
    .addColumn("winning_ticket_number", "integer")
    .addColumn("winner_full_name", "text")
    .addColumn("winner_customer_id", "uuid")
    .addColumn("is_visible", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("seed_hash", "text")
    .addColumn("seed", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex("draws_competition_idx")
    .on("draws")
    .column("competition_id")
    .execute()
  await db.schema.createIndex("draws_draw_date_idx").on("draws").column("draw_date").execute()

  await db.schema
    .createTable("resources")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "resources",
    "draws",
    "instant_win_tickets",
    "instant_win_groups",
    "tickets",
    "competition_attributes",
    "competition_categories",
    "competitions",
    "images",
    "image_groups",
    "attribute_types",
    "categories",
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
