import { spawn } from "node:child_process"
import { createInterface } from "node:readline"
import { fileURLToPath } from "node:url"
import { type Database, makeDatabase } from "@howzat/postgres"
import { competitionOnSale, newCustomer, ticketsSoldOf } from "@howzat/postgres/testing"
import { type Kysely, sql } from "kysely"
import { sourceNodeArgs } from "../support/source-node"
import type { Basket, BuyersInput, BuyersResult, BuyersWindow } from "./checkout-buyers"
import { percentile, type ServerSampler } from "./server-stats"

/**
 * One benchmark run: N customers each checking out their own baskets one
 * after another, all N at once, through core's Checkout service on the
 * Postgres repositories (the code path a server process runs), a connection
 * per buyer, the buyers spread over as many processes as pgbench has threads.
 */

const DAY = 24 * 60 * 60 * 1000
/** Each basket asks for 1..10 tickets, so the mean is about 5.5. */
const MAX_QUANTITY = 10
/** Baskets stop once they would ask for this share of the pool (on average). */
const POOL_SHARE = 0.85

export interface CheckoutRunConfig {
  readonly databaseUrl: string
  readonly buyers: number
  /** Processes the buyers are spread over (pgbench's thread count in `npm run bench`). */
  readonly processes: number
  readonly totalTickets: number
  readonly warmupSeconds: number
  readonly seconds: number
  /** Connections per buyer process; undefined: one per buyer. */
  readonly connectionsPerProcess?: number | undefined
}

export interface CheckoutRunResult {
  readonly buyers: number
  readonly processes: number
  readonly seconds: number
  /** Orders completed inside the measured window. */
  readonly orders: number
  readonly tickets: number
  readonly ordersPerSecond: number
  readonly ticketsPerSecond: number
  readonly ticketsPerOrder: number
  readonly p50Ms: number
  readonly p95Ms: number
  readonly errors: number
  readonly firstError: string | undefined
  /** True when every basket was used before the window closed (the run was cut short). */
  readonly ranOutOfBaskets: boolean
  /** Cores the buyers' Node processes used during the window, added up (1 = a whole core). */
  readonly nodeCpu: number
  readonly server: Awaited<ReturnType<ServerSampler["stop"]>>
  readonly verified: Verification
}

export interface Verification {
  readonly totalTickets: number
  readonly sold: number
  readonly free: number
  readonly ordersInDatabase: number
  readonly ordersCompleted: number
}

/**
 * A competition whose per-person maximum never binds, N customers, and for
 * each customer enough baskets (written in two statements) to keep them busy
 * for the whole run. The number of baskets is capped so that, even if all are
 * checked out, the pool stays about 15% unsold: the run measures a sale in
 * progress, not the end of a sell-out.
 */
const seed = async (db: Kysely<Database>, config: CheckoutRunConfig) => {
  const now = Date.now()
  const competitionId = await competitionOnSale(db, {
    name: `Benchmark prize for ${config.buyers} buyers`,
    totalTickets: config.totalTickets,
    maxTicketsPerCustomer: config.totalTickets,
    startDateTimeUtc: new Date(now - DAY),
    closeDateTimeUtc: new Date(now + 10 * DAY),
    drawDateTimeUtc: new Date(now + 11 * DAY),
  })
  const customerIds = await Promise.all(
    Array.from({ length: config.buyers }, () => newCustomer(db)),
  )
  const basketBudget = Math.floor((POOL_SHARE * config.totalTickets) / ((1 + MAX_QUANTITY) / 2))
  const perCustomer = Math.max(1, Math.floor(basketBudget / config.buyers))
  await sql`
    with made as (
      insert into baskets (customer_id)
      select c.customer_id
      from unnest(${customerIds}::uuid[]) as c(customer_id), generate_series(1, ${perCustomer})
      returning id
    )
    insert into basket_items (basket_id, competition_id, quantity)
    select id, ${competitionId}, 1 + floor(random() * ${MAX_QUANTITY})::int from made
  `.execute(db)
  const rows = await db
    .selectFrom("baskets")
    .select(["id", "customerId"])
    .where("customerId", "in", customerIds)
    .execute()
  const byCustomer = new Map<string, Basket[]>(customerIds.map((id) => [id, []]))
  for (const row of rows) byCustomer.get(row.customerId as string)?.push(row as Basket)
  // Fresh statistics, so the claim is planned as it would be on a live shop.
  await sql`analyze`.execute(db)
  return { competitionId, customerIds, queues: [...byCustomer.values()] }
}

