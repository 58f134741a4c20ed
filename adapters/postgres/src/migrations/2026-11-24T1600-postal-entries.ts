import { type Kysely, sql } from "kysely"

/**
 * Frozen: free postal entries (decision 0022). Each holds one
 * ticket of the pool: the ticket's order_id is the entry's id, which no
 * order row has, so the draw counts it as a sold ticket like a paid one.
 * The person's details are a snapshot of the postcard; customer_id is set
 * when the entrant has an account. entry_reference is the postcard's own
 * reference, unique per competition so a repeated request cannot enter twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("postal_entries")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("competition_id", "uuid", (c) =>
      c.notNull().references("competitions.id").onDelete("cascade"),
    )
    .addColumn("ticket_number", "integer", (c) => c.notNull())
    .addColumn("customer_id", "uuid", (c) => c.references("customers.id").onDelete("set null"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("date_of_birth", "date", (c) => c.notNull())
    .addColumn("telephone_number", "text", (c) => c.notNull().defaultTo(""))
    // Null only for a customer with no saved address.
    .addColumn("address_line1", "text")
    .addColumn("address_line2", "text")
    .addColumn("address_city", "text")
    .addColumn("address_county", "text")
    .addColumn("address_post_code", "text")
    .addColumn("entry_reference", "text")
    // Who recorded it, kept as an audit fact even if that staff user is later removed.
    .addColumn("entered_by", "uuid", (c) => c.notNull())
    .addColumn("entered_at", "timestamptz", (c) => c.notNull())
    .addUniqueConstraint("postal_entries_ticket_key", ["competition_id", "ticket_number"])
    .addUniqueConstraint("postal_entries_reference_key", ["competition_id", "entry_reference"])
    .addForeignKeyConstraint(
      "postal_entries_ticket_fkey",
      ["competition_id", "ticket_number"],
      "tickets",
      ["competition_id", "ticket_number"],
      (c) => c.onDelete("cascade"),
    )
    .execute()
  // The per-person maximum of someone without an account counts their entries by email.
  await sql`create index postal_entries_person_idx on postal_entries (competition_id, lower(email))
    where customer_id is null`.execute(db)
  await sql`create index postal_entries_customer_idx on postal_entries (customer_id)
    where customer_id is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("postal_entries").execute()
}
