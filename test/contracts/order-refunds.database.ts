import { randomUUID } from "node:crypto"
import { OrderRefundRepo } from "@howzat/core/ports/order-refunds"
import { pence } from "@howzat/core/rules/money"
import { OrderStatus } from "@howzat/core/rules/order-status"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeOrderRefundRepo,
  makeOrderRepo,
  makeTicketAllocator,
  migrateToLatest,
  newBasket,
  newCustomer,
  recordDraw,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
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
    await migrateToLatest(db)
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
