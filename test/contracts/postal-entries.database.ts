import { PostalEntryRepo } from "@howzat/core/ports/postal-entries"
import { OrderStatus } from "@howzat/core/rules/order-status"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  customerWithEmail,
  makeOrderRepo,
  makePostalEntryRepo,
  makeTicketAllocator,
  migrateToLatest,
  newBasket,
  poolCounts,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { NOW, type PostalEntriesWorld } from "./postal-entries.contract"

const DAY = 24 * 3_600_000

/**
 * The postal entries contract's world on a real database (PGlite or
 * PostgreSQL): competitions with their pools, customers who buy through
 * the real orders and allocator, and the competition's sold counter.
 */
export const postalEntriesOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<PostalEntriesWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.succeed(PostalEntryRepo, makePostalEntryRepo(db)),
      newCompetition: ({ closeDateTimeUtc, ...competition }) =>
        competitionOnSale(db, {
          ...competition,
          closeDateTimeUtc,
          drawDateTimeUtc: new Date(closeDateTimeUtc.getTime() + DAY),
        }),
      newCustomer: (email) => customerWithEmail(db, email),
      buyTickets: async (customerId, competitionId, quantity) => {
        const orders = makeOrderRepo(db)
        const { order } = await Effect.runPromise(
          orders.createForBasket({
            basketId: await newBasket(db, customerId),
            customerId,
            createdAt: NOW,
            expiresAt: new Date(NOW.getTime() + DAY),
          }),
        )
        await Effect.runPromise(
          makeTicketAllocator(db).allocate({
            orderId: order.id,
            customerId,
            at: NOW,
            lines: [{ competitionId, quantity }],
          }),
        )
        await Effect.runPromise(orders.transition(order.id, OrderStatus.AwaitingPayment))
        await Effect.runPromise(orders.transition(order.id, OrderStatus.Completed))
      },
      ticketsSold: async (competitionId) => {
        const pool = await poolCounts(db, competitionId)
        // The counter and the claimed rows must agree; a contract reads the counter.
        if (pool.sold !== pool.ticketsSold) throw new Error("sold counter and pool disagree")
        return pool.ticketsSold
      },
      close,
    }
  }
