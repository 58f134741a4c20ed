import { randomBytes } from "node:crypto"
import type { CompetitionSecrets } from "@howzat/core/draws/secrets"
import type { NewCompetition } from "@howzat/core/ports/competition-writer"
import { pence } from "@howzat/core/rules/money"
import { type Kysely, sql } from "kysely"
import type { Database } from "../schema"
import { createCompetition } from "./competition-writer"
import { ticketsSoldOf } from "./tickets-sold"

/** Shared by the order suites: rows the allocator needs, written straight to the tables. */

/** Fresh secrets as the SecureRandom port would give them. */
export const testSecrets = (): CompetitionSecrets => ({
  drawSeed: new Uint8Array(randomBytes(32)),
  instantWinSalt: randomBytes(32).toString("hex"),
})

export const NOW = new Date("2026-06-15T12:00:00.000Z")
const DAY = 24 * 60 * 60 * 1000

export const competitionOnSale = (
  db: Kysely<Database>,
  overrides: Partial<NewCompetition> = {},
): Promise<string> =>
  createCompetition(db, {
    name: "Test competition",
    description: "<p>A prize</p>",
    ticketPrice: pence(99),
    totalTickets: 20,
    maxTicketsPerCustomer: 10,
    defaultTicketSaleQuantity: 1,
    cashAlternativeValue: null,
    startDateTimeUtc: new Date(NOW.getTime() - DAY),
    closeDateTimeUtc: new Date(NOW.getTime() + 10 * DAY),
    drawDateTimeUtc: new Date(NOW.getTime() + 11 * DAY),
    drawType: "Automatic",
    visibilityStatus: "Visible",
    categoryIds: [],
    attributes: {},
    imageUrls: [],
    instantWinGroups: [],
    secrets: testSecrets(),
    ...overrides,
  })

let customerCount = 0

export const newCustomer = async (db: Kysely<Database>): Promise<string> => {
  customerCount += 1
  const { id: userId } = await db
    .insertInto("users")
    .values({
      email: `buyer-${customerCount}-${Math.trunc(performance.now() * 1000)}@example.com`,
      passwordHash: "not-a-real-hash",
      firstName: "Test",
      lastName: `Buyer ${customerCount}`,
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
