import { Effect } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "../database"
import { makeOrderRefundRepo } from "./order-refunds"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, NOW, newBasket, newCustomer, poolCounts } from "./orders-fixtures"
import { makeTicketAllocator } from "./ticket-allocator"

/**
 * A competition's sold count is the sum of counter rows, one per database
 * session that wrote to it (decision 0046). Whatever mix of claims, releases
 * and refunds runs at once, through several pools (so several sessions, so
 * several rows, a ticket sold on one row and given back on another), the
 * sum is exactly the pool's count of claimed tickets.
 */
const POOLS = 3
const TOTAL = 60

type Step =
  | { readonly kind: "buy"; readonly pool: number; readonly quantity: number }
  | { readonly kind: "release" | "refund"; readonly pool: number; readonly order: number }

describe("the sold count under concurrent sales on PostgreSQL", () => {
  let database: TestDatabase
  let handles: DatabaseHandle[] = []

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handles = await Promise.all(
      Array.from({ length: POOLS }, () =>
        makeDatabase({ databaseUrl: database.connectionString, maxConnections: 3 }),
      ),
    )
  })

  afterAll(async () => {
    for (const handle of handles) await handle.close()
    await database?.drop()
  })

  const step = fc.oneof(
    fc.record({
      kind: fc.constant("buy" as const),
      pool: fc.nat(POOLS - 1),
      quantity: fc.integer({ min: 1, max: 8 }),
    }),
    fc.record({
      kind: fc.constantFrom("release" as const, "refund" as const),
      pool: fc.nat(POOLS - 1),
      order: fc.nat(20),
    }),
  )

  it("always equals the tickets claimed in the pool (property)", async () => {
    const db = handles[0]!.db
    const customerId = await newCustomer(db)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(step, { maxLength: 6 }), { minLength: 1, maxLength: 4 }),
        async (rounds) => {
          const competitionId = await competitionOnSale(db, {
            totalTickets: TOTAL,
            maxTicketsPerCustomer: TOTAL,
          })
          const orders: string[] = []
          for (const round of rounds) {
            // Each round's steps run at once, each on its pool's connections.
            await Promise.all(
              round.map(async (s: Step) => {
                const q = handles[s.pool]!.db
                if (s.kind === "buy") {
                  const basketId = await newBasket(q, customerId)
                  const { order } = await Effect.runPromise(
                    makeOrderRepo(q).createForBasket({
                      basketId,
                      customerId,
                      createdAt: NOW,
                      expiresAt: NOW,
                    }),
                  )
                  orders.push(order.id)
                  await Effect.runPromise(
                    makeTicketAllocator(q).allocate({
                      orderId: order.id,
                      customerId,
                      at: NOW,
                      lines: [{ competitionId, quantity: s.quantity }],
                    }),
                  )
                  return
                }
                const orderId = orders[s.order % Math.max(1, orders.length)]
                if (orderId === undefined) return
                await Effect.runPromise(
                  s.kind === "release"
                    ? makeTicketAllocator(q).release(orderId)
                    : makeOrderRefundRepo(q).returnTickets(orderId, [competitionId]),
                )
              }),
            )
          }
          const pool = await poolCounts(db, competitionId)
          expect(pool.ticketsSold).toBe(pool.sold)
          expect(pool.sold + pool.free).toBe(TOTAL)
        },
      ),
      { numRuns: 25 },
    )
  })
})
