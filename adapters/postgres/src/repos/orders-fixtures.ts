import { randomUUID } from "node:crypto"
import { type DrawRecord, entriesHash } from "@howzat/core/draws"
import type { Promotion } from "@howzat/core/orders"
import type { NewCompetition } from "@howzat/core/ports"
import { type Insertable, type Kysely, sql } from "kysely"
import type { Database } from "../schema"
import { NOW, newCompetition } from "./competition-fixtures"
import { createCompetition } from "./competition-writer"
import { promotionColumns } from "./promotion-store"

/** The brand core's services sign with in these suites (core/src/brand.ts has none of its own). */
export { testBrandLayer } from "@howzat/core/testing"

import { ticketsSoldOf } from "./tickets-sold"

/** Shared by the order suites: rows the allocator needs, written straight to the tables. */

export { NOW, testSecrets } from "./competition-fixtures"

/** The shared competition with a pool of 20 tickets, made through the writer. */
export const competitionOnSale = (
  db: Kysely<Database>,
  overrides: Partial<NewCompetition> = {},
): Promise<string> => createCompetition(db, newCompetition({ totalTickets: 20, ...overrides }))

let customerCount = 0

/** Who a seeded customer is; each part left out is made up, the address unique. */
export interface CustomerNames {
  readonly firstName?: string
  readonly lastName?: string
  readonly email?: string
}

export const newCustomer = async (
  db: Kysely<Database>,
  named: CustomerNames = {},
): Promise<string> => {
  customerCount += 1
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email:
        named.email ?? `buyer-${customerCount}-${Math.trunc(performance.now() * 1000)}@example.com`,
      passwordHash: "not-a-real-hash",
      firstName: named.firstName ?? "Test",
      lastName: named.lastName ?? `Buyer ${customerCount}`,
      role: "Customer",
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  const { id } = await db
    .insertInto("customers")
    .values({ userId, dateOfBirth: "1990-01-01", telephoneNumber: "07700900000" })
    .returning("id")
    .executeTakeFirstOrThrow()
  return id
}

export const newBasket = async (db: Kysely<Database>, customerId: string): Promise<string> => {
  const { id } = await db
    .insertInto("baskets")
    .values({ customerId })
    .returning("id")
    .executeTakeFirstOrThrow()
  return id
}

/**
 * An order row of the customer's, on a new basket of theirs, written straight
 * to the table: made at NOW and expiring then unless told, every other column
 * the table's default (Pending, nothing owed) unless told.
 */
export const newOrder = async (
  db: Kysely<Database>,
  customerId: string,
  values: Partial<Omit<Insertable<Database["orders"]>, "basketId" | "customerId">> = {},
): Promise<string> => {
  const { createdAt = NOW, expiresAt = createdAt, ...rest } = values
  const { id } = await db
    .insertInto("orders")
    .values({
      ...rest,
      basketId: await newBasket(db, customerId),
      customerId,
      createdAt,
      expiresAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return id
}

/** The customer's names and sign-in address, as the ticket holder reads show them. */
export const customerPerson = (db: Kysely<Database>, customerId: string) =>
  db
    .selectFrom("customers as c")
    .innerJoin("users as u", "u.id", "c.userId")
    .select(["u.firstName", "u.lastName", "u.email"])
    .where("c.id", "=", customerId)
    .executeTakeFirstOrThrow()

/** A club with a name no other test uses. */
export const newClub = async (db: Kysely<Database>): Promise<string> => {
  const { id } = await db
    .insertInto("clubs")
    .values({ name: `Club ${randomUUID()}` })
    .returning("id")
    .executeTakeFirstOrThrow()
  return id
}

export const poolCounts = async (db: Kysely<Database>, competitionId: string) => {
  const tickets = await db
    .selectFrom("tickets")
    .select(["ticketNumber", "orderId", "customerId"])
    .where("competitionId", "=", competitionId)
    .execute()
  const { ticketsSold, totalTickets } = await db
    .selectFrom("competitions as c")
    .select([ticketsSoldOf(sql.ref("c.id")).as("ticketsSold"), "totalTickets"])
    .where("id", "=", competitionId)
    .executeTakeFirstOrThrow()
  return {
    tickets,
    sold: tickets.filter((t) => t.orderId !== null).length,
    free: tickets.filter((t) => t.orderId === null).length,
    ticketsSold,
    totalTickets,
  }
}

let people = 0

/** A customer whose sign-in address is `email` (verified unless told otherwise). */
export const customerWithEmail = async (
  db: Kysely<Database>,
  email: string,
  emailVerified = true,
): Promise<string> => {
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email,
      emailVerified,
      passwordHash: "not-a-real-hash",
      firstName: "Cat",
      lastName: `Customer ${++people}`,
      role: "Customer",
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  const { id } = await db
    .insertInto("customers")
    .values({
      userId,
      dateOfBirth: "1985-07-09",
      telephoneNumber: "07700900000",
      billingLine1: "3 Nursery End",
      billingPostCode: "NW8 8QN",
      billingCity: "London",
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  return id
}

/** A voucher in the promotions table exactly as given, its use count included. */
export const newPromotion = async (db: Kysely<Database>, promotion: Promotion) => {
  await db
    .insertInto("promotions")
    .values({ ...promotionColumns(promotion), usageCount: promotion.usageCount })
    .execute()
}

/** A draw of a competition nobody entered, as the draw code records one (no beacon). */
export const drawnWithNoEntries = (competitionId: string, drawnAt: Date = NOW): DrawRecord => ({
  competitionId,
  drawDate: NOW,
  drawnAt,
  drawType: "Automatic",
  outcome: "NoEntries",
  entriesHash: entriesHash([]),
  entryCount: 0,
  beacon: { source: "none", value: "" },
  attempt: null,
  winningTicketNumber: null,
  winnerFullName: null,
  winnerCustomerId: null,
})
