import { OrderStatus } from "@howzat/core/rules"
import {
  type DatabaseHandle,
  makeDatabase,
  makeOrderRepo,
  makeTicketAllocator,
} from "@howzat/postgres"
import { competitionOnSale, newBasket, newCustomer } from "@howzat/postgres/testing"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { eventually, holdCompetitionRows } from "./test-support/lock-gate"
import {
  killShopProcesses,
  startShopProcesses,
  stopShopProcesses,
} from "./test-support/shop-processes"

/**
 * Draw on sell-out with two server processes on one database
 * (docs/decisions/0081): both first passes find the sold-out competition and
 * queue on its row, held by this test; let go, one closes it and the other
 * finds it closed, and exactly one draw is made. One round, first passes
 * only (the processes' interval is an hour), so it stays quick. The model is
 * draws.two-processes.postgres.test.ts.
 */
const SECOND = 1000
const HOUR = 60 * 60 * SECOND
const DAY = 24 * HOUR
const PROCESSES = ["sell-out-a", "sell-out-b"] as const

let database: TestDatabase
let main: DatabaseHandle

/** Open, set to draw on sell-out, every ticket bought and paid by two customers. */
const soldOutAndPaid = async () => {
  const now = Date.now()
  const id = await competitionOnSale(main.db, {
    name: "Two shops sell-out",
    totalTickets: 4,
    maxTicketsPerCustomer: 2,
    startDateTimeUtc: new Date(now - DAY),
    closeDateTimeUtc: new Date(now + 10 * DAY),
    drawDateTimeUtc: new Date(now + 11 * DAY),
    drawType: "Automatic",
  })
  await main.db
    .updateTable("competitions")
    .set({ drawOnSellOut: true })
    .where("id", "=", id)
    .execute()
  const orders = makeOrderRepo(main.db)
  const allocator = makeTicketAllocator(main.db)
  for (let n = 0; n < 2; n++) {
    const customerId = await newCustomer(main.db)
    const boughtAt = new Date(now - HOUR + n * SECOND)
    const { order } = await Effect.runPromise(
      orders.createForBasket({
        basketId: await newBasket(main.db, customerId),
        customerId,
        createdAt: boughtAt,
        expiresAt: new Date(boughtAt.getTime() + HOUR),
      }),
    )
    await Effect.runPromise(
      allocator.allocate({
        orderId: order.id,
        customerId,
        at: boughtAt,
        lines: [{ competitionId: id, quantity: 2 }],
      }),
    )
    for (const to of [OrderStatus.AwaitingPayment, OrderStatus.Completed])
      await Effect.runPromise(orders.transition(order.id, to))
  }
  return id
}

describe("draw on sell-out with two server processes on one PostgreSQL database", () => {
  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    main = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 4 })
  })

  afterAll(async () => {
    killShopProcesses()
    await main?.close()
    await database?.drop()
  })

  it("closes the sold-out competition once and draws it once", async () => {
    const id = await soldOutAndPaid()
    const published = await main.db
      .selectFrom("competitions")
      .select("drawDateTimeUtc")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
    const gate = await holdCompetitionRows(main.db, [id])
    const processes = await startShopProcesses(PROCESSES, {
      databaseUrl: database.connectionString,
      env: { AUTOMATIC_DRAW_INTERVAL_MS: String(HOUR) },
    })
    try {
      const waiting = await eventually(
        "both processes' first passes to wait on the competition",
        async () => {
          const queued = await gate.waiting()
          return queued.length === PROCESSES.length ? queued : undefined
        },
        processes,
      )
      expect(waiting).toEqual([...PROCESSES])
      await gate.release()
      const draws = () =>
        main.db.selectFrom("draws").select("id").where("competitionId", "=", id).execute()
      await eventually(
        "the draw",
        async () => ((await draws()).length > 0 ? true : undefined),
        processes,
      )
      // Stopped, each process has finished its first pass: nothing more can be closed or drawn.
      await stopShopProcesses(processes)
      expect(await draws()).toHaveLength(1)
      const row = await main.db
        .selectFrom("competitions")
        .select(["closeDateTimeUtc", "drawDateTimeUtc", "drawBroughtForwardFrom"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
      expect(row.drawBroughtForwardFrom).toEqual(published.drawDateTimeUtc)
      expect(row.drawDateTimeUtc).toEqual(row.closeDateTimeUtc)
      const closings = processes.flatMap((p) =>
        p.output.filter((line) => line.includes("competition sold out: closed for its draw")),
      )
      expect(closings).toHaveLength(1)
      for (const p of processes)
        expect(
          p.output.filter((line) => /put off|failed|error/i.test(line)),
          `${p.name} said`,
        ).toEqual([])
    } finally {
      await gate.release().catch(() => {})
      await stopShopProcesses(processes)
    }
    expect(processes.map((p) => p.exitCode())).toEqual([0, 0])
  })
})
