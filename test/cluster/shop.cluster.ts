import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import type { NewCompetition } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { type DatabaseHandle, makeDatabase, migrations } from "@howzat/postgres"
import { sql } from "kysely"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { competitionOnSale } from "../../apps/server/src/test-support/competitions"
import { freePort, type PostgresCluster, startPostgresCluster } from "../support/pg-cluster"
import {
  killEverything,
  type LoadBalancer,
  missing,
  runBuilt,
  type ShopServer,
  serverEnvironment,
  shopServer,
  startHaproxy,
  until,
  verifyDraw,
} from "./cluster-processes"
import { type Answer, Customer, type Load, newEmail, startLoad } from "./customers"

/**
 * Several servers behind a real load balancer (docs/deploy.md,
 * docs/decisions/0087): a throwaway PostgreSQL migrated once by
 * `npm run migrate`, three built servers started with MIGRATE_ON_START=false,
 * HAProxy with docs/deploy/haproxy.cfg in front, and virtual customers
 * buying through it the whole time. Under that load one server is killed
 * (SIGKILL) and started again, then all three are restarted one at a time
 * (SIGTERM, waiting for each to be back), and a backup is taken. Then what
 * the shop promises is read from the database: nothing a customer saw
 * complete is lost, no ticket is sold twice, no payment settled twice, one
 * draw per competition, rate limits counted across the servers, caches
 * agreeing within their five seconds; and the backup restores into a shop
 * that starts and whose draw verifies.
 */

const CUSTOMERS = 20
const SECOND = 1000
/** The public catalogue cache's max-age (decision 0047), and a margin for a busy machine. */
const CACHE_STALENESS_MS = 5 * SECOND
const CACHE_MARGIN_MS = 2 * SECOND

let pg: PostgresCluster
let db: DatabaseHandle
let databaseUrl: string
let servers: ShopServer[] = []
let lb: LoadBalancer
const suiteStarted = Date.now()

const urlOf = (database: string) => {
  const url = new URL(pg.connectionString)
  url.pathname = `/${database}`
  return url.toString()
}

/** A competition on sale with room for the whole run's purchases (the API suites' helper). */
const competition = (name: string, overrides: Partial<NewCompetition> = {}) =>
  competitionOnSale(db, {
    name,
    ticketPrice: pence(100),
    totalTickets: 4000,
    maxTicketsPerCustomer: 1000,
    ...overrides,
  })

/** What the suite did when, for a failure's message: a failed request is judged by it. */
const events: string[] = []
const happened = (what: string) => events.push(`${Date.now()} ${what}`)

const said = () =>
  [
    `--- events:\n${events.join("\n")}`,
    ...servers.map((s) => `--- ${s.name}:\n${s.output().slice(-40).join("\n")}`),
    `--- haproxy:\n${lb?.output().slice(-40).join("\n") ?? ""}`,
  ].join("\n")

const timings: [string, number][] = []
const timed = async <A>(step: string, run: () => Promise<A>): Promise<A> => {
  const started = Date.now()
  try {
    return await run()
  } finally {
    timings.push([step, Date.now() - started])
  }
}

/** Not an answer a customer should ever get: no answer, or a server's error. */
const failed = (a: Answer) => a.status === 0 || a.status >= 500

beforeAll(async () => {
  const lacking = missing()
  if (lacking) throw new Error(lacking)
  await timed("postgres", async () => {
    // Its own cluster always: the suite kills and restores, so never a shared DATABASE_URL.
    const { DATABASE_URL: _ignored, ...env } = process.env
    process.env = env
    pg = await startPostgresCluster()
    const admin = await makeDatabase({ databaseUrl: pg.connectionString, maxConnections: 1 })
    await sql`create database shop`.execute(admin.db)
    await sql`create database restored`.execute(admin.db)
    await admin.close()
    databaseUrl = urlOf("shop")
  })
  await timed("npm run migrate", async () => {
    const migrated = await runBuilt("migrate", [], { ...process.env, DATABASE_URL: databaseUrl })
    expect(migrated.code, migrated.output.join("\n")).toBe(0)
    expect(migrated.output[0]).toBe(
      `Applied ${Object.keys(migrations).length} migrations to the PostgreSQL database at DATABASE_URL:`,
    )
  })
  db = await makeDatabase({ databaseUrl, maxConnections: 4 })
  const env = serverEnvironment(databaseUrl)
  const ports = [await freePort(), await freePort(), await freePort()]
  servers = ports.map((port, i) => shopServer(`shop${i + 1}`, port, env))
  await timed("three servers", () => Promise.all(servers.map((s) => s.start())))
  lb = await timed("haproxy", async () => {
    const started = await startHaproxy(servers, await freePort(), await freePort())
    for (const s of servers) await started.waitUp(s.name)
    return started
  })
}, 300_000)

