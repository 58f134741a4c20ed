import { randomUUID } from "node:crypto"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import type { SuiteDatabase } from "./catalogue.suite"
import { makeOrderRefundRepo } from "./order-refunds"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, NOW, newBasket, newCustomer, poolCounts } from "./orders-fixtures"
import { makePromotionUses } from "./promotion-uses"
import { makeTicketAllocator } from "./ticket-allocator"

const HOUR = 3_600_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * What only the database shows of a staff refund (PGlite and PostgreSQL):
 * the sold counter kept in step as tickets go back, and the club ledger's
 * rows and constraint. The port's promises (facts, tickets returned once,
 * credit reversed once) are test/contracts/order-refunds.contract.ts.
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

    it("keeps the sold counter in step with the pool when tickets go back", async () => {
      const stays = await competitionOnSale(db(), { name: "Stays" })
      const goes = await competitionOnSale(db(), { name: "Goes back" })
      const { orderId } = await paidOrder([stays, goes], 3)
      await run(refunds().returnTickets(orderId, [goes]))
      expect(await poolCounts(db(), goes)).toMatchObject({ sold: 0, ticketsSold: 0 })
      expect(await poolCounts(db(), stays)).toMatchObject({ sold: 3, ticketsSold: 3 })
      const freed = (await poolCounts(db(), goes)).tickets
      expect(freed.every((t) => t.orderId === null && t.customerId === null)).toBe(true)
    })

    it("writes the reversal as a ledger row, once, and the ledger refuses an unflagged debit", async () => {
      const { id: clubId } = await db()
        .insertInto("clubs")
        .values({ name: `Club ${randomUUID()}` })
        .returning("id")
        .executeTakeFirstOrThrow()
      const { orderId } = await paidOrder([await competitionOnSale(db())], 1)
      await run(makePromotionUses(db()).creditClub(clubId, orderId, pence(90), NOW))
      await run(refunds().reverseClubCredit(orderId, NOW))
      await run(refunds().reverseClubCredit(orderId, NOW))
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
  })