/** No number sold twice, sold + free = total, the counter and every order agree with the pool. */
const verify = async (
  db: Kysely<Database>,
  competitionId: string,
  customerIds: readonly string[],
  reportedNumbers: readonly number[],
  ordersCompleted: number,
): Promise<Verification> => {
  const fail = (what: string): never => {
    throw new Error(`Benchmark data check failed: ${what}`)
  }
  const { rows } = await sql<{
    rows: string
    distinct: string
    sold: string
    free: string
    ticketsSold: number
    totalTickets: number
  }>`
    select count(*) as rows, count(distinct t.ticket_number) as distinct,
      count(t.order_id) as sold, count(*) filter (where t.order_id is null) as free,
      ${ticketsSoldOf(sql.ref("c.id"))} as "ticketsSold", c.total_tickets as "totalTickets"
    from tickets t join competitions c on c.id = t.competition_id
    where t.competition_id = ${competitionId}
    group by c.id, c.total_tickets
  `.execute(db)
  const pool = rows[0] ?? fail("no pool")
  const [total, distinct, sold, free] = [
    Number(pool.rows),
    Number(pool.distinct),
    Number(pool.sold),
    Number(pool.free),
  ] as const
  if (total !== pool.totalTickets || distinct !== total) fail(`pool has ${total} rows`)
  if (sold + free !== total) fail(`sold ${sold} + free ${free} != ${total}`)
  if (pool.ticketsSold !== sold) fail(`the counter rows say ${pool.ticketsSold} but ${sold} sold`)
  if (new Set(reportedNumbers).size !== reportedNumbers.length) fail("a number was sold twice")
  if (reportedNumbers.length !== sold) fail(`orders report ${reportedNumbers.length} of ${sold}`)
  const mismatched = await sql<{ count: string }>`
    select count(*) as count from orders o
    left join order_lines l on l.order_id = o.id and l.competition_id = ${competitionId}
    where o.customer_id = any(${customerIds}::uuid[])
      and coalesce(l.quantity, 0) <> (select count(*) from tickets t where t.order_id = o.id)
  `.execute(db)
  if (Number(mismatched.rows[0]?.count) !== 0) fail("an order's lines disagree with its tickets")
  const orders = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<string>().as("count"))
    .where("customerId", "in", customerIds)
    .executeTakeFirstOrThrow()
  const ordersInDatabase = Number(orders.count)
  if (ordersInDatabase !== ordersCompleted)
    fail(`${ordersInDatabase} orders, ${ordersCompleted} ok`)
  return { totalTickets: total, sold, free, ordersInDatabase, ordersCompleted }
}

const CHILD = fileURLToPath(new URL("./checkout-buyers.child.ts", import.meta.url))
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url))

