import { randomUUID } from "node:crypto"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { recordDraw } from "./draw-records"
import { makeOrderRefundRepo } from "./order-refunds"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, NOW, newBasket, newCustomer, poolCounts } from "./orders-fixtures"
import { makePromotionUses } from "./promotion-uses"
import { makeTicketAllocator } from "./ticket-allocator"

const HOUR = 3_600_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * A staff refund's reads and writes on a real database (PGlite and
 * PostgreSQL): what the order holds and won, its tickets back in the pool
 * for the competitions core names (and the counter with them), the club
 * credit reversed once, and the order status the schema now accepts.
 */
export const orderRefundsSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const refunds = () => makeOrderRefundRepo(db())
    const orders = () => makeOrderRepo(db())

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    /** A paid order of `quantity` tickets in each competition. */
    const paidOrder = async (competitionIds: readonly string[], quantity: number) => {
      const customerId = await newCustomer(db())
      const basketId = await newBasket(db(), customerId)
      const { order } = await run(
        orders().createForBasket({
          basketId,
          customerId,
          createdAt: NOW,
          expiresAt: new Date(NOW.getTime() + HOUR),
        }),
      )
      const allocated = await run(
        makeTicketAllocator(db()).allocate({
          orderId: order.id,
          customerId,
          at: NOW,
          lines: competitionIds.map((competitionId) => ({ competitionId, quantity })),
        }),
      )
      await run(
        orders().recordAllocation(order.id, {
          lines: allocated.lines.map((line) => ({
            competitionId: line.competitionId,
            quantityRequested: quantity,
            quantity: line.ticketNumbers.length,
            unitPrice: pence(99),
            preDiscountTotal: pence(99 * quantity),
            lineTotal: pence(99 * quantity),
          })),
          itemTotal: pence(99 * quantity * competitionIds.length),
          discountTotal: pence(0),
          donation: pence(0),
          siteCreditDebit: pence(0),
          orderTotal: pence(99 * quantity * competitionIds.length),
          exceptions: [],
        }),
      )
      await run(orders().transition(order.id, OrderStatus.AwaitingPayment))
      await run(orders().transition(order.id, OrderStatus.Completed))
      return { orderId: order.id, customerId, lines: allocated.lines }
    }

    it("returns the tickets of the competitions named, and only those, once", async () => {
      const stays = await competitionOnSale(db(), { name: "Stays" })
      const goes = await competitionOnSale(db(), { name: "Goes back" })
      const { orderId } = await paidOrder([stays, goes], 3)
      expect(await run(refunds().returnTickets(orderId, [goes]))).toBe(3)
      expect(await run(refunds().returnTickets(orderId, [goes]))).toBe(0)
      expect(await poolCounts(db(), goes)).toMatchObject({ sold: 0 })
      expect(await poolCounts(db(), stays)).toMatchObject({ sold: 3 })
      expect([
        (await poolCounts(db(), stays)).ticketsSold,
        (await poolCounts(db(), goes)).ticketsSold,
      ]).toEqual([3, 0])
      expect(await run(refunds().returnTickets(orderId, []))).toBe(0)
    })

    it("names the order's competitions, whether drawn, and the tickets that won", async () => {
      const plain = await competitionOnSale(db(), {
        name: "A plain one",
        totalTickets: 2,
      })
      const lucky = await competitionOnSale(db(), {
        name: "B every ticket wins",
        totalTickets: 2,
        instantWinGroups: [{ name: "Ball", imageUrls: [], ticketNumbers: [1, 2] }],
      })
      const { orderId } = await paidOrder([plain, lucky], 1)
      // Its ticket in the lucky one is an instant-win number, and won.
      await db()
        .updateTable("instantWinTickets")
        .set({ wonAt: NOW, orderId })
        .where("competitionId", "=", lucky)
        .where("ticketNumber", "in", (eb) =>
          eb
            .selectFrom("tickets")
            .select("ticketNumber")
            .where("orderId", "=", orderId)
            .where("competitionId", "=", lucky),
        )
        .execute()
      const [ticket] = await db()
        .selectFrom("tickets")
        .select("ticketNumber")
        .where("orderId", "=", orderId)
        .where("competitionId", "=", plain)
        .execute()
      await recordDraw(
        db(),
        {
          competitionId: plain,
          drawDate: NOW,
          drawnAt: NOW,
          drawType: "Automatic",
          outcome: "Winner",
          entriesHash: "ab",
          entryCount: 1,
          beacon: { source: "none", value: "" },
          attempt: 0,
          winningTicketNumber: ticket?.ticketNumber ?? 0,
          winnerFullName: "Test Buyer",
          winnerCustomerId: null,
        },
        String(ticket?.ticketNumber),
      )
      const facts = await run(refunds().facts(orderId))
      expect(facts.competitions.map((c) => [c.competitionId, c.drawn])).toEqual([
        [plain, true],
        [lucky, false],
      ])
      expect(facts.winningTickets.map((w) => w.prize).sort()).toEqual(["InstantWin", "Main"])
      expect(await run(refunds().facts(randomUUID()))).toEqual({
        competitions: [],
        winningTickets: [],
      })
    })

    it("reverses the club credit once, and keeps the club's balance the sum of its entries", async () => {
      const { id: clubId } = await db()
        .insertInto("clubs")
        .values({ name: `Club ${randomUUID()}` })
        .returning("id")
        .executeTakeFirstOrThrow()
      const { orderId } = await paidOrder([await competitionOnSale(db())], 1)
      await run(makePromotionUses(db()).creditClub(clubId, orderId, pence(90), NOW))
      expect(await run(refunds().reverseClubCredit(orderId, NOW))).toBe(90)
      expect(await run(refunds().reverseClubCredit(orderId, NOW))).toBe(0)
      // Crediting again after the reversal stays once per order.
      expect(await run(makePromotionUses(db()).creditClub(clubId, orderId, pence(90), NOW))).toBe(
        false,
      )
      const entries = await db()
        .selectFrom("clubCreditEntries")
        .select(["amountPence", "reversal"])
        .where("clubId", "=", clubId)
        .orderBy("reversal")
        .execute()
      expect(entries).toEqual([
        { amountPence: 90, reversal: false },
        { amountPence: -90, reversal: true },
      ])
      await expect(
        db()
          .insertInto("clubCreditEntries")
          .values({ clubId, orderId: randomUUID(), amountPence: -5, createdAt: NOW })
          .execute(),
      ).rejects.toThrow()
    })

    it("moves a paid order to Refunded and no further; tickets stay until core returns them", async () => {
      const competitionId = await competitionOnSale(db())
      const { orderId } = await paidOrder([competitionId], 2)
      const refunded = await run(orders().transition(orderId, OrderStatus.Refunded))
      expect(refunded.status).toBe("Refunded")
      expect(await poolCounts(db(), competitionId)).toMatchObject({ sold: 2 })
      const again = await run(Effect.either(orders().transition(orderId, OrderStatus.Completed)))
      expect(again._tag).toBe("Left")
    })
  })
