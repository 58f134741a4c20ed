import { drawWinner } from "@howzat/core/draws"
import { OrderStatus } from "@howzat/core/rules"
import {
  type DatabaseHandle,
  makeDatabase,
  makeOrderRepo,
  makeTicketAllocator,
  soldEntries,
} from "@howzat/postgres"
import { competitionOnSale, newBasket, newCustomer } from "@howzat/postgres/testing"
import { Effect } from "effect"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { eventually, holdCompetitionRows, holdingLock } from "./test-support/lock-gate"
import {
  killShopProcesses,
  type ShopProcess,
  startShopProcesses,
  stopShopProcesses,
} from "./test-support/shop-processes"

/**
 * Decision 0024: two server processes on one PostgreSQL database with
 * automatic draws due make exactly one draw, one winner and one email per
 * competition. Nothing in one process's memory can stop the other, so this
 * tests what the database guarantees (core's Draws: the competition's row
 * lock, re-reading the draw under it, and the unique index behind that).
 *
 * To be sure the processes really race rather than take turns, this test
 * holds the competition's row lock itself while the draw falls due, waits
 * until a session of each process is queued behind it, then lets go: both
 * are then inside the drawing transaction at once, and one of them must
 * find the other's draw. The test never sleeps: what it waits for (a
 * process queued for a lock, a draw made) it sees in pg_stat_activity or in
 * the draws table, as soon as the processes' own passes get there.
 */

const SECOND = 1000
const HOUR = 60 * 60 * SECOND
const DAY = 24 * HOUR
const PROCESSES = ["shop-a", "shop-b"] as const
/** How often the processes of the running rounds look for due draws. */
const SHORT_INTERVAL_MS = 200
/** Passes of each process watched going over a competition once it is drawn. */
const PASSES_AFTER_A_DRAW = 3

let database: TestDatabase
let main: DatabaseHandle
let buyers: string[] = []
/** Every competition the processes drew, for the checks at the end. */
const drawn: { id: string; name: string }[] = []

let competitions = 0

/**
 * A competition that closed an hour before `drawAt` (or before now, if that
 * is sooner) with tickets bought and paid by real customers before the
 * close, through the allocator and the order's status machine.
 */
const closedWithPaidTickets = async (drawAt: Date) => {
  const name = `Two shops prize ${++competitions}`
  const close = new Date(Math.min(drawAt.getTime(), Date.now()) - HOUR)
  const id = await competitionOnSale(main.db, {
    name,
    totalTickets: 50,
    startDateTimeUtc: new Date(close.getTime() - DAY),
    closeDateTimeUtc: close,
    drawDateTimeUtc: drawAt,
    drawType: "Automatic",
  })
  const orders = makeOrderRepo(main.db)
  const allocator = makeTicketAllocator(main.db)
  for (const [n, customerId] of buyers.entries()) {
    const boughtAt = new Date(close.getTime() - HOUR + n * SECOND)
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
        lines: [{ competitionId: id, quantity: 2 + (n % 3) }],
      }),
    )
    for (const to of [OrderStatus.AwaitingPayment, OrderStatus.Completed])
      await Effect.runPromise(orders.transition(order.id, to))
  }
  drawn.push({ id, name })
  return { id, name }
}

/** Holds the competitions' rows: a drawing process's `for update` queues behind them. */
const holdLocks = (competitionIds: readonly string[]) =>
  holdCompetitionRows(main.db, competitionIds)

/** Until a session of each process waits behind `gate`. */
const bothWaiting = (
  what: string,
  gate: { waiting: () => Promise<string[]> },
  processes: readonly ShopProcess[],
) =>
  eventually(
    what,
    async () => {
      const waiting = await gate.waiting()
      return waiting.length === PROCESSES.length ? waiting : undefined
    },
    processes,
  )

/**
 * Until each process has made `passes` more passes of the automatic draws.
 * A pass begins by asking for what is due, which reads the draws table: with
 * the table locked, each process's next pass queues there, and once the test
 * has seen both queued it lets them go on, `passes` times over.
 */
const morePasses = async (passes: number, processes: readonly ShopProcess[]) => {
  for (let pass = 1; pass <= passes; pass++) {
    const gate = await holdingLock(main.db, (trx) =>
      sql`lock table draws in access exclusive mode`.execute(trx),
    )
    try {
      await bothWaiting(`pass ${pass} of each process after the draw`, gate, processes)
    } finally {
      await gate.release()
    }
  }
}

const drawRows = (competitionId: string) =>
  main.db
    .selectFrom("draws as d")
    .leftJoin("drawEntries as e", "e.drawId", "d.id")
    .select(["d.id", "d.winningTicketNumber", "d.winnerCustomerId", "d.attempt"])
    .select(["d.entriesHash", "d.entryCount", "d.beaconSource", "d.beaconValue", "e.entries"])
    .where("d.competitionId", "=", competitionId)
    .execute()

const isDrawn = async (competitionId: string) =>
  (await drawRows(competitionId)).length > 0 ? true : undefined

/** Every process publishes the same proof: the draw in the database. */
const expectSameProof = async (processes: readonly ShopProcess[], competitionId: string) => {
  const [draw] = await drawRows(competitionId)
  for (const p of processes) {
    const response = await fetch(`${p.origin()}/api/Draws/proof/${competitionId}`)
    expect(response.status).toBe(200)
    const { proof } = (await response.json()) as {
      proof: { winningTicketNumber: number; entriesHash: string; attempt: number }
    }
    expect(proof, `${p.name}'s proof`).toMatchObject({
      winningTicketNumber: draw?.winningTicketNumber,
      entriesHash: draw?.entriesHash,
      attempt: draw?.attempt,
    })
  }
}