/** A process of buyers (checkout-buyers.child.ts), ready once its pool is open. */
const startBuyerProcess = (input: BuyersInput) => {
  // BENCH_CPU_PROF=<folder>: each buyer process writes a V8 CPU profile there.
  const profile = process.env.BENCH_CPU_PROF
  const nodeArgs = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []
  const child = spawn(process.execPath, [...nodeArgs, ...sourceNodeArgs(CHILD)], {
    cwd: REPO_ROOT,
    stdio: ["pipe", "pipe", "pipe"],
  })
  let output = ""
  // A child that dies early closes its stdin: the exit below says why, not an EPIPE.
  child.stdin?.on("error", () => {})
  child.stderr?.on("data", (chunk) => {
    output += chunk
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const waiting: ((line: string) => void)[] = []
  const seen: string[] = []
  lines.on("line", (line) => {
    if (line !== "ready" && !line.startsWith("result ")) {
      output += `${line}\n`
      return
    }
    const resolve = waiting.shift()
    if (resolve === undefined) seen.push(line)
    else resolve(line)
  })
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) =>
      reject(new Error(`a buyers process exited (${code}) early:\n${output}`)),
    ),
  )
  exited.catch(() => {})
  const nextLine = () =>
    Promise.race([
      new Promise<string>((resolve) => {
        const line = seen.shift()
        if (line === undefined) waiting.push(resolve)
        else resolve(line)
      }),
      exited,
    ])
  child.stdin?.write(`${JSON.stringify(input)}\n`)
  return {
    ready: nextLine(),
    go: async (window: BuyersWindow): Promise<BuyersResult> => {
      child.stdin?.write(`${JSON.stringify(window)}\n`)
      const line = await nextLine()
      return JSON.parse(line.slice("result ".length)) as BuyersResult
    },
    kill: () => {
      if (child.exitCode === null) child.kill("SIGKILL")
    },
  }
}

/**
 * The buyers run in `config.processes` processes of their own (as many as
 * pgbench has client threads), each with its share of the customers and a
 * connection per buyer, all starting at the same wall-clock moment; this
 * process seeds, samples the server and checks the data afterwards.
 */
export const runCheckouts = async (
  config: CheckoutRunConfig,
  sampler: () => ServerSampler,
): Promise<CheckoutRunResult> => {
  const handle = await makeDatabase({ databaseUrl: config.databaseUrl, maxConnections: 4 })
  try {
    const { competitionId, customerIds, queues } = await seed(handle.db, config)
    const processes = Array.from({ length: Math.max(1, config.processes) }, (_, p) =>
      startBuyerProcess({
        databaseUrl: config.databaseUrl,
        queues: queues.filter((_, i) => i % Math.max(1, config.processes) === p),
        connections: config.connectionsPerProcess,
      }),
    )
    try {
      await Promise.all(processes.map((p) => p.ready))
      const startAt = Date.now() + 200
      const window: BuyersWindow = {
        startAt,
        windowStart: startAt + config.warmupSeconds * 1000,
        windowEnd: startAt + (config.warmupSeconds + config.seconds) * 1000,
      }
      let stats: ServerSampler | undefined
      const startWindow = setTimeout(() => {
        stats = sampler()
      }, window.windowStart - Date.now())
      const results = await Promise.all(processes.map((p) => p.go(window)))
      clearTimeout(startWindow)
      const server = await (stats ?? sampler()).stop()
      const latencies = results.flatMap((r) => r.latencies)
      const numbers = results.flatMap((r) => r.numbers)
      const windowTickets = results.reduce((sum, r) => sum + r.windowTickets, 0)
      const completed = results.reduce((sum, r) => sum + r.completed, 0)
      const cpuSeconds = results.reduce((sum, r) => sum + r.cpuSeconds, 0)
      const orders = latencies.length
      const verified = await verify(handle.db, competitionId, customerIds, numbers, completed)
      return {
        buyers: config.buyers,
        processes: processes.length,
        seconds: config.seconds,
        orders,
        tickets: windowTickets,
        ordersPerSecond: orders / config.seconds,
        ticketsPerSecond: windowTickets / config.seconds,
        ticketsPerOrder: orders === 0 ? 0 : windowTickets / orders,
        p50Ms: percentile(latencies, 0.5),
        p95Ms: percentile(latencies, 0.95),
        errors: results.reduce((sum, r) => sum + r.errors, 0),
        firstError: results.find((r) => r.firstError !== undefined)?.firstError,
        ranOutOfBaskets: results.some((r) => r.ranOut),
        nodeCpu: cpuSeconds / config.seconds,
        server,
        verified,
      }
    } finally {
      for (const p of processes) p.kill()
    }
  } finally {
    await handle.close()
  }
}
