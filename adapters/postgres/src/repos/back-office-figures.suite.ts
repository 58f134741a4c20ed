import { Effect } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { Database, OrderStatusColumn } from "../schema"
import { makeBackOfficeFigures } from "./back-office-figures"
import type { SuiteDatabase } from "./catalogue.suite"
import { competitionOnSale, NOW, newBasket, newCustomer } from "./orders-fixtures"

const HOUR = 60 * 60 * 1000
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR)
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/** An order placed at `createdAt` in `status`, its totals as given, with one line of `quantity`. */
const order = async (
  db: Kysely<Database>,
  competitionId: string,
  createdAt: Date,
  status: OrderStatusColumn,
  totals: { items: number; discount: number; card: number; quantity: number },
) => {
  const customerId = await newCustomer(db)
  const { id } = await db
    .insertInto("orders")
    .values({
      basketId: await newBasket(db, customerId),
      customerId,
      status,
      itemTotalPence: totals.items,
      discountTotalPence: totals.discount,
      orderTotalPence: totals.card,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + HOUR),
    })
    .returning("id")
    .executeTakeFirstOrThrow()
  await db
    .insertInto("orderLines")
    .values({
      orderId: id,
      competitionId,
      quantityRequested: totals.quantity,
      quantity: totals.quantity,
      unitPricePence: totals.items / totals.quantity,
      preDiscountTotalPence: totals.items,
      lineTotalPence: totals.items - totals.discount,
    })
    .execute()
}

/** The dashboard's figures on a real database: what counts as a sale, and what is on sale. */
export const backOfficeFiguresSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const figures = () => makeBackOfficeFigures(db())

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("counts paid orders placed in the window: tickets' value after discount, card totals, tickets", async () => {
      const competitionId = await competitionOnSale(db())
      // A window of its own, far from anything else this database holds.
      const base = 1000
      await order(db(), competitionId, at(base), "Completed", {
        items: 1000,
        discount: 100,
        card: 700,
        quantity: 4,
      })
      await order(db(), competitionId, at(base + 1), "Completed", {
        items: 500,
        discount: 0,
        card: 500,
        quantity: 2,
      })
      // Not paid, or outside the window: not sales.
      for (const status of ["AwaitingPayment", "Cancelled", "SystemCancelled"] as const)
        await order(db(), competitionId, at(base), status, {
          items: 9900,
          discount: 0,
          card: 9900,
          quantity: 9,
        })
      await order(db(), competitionId, at(base + 2), "Completed", {
        items: 7700,
        discount: 0,
        card: 7700,
        quantity: 7,
      })

      expect(await run(figures().sales(at(base), at(base + 2)))).toEqual({
        orders: 2,
        ticketSales: 1400,
        cardTakings: 1200,
        ticketsSold: 6,
      })
      expect(await run(figures().sales(at(base + 3), at(base + 4)))).toEqual({
        orders: 0,
        ticketSales: 0,
        cardTakings: 0,
        ticketsSold: 0,
      })
    })

    it("lists competitions started and not closed, closing soonest first", async () => {
      const closesLater = await competitionOnSale(db(), {
        closeDateTimeUtc: at(5),
        drawDateTimeUtc: at(6),
      })
      const closesSoon = await competitionOnSale(db(), {
        closeDateTimeUtc: at(2),
        drawDateTimeUtc: at(3),
        visibilityStatus: "Hidden",
      })
      const closed = await competitionOnSale(db(), {
        closeDateTimeUtc: at(-1),
        drawDateTimeUtc: at(1),
      })
      const notStarted = await competitionOnSale(db(), { startDateTimeUtc: at(1) })
      const listed = (await run(figures().onSale(NOW))).map((c) => c.competitionId)
      const ours = listed.filter((id) => [closesLater, closesSoon, closed, notStarted].includes(id))
      expect(ours).toEqual([closesSoon, closesLater])
      const soon = (await run(figures().onSale(NOW))).find((c) => c.competitionId === closesSoon)
      expect(soon).toMatchObject({ ticketsSold: 0, totalTickets: 20, visibilityStatus: "Hidden" })
    })

    it("counts instant wins that staff have not yet handed over", async () => {
      const before = await run(figures().unprocessedWinners)
      const competitionId = await competitionOnSale(db(), {
        totalTickets: 3,
        instantWinGroups: [{ name: "Ball", imageUrls: [], ticketNumbers: [1, 2] }],
      })
      await db()
        .updateTable("instantWinTickets")
        .set({ wonAt: NOW, winnerDisplayName: "A B." })
        .where("competitionId", "=", competitionId)
        .execute()
      await db()
        .updateTable("instantWinTickets")
        .set({ processedAt: NOW })
        .where("competitionId", "=", competitionId)
        .where("ticketNumber", "=", 2)
        .execute()
      const after = await run(figures().unprocessedWinners)
      expect(after.instantWin - before.instantWin).toBe(1)
      expect(after.main).toBe(before.main)
    })
  })