/** A process that met the other's draw must have answered it, not tripped over it. */
const expectNoTrouble = (processes: readonly ShopProcess[]) => {
  for (const p of processes) {
    const trouble = p.output.filter((line) => /put off|failed|error/i.test(line))
    expect(trouble, `${p.name} said`).toEqual([])
  }
}

// Two servers start in each test: on a busy 2-core machine that alone can pass the usual 30 s.
describe("automatic draws with two server processes on one PostgreSQL database", {
  timeout: 120_000,
}, () => {
  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    main = await makeDatabase({ databaseUrl: database.connectionString, maxConnections: 4 })
    buyers = []
    for (let i = 0; i < 5; i++) buyers.push(await newCustomer(main.db))
  })

  afterAll(async () => {
    killShopProcesses()
    await main?.close()
    await database?.drop()
  })

  it("catches up at start-up: draws missed while no process ran are made by the first pass", async () => {
    const missed = [
      await closedWithPaidTickets(new Date(Date.now() - 3 * HOUR)),
      await closedWithPaidTickets(new Date(Date.now() - 2 * HOUR)),
      await closedWithPaidTickets(new Date(Date.now() - 1 * HOUR)),
    ]
    // The earliest is drawn first; holding it makes both first passes meet on it.
    const gate = await holdLocks([missed[0]?.id ?? ""])
    // An hour between passes: only the pass at start-up can draw within this test.
    const processes = await startShopProcesses(PROCESSES, {
      databaseUrl: database.connectionString,
      env: { AUTOMATIC_DRAW_INTERVAL_MS: String(HOUR) },
    })
    try {
      const waiting = await bothWaiting(
        "both processes' first passes to wait on the draw",
        gate,
        processes,
      )
      expect(waiting).toEqual([...PROCESSES])
      await gate.release()
      for (const { id } of missed) {
        await eventually(`the draw of ${id}`, () => isDrawn(id), processes)
        await expectSameProof(processes, id)
      }
      expectNoTrouble(processes)
    } finally {
      await gate.release().catch(() => {})
      await stopShopProcesses(processes)
    }
    expect(processes.map((p) => p.exitCode())).toEqual([0, 0])
  })

  it("draws each competition once when it falls due while both processes run", async () => {
    const processes = await startShopProcesses(PROCESSES, {
      databaseUrl: database.connectionString,
      env: { AUTOMATIC_DRAW_INTERVAL_MS: String(SHORT_INTERVAL_MS) },
    })
    try {
      for (let round = 0; round < 3; round++) {
        // Closed, its draw a day off; locked, then made due: both processes find it due and queue.
        const { id } = await closedWithPaidTickets(new Date(Date.now() + DAY))
        const gate = await holdLocks([id])
        try {
          await main.db
            .updateTable("competitions")
            .set({ drawDateTimeUtc: new Date(Date.now() - SECOND) })
            .where("id", "=", id)
            .execute()
          const waiting = await bothWaiting(
            `both processes to wait on round ${round + 1}`,
            gate,
            processes,
          )
          expect(waiting).toEqual([...PROCESSES])
        } finally {
          await gate.release()
        }
        await eventually(`the draw of round ${round + 1}`, () => isDrawn(id), processes)
        // Several more passes of each process over a competition already drawn.
        await morePasses(PASSES_AFTER_A_DRAW, processes)
        await expectSameProof(processes, id)
      }
      expectNoTrouble(processes)
    } finally {
      await stopShopProcesses(processes)
    }
    expect(processes.map((p) => p.exitCode())).toEqual([0, 0])
  })

  it("leaves one draw, one entry list, one winner holding the ticket and one email each", async () => {
    expect(drawn).toHaveLength(6)
    for (const { id, name } of drawn) {
      const rows = await drawRows(id)
      expect(rows).toHaveLength(1)
      const [draw] = rows
      const entries = (await soldEntries(main.db, id)).split("\n").map(Number)
      expect(entries.length).toBeGreaterThan(0)
      expect(draw?.entries).toBe(entries.join("\n"))
      expect(draw?.beaconSource).toBe("none")

      const seed = await main.db
        .selectFrom("competitions")
        .select("drawSeed")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
      const rederived = drawWinner({
        seed: new Uint8Array(Buffer.from(seed.drawSeed, "hex")),
        competitionId: id,
        beacon: draw?.beaconValue ?? "",
        ticketNumbers: entries,
      })
      if (!("winningTicketNumber" in rederived)) throw new Error(`${name} has entries`)
      expect(draw).toMatchObject({
        winningTicketNumber: rederived.winningTicketNumber,
        attempt: rederived.attempt,
        entriesHash: rederived.entriesHash,
        entryCount: entries.length,
      })

      const holder = await main.db
        .selectFrom("tickets as t")
        .innerJoin("customers as c", "c.id", "t.customerId")
        .innerJoin("users as u", "u.id", "c.userId")
        .select(["t.customerId", "u.email"])
        .where("t.competitionId", "=", id)
        .where("t.ticketNumber", "=", rederived.winningTicketNumber)
        .executeTakeFirstOrThrow()
      expect(buyers).toContain(holder.customerId)
      expect(draw?.winnerCustomerId).toBe(holder.customerId)

      const emails = await main.db
        .selectFrom("outbox")
        .select(["toAddress", "textBody"])
        .where("kind", "=", "DrawWinner")
        .where("subject", "=", `You've won ${name}!`)
        .execute()
      expect(emails).toHaveLength(1)
      expect(emails[0]?.toAddress).toBe(holder.email)
      expect(emails[0]?.textBody).toContain(`Your ticket ${rederived.winningTicketNumber} has won`)
    }
    const { count } = await main.db
      .selectFrom("outbox")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("kind", "=", "DrawWinner")
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(drawn.length)
  })
})
