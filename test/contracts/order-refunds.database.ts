import { randomUUID } from "node:crypto"
import { OrderRefundRepo } from "@howzat/core/ports"
import { OrderStatus, pence } from "@howzat/core/rules"
import type { Database } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeOrderRefundRepo,
  makeOrderRepo,
  makePromotionUses,
  makeTicketAllocator,
  newBasket,
  newCustomer,
  poolCounts,
  recordDraw,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NOW, type OrderRefundsWorld } from "./order-refunds.contract"

const DAY = 86_400_000
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

/**
 * The refunds contract's world on a real database (PGlite or PostgreSQL):
 * orders bought through the real orders and allocator while their
 * competitions were open, draws recorded as the draw job records them,
 * instant-win numbers marked won, and club credit as ledger rows.
 */
export const orderRefundsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<OrderRefundsWorld> => {
    const { db, close } = await open()
    const orders = makeOrderRepo(db)
    return {
      layer: Layer.succeed(OrderRefundRepo, makeOrderRefundRepo(db)),
      paidOrder: async (competitions, quantity) => {
        // Bought a day before the first of them closed, while all were open.
        const boughtAt = new Date(Math.min(...competitions.map((c) => c.closesAt.getTime())) - DAY)
        const competitionIds: string[] = []
        for (const competition of competitions)
          competitionIds.push(
            await competitionOnSale(db, {
              name: competition.name,
              totalTickets: 5,
              startDateTimeUtc: new Date(NOW.getTime() - 30 * DAY),
              closeDateTimeUtc: competition.closesAt,
              drawDateTimeUtc: new Date(competition.closesAt.getTime() + DAY),
              instantWinGroups: competition.instantWins
                ? [{ name: "Ball", imageUrls: [], ticketNumbers: [1, 2, 3, 4, 5] }]
                : [],
            }),
          )
        const customerId = await newCustomer(db)
        const { order } = await run(
          orders.createForBasket({
            basketId: await newBasket(db, customerId),
            customerId,
            createdAt: boughtAt,
            expiresAt: new Date(boughtAt.getTime() + DAY),
          }),
        )
        const allocated = await run(
          makeTicketAllocator(db).allocate({
            orderId: order.id,
            customerId,
            at: boughtAt,
            lines: competitionIds.map((competitionId) => ({ competitionId, quantity })),
          }),
        )
        const total = pence(99 * quantity * competitionIds.length)
        await run(
          orders.recordAllocation(order.id, {
            lines: allocated.lines.map((line) => ({
              competitionId: line.competitionId,
              quantityRequested: quantity,
              quantity: line.ticketNumbers.length,
              unitPrice: pence(99),
              preDiscountTotal: pence(99 * line.ticketNumbers.length),
              lineTotal: pence(99 * line.ticketNumbers.length),
            })),
            itemTotal: total,
            discountTotal: pence(0),
            donation: pence(0),
            siteCreditDebit: pence(0),
            orderTotal: total,
            exceptions: [],
          }),
        )
        await run(orders.transition(order.id, OrderStatus.AwaitingPayment))
        await run(orders.transition(order.id, OrderStatus.Completed))
        return {
          orderId: order.id,
          competitionIds,
          numbers: new Map(allocated.lines.map((line) => [line.competitionId, line.ticketNumbers])),
        }
      },
      draw: async (competitionId, ticketNumber) => {
        await recordDraw(
          db,
          {
            competitionId,
            drawDate: NOW,
            drawnAt: NOW,
            drawType: "Automatic",
            outcome: ticketNumber === null ? "NoEntries" : "Winner",
            entriesHash: "ab",
            entryCount: ticketNumber === null ? 0 : 1,
            beacon: { source: "none", value: "" },
            attempt: 0,
            winningTicketNumber: ticketNumber,
            winnerFullName: ticketNumber === null ? null : "Test Buyer",
            winnerCustomerId: null,
          },
          ticketNumber === null ? "" : String(ticketNumber),
        )
      },
      instantWin: async (orderId, competitionId, ticketNumber) => {
        await db
          .updateTable("instantWinTickets")
          .set({ wonAt: NOW, orderId })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", ticketNumber)
          .execute()
      },
      clubCredit: async (orderId, amount) => {
        const { id: clubId } = await db
          .insertInto("clubs")
          .values({ name: `Club ${randomUUID()}` })
          .returning("id")
          .executeTakeFirstOrThrow()
        await db
          .insertInto("clubCreditEntries")
          .values({ clubId, orderId, amountPence: amount, createdAt: NOW })
          .execute()
      },
      close,
    }
  }

/**
 * What only the tables show of a staff refund (PGlite and PostgreSQL): the
 * sold counter kept in step as tickets go back, and the club ledger's rows
 * and constraint. Seeded through the contract's world on the same database.
 */
export const orderRefundsInTheDatabase = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: OrderRefundsWorld
    let db: Kysely<Database>
    const refunds = () => makeOrderRefundRepo(db)

    beforeAll(async () => {
      const database = await open()
      db = database.db
      world = await orderRefundsOnDatabase(async () => database)()
    })
    afterAll(() => world?.close())

    it("keeps the sold counter in step with the pool when tickets go back", async () => {
      const inFiveDays = new Date(NOW.getTime() + 5 * DAY)
      const { orderId, competitionIds } = await world.paidOrder(
        [
          { name: "Stays", closesAt: inFiveDays },
          { name: "Goes back", closesAt: inFiveDays },
        ],
        3,
      )
      const [stays = "", goes = ""] = competitionIds
      await run(refunds().returnTickets(orderId, [goes]))
      expect(await poolCounts(db, goes)).toMatchObject({ sold: 0, ticketsSold: 0 })
      expect(await poolCounts(db, stays)).toMatchObject({ sold: 3, ticketsSold: 3 })
      const freed = (await poolCounts(db, goes)).tickets
      expect(freed.every((t) => t.orderId === null && t.customerId === null)).toBe(true)
    })

    it("writes the reversal as a ledger row, once, and the ledger refuses an unflagged debit", async () => {
      const { id: clubId } = await db
        .insertInto("clubs")
        .values({ name: `Club ${randomUUID()}` })
        .returning("id")
        .executeTakeFirstOrThrow()
      const { orderId } = await world.paidOrder(
        [{ name: "Club night", closesAt: new Date(NOW.getTime() + 5 * DAY) }],
        1,
      )
      await run(makePromotionUses(db).creditClub(clubId, orderId, pence(90), NOW))
      await run(refunds().reverseClubCredit(orderId, NOW))
      await run(refunds().reverseClubCredit(orderId, NOW))
      // Crediting again after the reversal stays once per order.
      expect(await run(makePromotionUses(db).creditClub(clubId, orderId, pence(90), NOW))).toBe(
        false,
      )
      const entries = await db
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
        db
          .insertInto("clubCreditEntries")
          .values({ clubId, orderId: randomUUID(), amountPence: -5, createdAt: NOW })
          .execute(),
      ).rejects.toThrow()
    })
  })
