import type { AllocationResult } from "@howzat/core/ports"
import { allocationExceptions, allocationReasons } from "@howzat/core/rules"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { untilWaitingForLocks } from "../../../../test/support/lock-waits"
import type { TestDatabase } from "../../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "../database"
import { recordDraw } from "./draw-records"
import { makeOrderRepo } from "./orders"
import {
  competitionOnSale,
  drawnWithNoEntries,
  NOW,
  newBasket,
  newCustomer,
  poolCounts,
} from "./orders-fixtures"
import { makeTicketAllocator } from "./ticket-allocator"
import { TICKETS_SOLD_SHARDS } from "./tickets-sold"

/**
 * The draw and a checkout of the same competition, on two connections
 * (decision 0046). Buyers no longer lock the competition row for update, so
 * what keeps a ticket from being sold outside its draw is the key-share lock
 * a checkout takes while the competition is open: the draw's `for update`
 * (draw-records' lock) has to wait for it, and a checkout that waited for
 * the draw reads the drawn row.
 */
describe("the draw and checkouts on PostgreSQL", () => {
  let database: TestDatabase
  let handle: DatabaseHandle
  const db = () => handle.db

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handle = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 4 })
  })

  afterAll(async () => {
    await handle?.close()
    await database?.drop()
  })

  const newOrder = async (customerId: string) => {
    const basketId = await newBasket(db(), customerId)
    const { order } = await Effect.runPromise(
      makeOrderRepo(db()).createForBasket({
        basketId,
        customerId,
        createdAt: NOW,
        expiresAt: new Date(NOW.getTime() + 3_600_000),
      }),
    )
    return order.id
  }

  /** The draw's own lock on the row, as draw-records takes it. */
  const drawLock = (q: typeof handle.db, competitionId: string) =>
    q.selectFrom("competitions").select("id").where("id", "=", competitionId).forUpdate().execute()

  it("makes the draw wait for a checkout that is still running", async () => {
    const competitionId = await competitionOnSale(db(), { name: "Racing the draw" })
    // Every counter row exists already, as on a competition selling for a
    // while: the claim then updates one, and no foreign-key check locks the
    // competition row on its behalf.
    await sql`insert into competition_tickets_sold (competition_id, shard, sold)
      select ${competitionId}::uuid, shard, 0 from generate_series(0, ${TICKETS_SOLD_SHARDS - 1}) shard`.execute(
      db(),
    )
    const customerId = await newCustomer(db())
    const orderId = await newOrder(customerId)
    let draw: Promise<Awaited<ReturnType<typeof poolCounts>>> | undefined
    await db()
      .transaction()
      .execute(async (checkout) => {
        const result = await Effect.runPromise(
          makeTicketAllocator(checkout).allocate({
            orderId,
            customerId,
            at: NOW,
            lines: [{ competitionId, quantity: 2 }],
          }),
        )
        expect(result.lines[0]?.ticketNumbers).toHaveLength(2)
        // The checkout has not committed: the draw cannot take the row yet.
        draw = db()
          .transaction()
          .execute(async (drawing) => {
            await drawLock(drawing, competitionId)
            return poolCounts(drawing, competitionId)
          })
        expect(await untilWaitingForLocks(db(), 1, [draw])).toBe("waiting")
      })
    // Committed: now it can, and the draw sees both tickets sold.
    expect(await draw).toMatchObject({ sold: 2, ticketsSold: 2 })
  })

  it("sells nothing to a checkout that waited for the draw, and says it closed", async () => {
    const competitionId = await competitionOnSale(db(), { name: "Drawn meanwhile" })
    const customerId = await newCustomer(db())
    const orderId = await newOrder(customerId)
    let waiting: Promise<AllocationResult> | undefined
    await db()
      .transaction()
      .execute(async (draw) => {
        await drawLock(draw, competitionId)
        const checkout = Effect.runPromise(
          makeTicketAllocator(db()).allocate({
            orderId,
            customerId,
            at: NOW,
            lines: [{ competitionId, quantity: 2 }],
          }),
        )
        waiting = checkout
        // The checkout has reached the row and queues behind the draw.
        expect(await untilWaitingForLocks(db(), 1, [checkout])).toBe("waiting")
        // The draw as the use case records it (no entries: nothing was sold).
        await recordDraw(draw, drawnWithNoEntries(competitionId), "")
      })
    const result = (await waiting) as AllocationResult
    expect(result).toMatchObject({
      lines: [{ competitionId, ticketNumbers: [], sale: { drawn: true } }],
    })
    expect(allocationExceptions(result.lines, NOW)).toEqual([
      { competitionName: "Drawn meanwhile", exceptionReason: allocationReasons.closed },
    ])
    expect(await poolCounts(db(), competitionId)).toMatchObject({ sold: 0, ticketsSold: 0 })
  })
})
