import { randomUUID } from "node:crypto"
import { DrawRepo } from "@howzat/core/ports/catalogue"
import { DrawRecords } from "@howzat/core/ports/draw-records"
import { Transactions } from "@howzat/core/ports/transactions"
import type { OrderStatus } from "@howzat/core/rules/order-status"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  customerPerson,
  makeDrawRecords,
  makeDrawRepo,
  makeOrderRepo,
  makeTicketAllocator,
  makeTransactions,
  migrateToLatest,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import type { DrawsWorld, Sale } from "./draw-records.contract"

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** Paths through the order status machine to each status a sale is left in. */
const pathTo: Record<OrderStatus, readonly OrderStatus[]> = {
  Pending: [],
  AwaitingPayment: ["AwaitingPayment"],
  Completed: ["AwaitingPayment", "Completed"],
  Cancelled: ["Cancelled"],
  SystemCancelled: ["AwaitingPayment", "SystemCancelled"],
  Refunded: ["AwaitingPayment", "Completed", "Refunded"],
}

/**
 * The draws' contracts' world on a real database (PGlite or PostgreSQL):
 * competitions as the writer creates them, orders through the order
 * repository and the ticket allocator, the demo seed's sales and a private
 * winner as rows.
 */
export const drawsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<DrawsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
    const closes = new Map<string, Date>()
    const orders = makeOrderRepo(db)
    return {
      layer: Layer.mergeAll(
        Layer.succeed(DrawRecords, makeDrawRecords(db)),
        Layer.succeed(DrawRepo, makeDrawRepo(db)),
        Layer.succeed(Transactions, makeTransactions(db)),
      ),
      competition: async (c) => {
        const id = await competitionOnSale(db, {
          ...(c.name === undefined ? {} : { name: c.name }),
          startDateTimeUtc: new Date(c.closeAt.getTime() - DAY),
          closeDateTimeUtc: c.closeAt,
          drawDateTimeUtc: c.drawAt === undefined ? new Date(c.closeAt.getTime() + HOUR) : c.drawAt,
          drawType: c.drawType ?? "Live",
          visibilityStatus: c.visibility ?? "Visible",
          totalTickets: c.totalTickets ?? 20,
          instantWinGroups: (c.instantWinGroups ?? []).map((g) => ({
            name: g.name,
            imageUrls: [],
            ticketNumbers: [...g.ticketNumbers],
          })),
        })
        closes.set(id, c.closeAt)
        return id
      },
      customer: () => newCustomer(db),
      sell: async (competitionId, quantity, status): Promise<Sale> => {
        const closesAt = closes.get(competitionId) ?? new Date()
        const customerId = await newCustomer(db)
        const basketId = await newBasket(db, customerId)
        const at = new Date(closesAt.getTime() - HOUR)
        const { order } = await run(
          orders.createForBasket({ basketId, customerId, createdAt: at, expiresAt: closesAt }),
        )
        const { lines } = await run(
          makeTicketAllocator(db).allocate({
            orderId: order.id,
            customerId,
            at,
            lines: [{ competitionId, quantity }],
          }),
        )
        const ticketNumbers = [...(lines[0]?.ticketNumbers ?? [])]
        await db
          .insertInto("orderLines")
          .values({
            orderId: order.id,
            competitionId,
            quantityRequested: quantity,
            quantity: ticketNumbers.length,
            unitPricePence: 99,
            preDiscountTotalPence: 99 * ticketNumbers.length,
            lineTotalPence: 99 * ticketNumbers.length,
          })
          .execute()
        for (const next of pathTo[status]) await run(orders.transition(order.id, next))
        const person = await customerPerson(db, customerId)
        return {
          orderId: order.id,
          holder: {
            customerId,
            firstName: person.firstName,
            fullName: `${person.firstName} ${person.lastName}`,
            email: person.email,
          },
          ticketNumbers,
        }
      },
      pay: async (_competitionId, sale) => {
        await run(orders.transition(sale.orderId, "Completed"))
      },
      soldWithoutCustomer: async (competitionId, count) => {
        const free = await db
          .selectFrom("tickets")
          .select("ticketNumber")
          .where("competitionId", "=", competitionId)
          .where("orderId", "is", null)
          .orderBy("ticketNumber")
          .limit(count)
          .execute()
        const numbers = free.map((t) => t.ticketNumber)
        await db
          .updateTable("tickets")
          .set({ orderId: randomUUID(), allocatedAt: closes.get(competitionId) ?? new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "in", numbers)
          .execute()
        return numbers
      },
      postalEntry: async (competitionId): Promise<Sale> => {
        const id = randomUUID()
        const free = await db
          .selectFrom("tickets")
          .select("ticketNumber")
          .where("competitionId", "=", competitionId)
          .where("orderId", "is", null)
          .orderBy("ticketNumber")
          .executeTakeFirstOrThrow()
        // A postal entry holds its pool ticket under its own id (decision 0022).
        await db
          .updateTable("tickets")
          .set({ orderId: id, allocatedAt: closes.get(competitionId) ?? new Date() })
          .where("competitionId", "=", competitionId)
          .where("ticketNumber", "=", free.ticketNumber)
          .execute()
        const email = `pat-${id}@example.com`
        await db
          .insertInto("postalEntries")
          .values({
            id,
            competitionId,
            ticketNumber: free.ticketNumber,
            customerId: null,
            firstName: "Pat",
            lastName: "Postcard",
            email,
            dateOfBirth: "1980-02-02",
            telephoneNumber: "",
            entryReference: id,
            enteredBy: randomUUID(),
            enteredAt: closes.get(competitionId) ?? new Date(),
          })
          .execute()
        return {
          orderId: id,
          holder: { customerId: null, firstName: "Pat", fullName: "Pat Postcard", email },
          ticketNumbers: [free.ticketNumber],
        }
      },
      keepWinnerPrivate: async (competitionId) => {
        await db
          .updateTable("draws")
          .set({ isVisible: false })
          .where("competitionId", "=", competitionId)
          .execute()
      },
      close,
    }
  }
