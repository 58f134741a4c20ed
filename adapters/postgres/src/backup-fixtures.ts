import { drawFromEntryList, drawRecordOf, readEntryList } from "@howzat/core/draws"
import { type Kysely, sql } from "kysely"
import { recordDraw, soldEntries, ticketHolder } from "./repos/draw-records"
import { competitionOnSale, newCustomer, newOrder } from "./repos/orders-fixtures"
import type { Database } from "./schema"

/**
 * The restore drill's shop (backup.test.ts, backup.postgres.test.ts): paid
 * orders with their tickets, payments and site-credit ledger lines, written
 * straight to the tables, and what a restore must bring back of them.
 */

const PAID_AT = new Date("2026-11-01T12:00:00Z")

/** Three completed orders of two tickets each, paid partly by card and partly from site credit. */
export const seedPaidOrders = async (db: Kysely<Database>): Promise<readonly string[]> => {
  const competitionId = await competitionOnSale(db)
  const orderIds: string[] = []
  for (let n = 0; n < 3; n++) {
    const customerId = await newCustomer(db)
    await db
      .insertInto("siteCreditEntries")
      .values({ customerId, amountPence: 100, reason: "Grant", orderId: null, createdAt: PAID_AT })
      .execute()
    const orderId = await newOrder(db, customerId, {
      status: "Completed",
      itemTotalPence: 500,
      siteCreditDebitPence: 100,
      orderTotalPence: 400,
      createdAt: PAID_AT,
    })
    await db
      .insertInto("orderLines")
      .values({
        orderId,
        competitionId,
        quantityRequested: 2,
        quantity: 2,
        unitPricePence: 250,
        preDiscountTotalPence: 500,
        lineTotalPence: 500,
      })
      .execute()
    await db
      .updateTable("tickets")
      .set({ orderId, customerId, allocatedAt: PAID_AT })
      .where("competitionId", "=", competitionId)
      .where("ticketNumber", "in", [2 * n + 1, 2 * n + 2])
      .execute()
    await db
      .insertInto("payments")
      .values({
        orderId,
        amountPence: 400,
        status: "Succeeded",
        provider: "sandbox",
        providerReference: `pi_drill_${n}`,
        clientToken: null,
        failureDetail: null,
      })
      .execute()
    await db
      .insertInto("siteCreditEntries")
      .values({ customerId, amountPence: -100, reason: "OrderDebit", orderId, createdAt: PAID_AT })
      .execute()
    orderIds.push(orderId)
  }
  // Drawn by the published procedure, as the demo seed's past draws are (seed/demo.ts).
  const entries = await soldEntries(db, competitionId)
  const outcome = drawFromEntryList({
    seed: await drawSeedOf(db, competitionId),
    competitionId,
    beacon: "",
    entries: readEntryList(entries),
  })
  const winner =
    "winningTicketNumber" in outcome
      ? await ticketHolder(db, competitionId, outcome.winningTicketNumber)
      : null
  await recordDraw(
    db,
    drawRecordOf({
      competitionId,
      drawType: "Automatic",
      at: PAID_AT,
      beacon: { source: "none", value: "" },
      outcome,
      winner,
    }),
    entries,
  )
  return orderIds
}

const drawSeedOf = async (db: Kysely<Database>, competitionId: string) => {
  const { drawSeed } = await db
    .selectFrom("competitions")
    .select("drawSeed")
    .where("id", "=", competitionId)
    .executeTakeFirstOrThrow()
  return new Uint8Array(Buffer.from(drawSeed, "hex"))
}

/**
 * Each recorded draw drawn again from what the database holds (its seed and
 * its entry list), as the verify-draw tooling does from the published proof:
 * the winning ticket must come out the same.
 */
export const drawsRedrawn = async (db: Kysely<Database>) => {
  const draws = await db
    .selectFrom("draws as d")
    .innerJoin("drawEntries as e", "e.drawId", "d.id")
    .select(["d.competitionId", "d.winningTicketNumber", "d.entriesHash", "e.entries"])
    .orderBy("d.id")
    .execute()
  return Promise.all(
    draws.map(async (draw) => {
      const again = drawFromEntryList({
        seed: await drawSeedOf(db, draw.competitionId),
        competitionId: draw.competitionId,
        beacon: "",
        entries: readEntryList(draw.entries),
      })
      return {
        recorded: [draw.winningTicketNumber, draw.entriesHash],
        redrawn: [
          "winningTicketNumber" in again ? again.winningTicketNumber : null,
          again.entriesHash,
        ],
      }
    }),
  )
}

/** The tables the drill compares whole: the money and the tickets, and which migrations ran. */
const DRILL_TABLES = [
  "orders",
  "order_lines",
  "tickets",
  "payments",
  "site_credit_entries",
  "customers",
  "competitions",
  "draws",
  "draw_entries",
  "kysely_migration",
] as const

/** Every row of those tables, each as JSON and sorted, so two databases compare with toEqual. */
export const drillSnapshot = async (db: Kysely<Database>) => {
  const snapshot: Record<string, string[]> = {}
  for (const table of DRILL_TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    )
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort()
  }
  return snapshot
}

/** Each completed order with its tickets, payments and ledger lines, as a customer's account shows them. */
export const completedOrders = (db: Kysely<Database>) =>
  db
    .selectFrom("orders as o")
    .where("o.status", "=", "Completed")
    .select((eb) => [
      "o.id",
      "o.orderTotalPence",
      eb
        .selectFrom("tickets")
        .whereRef("tickets.orderId", "=", "o.id")
        .select((sub) => sub.fn.countAll<number>().as("n"))
        .as("tickets"),
      eb
        .selectFrom("payments")
        .whereRef("payments.orderId", "=", "o.id")
        .where("payments.status", "=", "Succeeded")
        .select((sub) => sub.fn.sum<number>("amountPence").as("p"))
        .as("paidPence"),
      eb
        .selectFrom("siteCreditEntries")
        .whereRef("siteCreditEntries.orderId", "=", "o.id")
        .select((sub) => sub.fn.sum<number>("amountPence").as("c"))
        .as("creditPence"),
    ])
    .orderBy("o.id")
    .execute()
