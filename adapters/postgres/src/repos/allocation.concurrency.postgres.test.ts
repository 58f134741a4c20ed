import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../../test/support/postgres-database"
import { sourceNodeArgs } from "../../../../test/support/source-node"
import { createMigratedTestDatabase } from "../../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "../database"
import { type Buyer, checkoutBuyer, type Outcome } from "./allocation-buyers"
import { makeOrderRepo } from "./orders"
import { competitionOnSale, newBasket, newCustomer, poolCounts } from "./orders-fixtures"

/**
 * Many buyers at once through two server processes: once as two connection
 * pools in this process (fast, and the overlap is reliable enough to catch a
 * missing per-customer lock), once as two real child processes. Nothing in
 * one process's memory can protect the other, so only the database's
 * guarantees are being tested. Quantities and customers
 * are fixed patterns (no randomness) so a failure reproduces; demand is well
 * above the stock so the competition always sells out.
 */

const TOTAL = 1000
const MAX_PER_CUSTOMER = 10
const SIDE_TOTAL = 200
const SIDE_MAX = 3
const BUYERS = 300
const CUSTOMERS = 200
const DOUBLE_CHECKOUTS = 30
const POOL_SIZE = 20

/** Which process checks a buyer out, and the order each process starts them in. */
interface Race {
  readonly databaseUrl: string
  /** Per process, the buyers it checks out at once. */
  readonly perProcess: readonly [readonly Buyer[], readonly Buyer[]]
}

/**
 * A customer's two buyers go through different processes and start side by
 * side, so their transactions overlap; some baskets are also checked out
 * twice at once, once through each process.
 */
const planRace = (databaseUrl: string, buyers: readonly Buyer[]): Race => {
  const byCustomer = [...buyers].sort(
    (a, b) => (a.index % CUSTOMERS) - (b.index % CUSTOMERS) || a.index - b.index,
  )
  const first = byCustomer.filter((b) => b.index < CUSTOMERS)
  const second = byCustomer.filter((b) => b.index >= CUSTOMERS)
  const doubles = buyers.slice(0, DOUBLE_CHECKOUTS)
  return { databaseUrl, perProcess: [first, [...second, ...doubles]] }
}

/** Two connection pools in this process: fast, and overlaps reliably. */
const raceInProcess = async (race: Race): Promise<Outcome[]> => {
  const pools = await Promise.all(
    race.perProcess.map(() =>
      makeDatabase({ databaseUrl: race.databaseUrl, maxConnections: POOL_SIZE }),
    ),
  )
  try {
    const runs = race.perProcess.flatMap((buyers, p) =>
      buyers.map((buyer) => checkoutBuyer(pools[p] as DatabaseHandle, buyer)),
    )
    return await Promise.all(runs.map((run) => Effect.runPromise(run)))
  } finally {
    for (const pool of pools) await pool.close()
  }
}

const CHILD = fileURLToPath(new URL("./allocation-buyers.child.ts", import.meta.url))

/** Two real Node processes, each with its own pool, started together on "go". */
const raceInChildProcesses = async (race: Race): Promise<Outcome[]> => {
  const children = race.perProcess.map((buyers) => {
    const child = spawn(process.execPath, sourceNodeArgs(CHILD), {
      stdio: ["pipe", "pipe", "inherit"],
    })
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
    const next = async () => {
      const line = await lines.next()
      if (line.done === true) throw new Error("A buyer process ended without answering")
      return line.value
    }
    child.stdin.write(
      `${JSON.stringify({ databaseUrl: race.databaseUrl, poolSize: POOL_SIZE, buyers })}\n`,
    )
    return { child, next }
  })
  try {
    for (const { next } of children) expect(await next()).toBe("ready")
    for (const { child } of children) child.stdin.write("go\n")
    const answers = await Promise.all(children.map(({ next }) => next()))
    return answers.flatMap((answer) => JSON.parse(answer) as Outcome[])
  } finally {
    for (const { child } of children) child.kill()
  }
}