afterAll(async () => {
  killEverything()
  await db?.close()
  await pg?.stop()
  const total = ((Date.now() - suiteStarted) / SECOND).toFixed(1)
  console.log(
    `cluster suite steps: ${timings.map(([step, ms]) => `${step} ${(ms / SECOND).toFixed(1)} s`).join(", ")}; whole suite ${total} s`,
  )
})

describe("three servers behind HAProxy under load", () => {
  it("lose nothing through a kill, a rolling restart and a backup", async () => {
    const bulk = [await competition("Bulk A"), await competition("Bulk B")]
    // A competition that closes while the customers buy: drawn once, by whichever server gets there.
    const closesAt = Date.now() + 8 * SECOND
    const closing = await competition("Closing soon", {
      closeDateTimeUtc: new Date(closesAt),
      drawDateTimeUtc: new Date(closesAt + SECOND),
    })
    const earlyAnswers: Answer[] = []
    const early = await Promise.all(
      [1, 2, 3].map(async () => {
        const customer = new Customer(lb.origin, earlyAnswers)
        await customer.register(newEmail)
        return customer.buy(closing, 2)
      }),
    )
    expect(
      early.every((order) => order !== undefined),
      JSON.stringify(earlyAnswers.filter(failed)),
    ).toBe(true)

    const load: Load = await timed("customers registered", () =>
      startLoad(lb.origin, CUSTOMERS, bulk),
    )
    const sawOrders = (n: number) =>
      until(`${n} more orders`, async () => load.completed.length >= n, 60_000, said)

    // 1. A server killed outright: requests in flight on it may fail; it comes back.
    await sawOrders(20)
    const shop2 = servers[1] as ShopServer
    let killedAt = 0
    let outAt = 0
    await timed("kill and restart shop2", async () => {
      killedAt = Date.now()
      happened("SIGKILL shop2")
      shop2.signal("SIGKILL")
      await shop2.exited()
      await lb.waitDown("shop2")
      outAt = Date.now()
      happened("HAProxy took shop2 out")
      await shop2.start()
      happened("shop2 ready again")
      await lb.waitUp("shop2")
      happened("HAProxy sends to shop2 again")
    })

    // The closing competition is drawn by one of the servers' automatic-draw jobs.
    await timed("automatic draw", () =>
      until(
        "the closing competition's draw",
        async () =>
          (
            await db.db
              .selectFrom("draws")
              .select("id")
              .where("competitionId", "=", closing)
              .execute()
          ).length > 0,
        60_000,
        said,
      ),
    )

    // 2. A rolling restart: each server told to stop (SIGTERM), drained, started again.
    const ordersBefore = load.completed.length
    const rollingFrom = Date.now()
    await timed("rolling restart", async () => {
      for (const server of servers) {
        happened(`SIGTERM ${server.name}`)
        server.signal("SIGTERM")
        expect(await server.exited(), server.output().join("\n")).toBe(0)
        happened(`${server.name} exited`)
        await server.start()
        happened(`${server.name} ready`)
        await lb.waitUp(server.name)
        happened(`HAProxy sends to ${server.name}`)
      }
    })
    const rollingTo = Date.now()

    // 3. A backup while customers buy.
    const backupDir = mkdtempSync(path.join(tmpdir(), "howzat-cluster-backups-"))
    const backupFrom = Date.now()
    const backup = await timed("backup under load", () =>
      runBuilt("backup", [], { ...process.env, DATABASE_URL: databaseUrl, BACKUP_DIR: backupDir }),
    )
    expect(backup.code, backup.output.join("\n")).toBe(0)
    const backupFile = /to (\S+\.dump)$/.exec(backup.output.join("\n"))?.[1] ?? ""
    await sawOrders(load.completed.length + 10)
    await load.stop()

    const answers = [...earlyAnswers, ...load.answers]
    const failures = answers.filter(failed)
    console.log(
      `cluster suite: ${answers.length} requests, ${load.completed.length} orders completed (${load.completed.length - ordersBefore} during and after the rolling restart), ${failures.length} failed, every one in flight when shop2 was killed or sent to it before HAProxy took it out`,
    )
    // Only requests in flight on the killed server, or sent to it before HAProxy saw it gone, failed.
    expect(
      failures.filter((a) => a.endedAt < killedAt || a.startedAt > outAt),
      said(),
    ).toEqual([])

    // No request asked during the rolling restart failed: each server drained before it stopped.
    const duringRolling = answers.filter(
      (a) => a.startedAt >= rollingFrom && a.startedAt <= rollingTo,
    )
    expect(duringRolling.length).toBeGreaterThan(50)
    expect(duringRolling.filter(failed), said()).toEqual([])
    // And every server answered some of them: the load was spread.
    expect(new Set(duringRolling.map((a) => a.servedBy))).toEqual(
      new Set(["shop1", "shop2", "shop3"]),
    )
    expect(load.completed.length - ordersBefore).toBeGreaterThan(0)

    // Every order a customer saw complete is complete, with its tickets and one settled payment.
    const seen = [...early.flatMap((o) => (o ? [o] : [])), ...load.completed]
    const orderIds = seen.map((o) => o.orderId)
    const orders = await db.db
      .selectFrom("orders")
      .select(["id", "status"])
      .where("id", "in", orderIds)
      .execute()
    expect(orders.filter((o) => o.status !== "Completed")).toEqual([])
    expect(orders.length).toBe(seen.length)
    const tickets = await db.db
      .selectFrom("tickets")
      .select(({ fn }) => ["orderId", fn.countAll<string>().as("count")])
      .where("orderId", "in", orderIds)
      .groupBy("orderId")
      .execute()
    const ticketsOf = new Map(tickets.map((t) => [t.orderId, Number(t.count)]))
    expect(seen.filter((o) => ticketsOf.get(o.orderId) !== o.quantity)).toEqual([])

    // No payment settled twice; every completed order paid exactly once.
    const twice = await sql<{ orderId: string }>`
      select order_id from payments where status = 'Succeeded'
      group by order_id having count(*) > 1`.execute(db.db)
    expect(twice.rows).toEqual([])
    const completedUnpaid = await sql<{ id: string }>`
      select o.id from orders o where o.status = 'Completed' and o.order_total_pence > 0
        and (select count(*) from payments p where p.order_id = o.id and p.status = 'Succeeded') <> 1`.execute(
      db.db,
    )
    expect(completedUnpaid.rows).toEqual([])

    // No ticket sold twice: each number has one row, and the sold counters agree with them.
    const counted = await sql<{ competitionId: string; allocated: string; sold: string }>`
      select c.id as competition_id,
        (select count(*) from tickets t where t.competition_id = c.id and t.order_id is not null) as allocated,
        (select coalesce(sum(s.sold), 0) from competition_tickets_sold s where s.competition_id = c.id) as sold
      from competitions c`.execute(db.db)
    for (const row of counted.rows)
      expect(Number(row.sold), row.competitionId).toBe(Number(row.allocated))
    const doubled = await sql`
      select competition_id, ticket_number from tickets
      group by competition_id, ticket_number having count(*) > 1`.execute(db.db)
    expect(doubled.rows).toEqual([])
    const soldOfCompleted = await sql<{ count: string }>`
      select count(*) from tickets t join orders o on o.id = t.order_id where o.status = 'Completed'`.execute(
      db.db,
    )
    const bought = await sql<{ count: string }>`
      select coalesce(sum(l.quantity), 0) as count from order_lines l join orders o on o.id = l.order_id
      where o.status = 'Completed'`.execute(db.db)
    expect(Number(soldOfCompleted.rows[0]?.count)).toBe(Number(bought.rows[0]?.count))

    // The closing competition was drawn exactly once.
    const draws = await db.db
      .selectFrom("draws")
      .selectAll()
      .where("competitionId", "=", closing)
      .execute()
    expect(draws.length).toBe(1)
    expect(draws[0]?.outcome).toBe("Winner")
    const mails = await sql<{ kind: string; count: string }>`
      select kind, count(*) from outbox where kind in ('DrawWinner', 'OrderConfirmation') group by kind`.execute(
      db.db,
    )
    const mailed = Object.fromEntries(mails.rows.map((r) => [r.kind, Number(r.count)]))
    const completedOrders = await sql<{ count: string }>`
      select count(*) from orders where status = 'Completed'`.execute(db.db)
    // One winner's email; one confirmation per completed order, however many servers heard of it.
    expect(mailed).toEqual({
      DrawWinner: 1,
      OrderConfirmation: Number(completedOrders.rows[0]?.count),
    })

    // 4. Rate limits count across the servers: ten wrong passwords, spread by the load balancer.
    const attacker = new Customer(lb.origin, [])
    const victim = await new Customer(lb.origin, []).register(newEmail)
    await attacker.get("/health/ping")
    const tries = []
    for (let i = 0; i < 10; i++)
      tries.push(
        await attacker.request("POST", "/api/auth/authenticate", {
          email: victim,
          password: "Wr0ng!pass",
        }),
      )
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(401))
    // Round robin spreads them (a server a busy machine made late to a check may sit one out).
    expect(new Set(tries.map((t) => t.servedBy)).size).toBeGreaterThanOrEqual(2)
    const eleventh = await attacker.request("POST", "/api/auth/authenticate", {
      email: victim,
      password: "Str0ng!pass",
    })
    expect(eleventh.status).toBe(429)

    // 5. Each server's catalogue cache sees a change within its stated staleness.
    // Each server's answer fresh in its cache first, so the change meets the longest wait.
    const nameAt = async (server: ShopServer) => {
      const response = await fetch(`${server.origin}/api/Competitions/${bulk[0]}`)
      return ((await response.json()) as { competition: { name: string } }).competition.name
    }
    for (const server of servers) expect(await nameAt(server)).toBe("Bulk A")
    const renamed = `Bulk A, renamed at ${Date.now()}`
    await db.db
      .updateTable("competitions")
      .set({ name: renamed })
      .where("id", "=", bulk[0] ?? "")
      .execute()
    const changedAt = Date.now()
    const seenAfter = await Promise.all(
      servers.map(async (server) => {
        await until(
          `${server.name} to show the new name`,
          async () => (await nameAt(server)) === renamed,
          CACHE_STALENESS_MS + CACHE_MARGIN_MS,
          said,
          50,
        )
        return Date.now() - changedAt
      }),
    )
    console.log(
      `cluster suite: the servers showed a change after ${seenAfter.join(", ")} ms (cached for ${CACHE_STALENESS_MS} ms)`,
    )

    // 6. The backup restores into a fresh database holding everything completed before it began.
    const restored = await timed("restore", () =>
      runBuilt("restore", [backupFile], { ...process.env, DATABASE_URL: urlOf("restored") }),
    )
    expect(restored.code, restored.output.join("\n")).toBe(0)
    const copy = await makeDatabase({ databaseUrl: urlOf("restored"), maxConnections: 2 })
    try {
      const before = seen.filter((o) => o.seenAt < backupFrom)
      expect(before.length).toBeGreaterThan(0)
      const ids = before.map((o) => o.orderId)
      const kept = await copy.db
        .selectFrom("orders")
        .select(["id", "status"])
        .where("id", "in", ids)
        .execute()
      expect(kept.filter((o) => o.status === "Completed").length).toBe(before.length)
      const keptTickets = await copy.db
        .selectFrom("tickets")
        .select(({ fn }) => fn.countAll<string>().as("count"))
        .where("orderId", "in", ids)
        .executeTakeFirstOrThrow()
      expect(Number(keptTickets.count)).toBe(before.reduce((sum, o) => sum + o.quantity, 0))
      const keptPayments = await copy.db
        .selectFrom("payments")
        .select(({ fn }) => fn.countAll<string>().as("count"))
        .where("orderId", "in", ids)
        .where("status", "=", "Succeeded")
        .executeTakeFirstOrThrow()
      expect(Number(keptPayments.count)).toBe(before.length)
      // The site-credit ledger as it stood when the backup began.
      const ledgerThen = (handle: DatabaseHandle) =>
        handle.db
          .selectFrom("siteCreditEntries")
          .select(({ fn }) => [
            fn.countAll<string>().as("count"),
            fn.sum<string>("amountPence").as("total"),
          ])
          .where("createdAt", "<", new Date(backupFrom))
          .executeTakeFirstOrThrow()
      expect(await ledgerThen(copy)).toEqual(await ledgerThen(db))
    } finally {
      await copy.close()
    }

    // A server on the restored database starts, and the draw it holds verifies.
    const fourth = shopServer("restored", await freePort(), serverEnvironment(urlOf("restored")))
    servers.push(fourth)
    await timed("server on the restored database", () => fourth.start())
    const verified = await timed("verify-draw", () => verifyDraw(fourth.origin, closing))
    expect(verified.code, verified.output.join("\n")).toBe(0)
  })
})