const raceSuite = (name: string, runRace: (race: Race) => Promise<Outcome[]>) =>
  describe(name, () => {
    let database: TestDatabase
    let main: DatabaseHandle
    let competitionId: string
    let sideCompetitionId: string
    let outcomes: Outcome[] = []
    const buyers: Buyer[] = []

    beforeAll(async () => {
      database = await createMigratedTestDatabase()
      main = await makeDatabase({ databaseUrl: database.connectionString })
      competitionId = await competitionOnSale(main.db, {
        name: "Big prize",
        totalTickets: TOTAL,
        maxTicketsPerCustomer: MAX_PER_CUSTOMER,
      })
      sideCompetitionId = await competitionOnSale(main.db, {
        name: "Side prize",
        totalTickets: SIDE_TOTAL,
        maxTicketsPerCustomer: SIDE_MAX,
      })
      const customers: string[] = []
      for (let i = 0; i < CUSTOMERS; i++) customers.push(await newCustomer(main.db))
      for (let index = 0; index < BUYERS; index++) {
        // Customers 0..99 have two buyers (two tabs, two devices) racing each other; each asks
        // for 4..10 of a maximum of 10, so most pairs together ask for more than allowed.
        const customerId = customers[index % CUSTOMERS] as string
        const lines = [{ competitionId, quantity: 4 + ((index * 5) % 7) }]
        // Every third buyer also wants the side prize, so orders lock two competitions.
        if (index % 3 === 0)
          lines.push({ competitionId: sideCompetitionId, quantity: 1 + (index % 5) })
        // Half list the side prize first: the allocator must impose its own lock order.
        if (index % 2 === 0) lines.reverse()
        buyers.push({ index, customerId, basketId: await newBasket(main.db, customerId), lines })
      }
      outcomes = await runRace(planRace(database.connectionString, buyers))
    }, 60_000)

    afterAll(async () => {
      await main?.close()
      await database?.drop()
    })

    it("sells every ticket exactly once and keeps the counter equal to the pool", async () => {
      for (const [id, total] of [
        [competitionId, TOTAL],
        [sideCompetitionId, SIDE_TOTAL],
      ] as const) {
        const pool = await poolCounts(main.db, id)
        expect(pool.totalTickets).toBe(total)
        expect(pool.tickets).toHaveLength(total)
        expect(new Set(pool.tickets.map((t) => t.ticketNumber)).size).toBe(total)
        expect(pool.sold + pool.free).toBe(total)
        expect(pool.ticketsSold).toBe(pool.sold)
      }
      // Demand within the maxima is about 1,680 tickets for 1,000, so everything sold.
      expect((await poolCounts(main.db, competitionId)).free).toBe(0)
    })

    it("never hands the same number to two orders", () => {
      const reported = outcomes.flatMap((o) =>
        (o.allocation?.lines ?? [])
          .filter((line) => line.competitionId === competitionId)
          .flatMap((line) => line.ticketNumbers),
      )
      expect(reported).toHaveLength(TOTAL)
      expect(new Set(reported).size).toBe(TOTAL)
      expect(reported.every((n) => Number.isInteger(n) && n >= 1 && n <= TOTAL)).toBe(true)
    })

    it("never lets a customer pass the maximum, however many tabs they buy from", async () => {
      const held = await main.db
        .selectFrom("tickets")
        .select(["customerId", "competitionId", (eb) => eb.fn.countAll<string>().as("held")])
        .where("customerId", "is not", null)
        .groupBy(["customerId", "competitionId"])
        .execute()
      expect(held.length).toBeGreaterThan(0)
      for (const row of held) {
        const max = row.competitionId === competitionId ? MAX_PER_CUSTOMER : SIDE_MAX
        expect(Number(row.held)).toBeLessThanOrEqual(max)
      }
    })

    it("makes one order per basket, and the second checkout answers with it", async () => {
      const created = outcomes.filter((o) => o.created)
      expect(created).toHaveLength(BUYERS)
      for (const buyer of buyers.slice(0, DOUBLE_CHECKOUTS)) {
        const both = outcomes.filter((o) => o.buyer.basketId === buyer.basketId)
        expect(both).toHaveLength(2)
        expect(both[0]?.orderId).toBe(both[1]?.orderId)
      }
      const { count } = await main.db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll<string>().as("count"))
        .executeTakeFirstOrThrow()
      expect(Number(count)).toBe(BUYERS)
    })

    it("stores every order's tickets as the allocation reported them", async () => {
      const orders = makeOrderRepo(main.db)
      for (const outcome of outcomes.filter((o) => o.allocation !== null)) {
        const order = await Effect.runPromise(orders.byId(outcome.orderId))
        for (const line of outcome.allocation?.lines ?? []) {
          const stored = order.lines.find((l) => l.competitionId === line.competitionId)
          expect(stored?.ticketNumbers).toEqual(line.ticketNumbers)
          expect(stored?.quantity).toBe(line.ticketNumbers.length)
        }
        const short = (outcome.allocation?.lines ?? []).filter(
          (l) => l.ticketNumbers.length < l.requested,
        )
        expect(order.allocationExceptions).toHaveLength(short.length)
      }
    })
  })

raceSuite("ticket allocation under contention on PostgreSQL (two pools)", raceInProcess)
raceSuite("ticket allocation under contention on PostgreSQL (two processes)", raceInChildProcesses)
