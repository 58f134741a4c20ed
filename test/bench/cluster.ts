/**
 * `npm run bench:cluster` (part `cluster` of `npm run bench`): what the
 * topology of docs/decisions/0087 costs or gains on this machine. On one
 * throwaway PostgreSQL with the demo data, three built servers
 * (apps/server/dist, as the cluster suite runs them: test/cluster/) and two
 * HAProxies on docs/deploy/haproxy.cfg, the same requests are loaded on
 *   - one server, direct;
 *   - one server behind HAProxy (the file's three server lines all pointing at
 *     that one process: the same configuration, one process behind it);
 *   - three servers behind HAProxy;
 * and the ratio three-behind-HAProxy ÷ one-direct is reported, from the same run.
 * The requests: the catalogue list with a new query on every request (a
 * visitor's search: never cached, the handler and PostgreSQL every time), one
 * competition from the five-second cache, and whole purchases by the cluster
 * suite's virtual customers (basket, checkout, the sandbox card, complete).
 *
 * Knobs: BENCH_CLUSTER_SECONDS (per measurement, 8), BENCH_CLUSTER_CONNECTIONS
 * (autocannon's keep-alive connections for the cached read, 100),
 * BENCH_CLUSTER_UNCACHED_CONNECTIONS (for the uncached list, 10),
 * BENCH_CLUSTER_CUSTOMERS (virtual customers buying at once, 20). Prints the section for docs/benchmarks.md and
 * writes it to BENCH_OUTPUT when that is set ("-" for nowhere).
 */
import { writeFile } from "node:fs/promises"
import { cpus, loadavg } from "node:os"
import { pence } from "@howzat/core/rules"
import { makeDatabase, seedDemoData } from "@howzat/postgres"
import { sql } from "kysely"
import { competitionOnSale } from "../../apps/server/src/test-support/competitions"
import {
  killEverything,
  type LoadBalancer,
  missing,
  runBuilt,
  type ShopServer,
  serverEnvironment,
  shopServer,
  startHaproxy,
} from "../cluster/cluster-processes"
import { type Answer, Customer, newEmail } from "../cluster/customers"
import { freePort, startPostgresCluster } from "../support/pg-cluster"
import { combine, DISTINCT_PARAMETER, type LoadResult, load } from "./http-load"

const seconds = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8)
const cachedConnections = Number(process.env.BENCH_CLUSTER_CONNECTIONS ?? 100)
/**
 * Fewer for the uncached list: a few hundred answers a second at best on a
 * busy 2-core machine, so a hundred connections queue seconds deep, longer
 * than a half's few seconds, and autocannon then sees almost no answer
 * inside it (a run with a hundred measured 0.8 req/s so).
 */
const uncachedConnections = Number(process.env.BENCH_CLUSTER_UNCACHED_CONNECTIONS ?? 10)
const customers = Number(process.env.BENCH_CLUSTER_CUSTOMERS ?? 20)
const WARMUP_SECONDS = 2
const LIST = "/api/Competitions?PageSize=12"

const log = (message: string) => console.error(`[bench:cluster] ${message}`)

interface Topology {
  readonly name: string
  readonly origin: string
}

interface Measured {
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly failures: number
}

interface Row {
  readonly name: string
  readonly unit: string
  readonly latency: string
  readonly results: readonly Measured[]
}

const fromLoad = (r: LoadResult): Measured => ({
  requestsPerSecond: r.requestsPerSecond,
  p50Ms: r.p50Ms,
  p99Ms: r.p99Ms,
  failures: r.non2xx + r.errors,
})

/**
 * Every topology in turn, half the time each, twice (a, b, c, a, b, c)
 * after a warm-up of each: the machine is shared, and interleaving spreads
 * any drift in its load over every side of the ratio.
 */
const measureRequests = async (
  topologies: readonly Topology[],
  url: string,
  distinct: boolean,
): Promise<Measured[]> => {
  const connections = distinct ? uncachedConnections : cachedConnections
  for (const t of topologies)
    await load(`${t.origin}${url}`, connections, WARMUP_SECONDS, {}, distinct)
  const half = Math.max(1, Math.round(seconds / 2))
  const first: LoadResult[] = []
  const second: LoadResult[] = []
  for (const halves of [first, second])
    for (const t of topologies)
      halves.push(await load(`${t.origin}${url}`, connections, half, {}, distinct))
  return topologies.map((_, i) =>
    fromLoad(combine(first[i] as LoadResult, second[i] as LoadResult)),
  )
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0
    ? 0
    : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0)

/** `customers` virtual customers, registered through `origin` and signed in. */
const registerBuyers = (origin: string, answers: Answer[]) =>
  Promise.all(
    Array.from({ length: customers }, async () => {
      const customer = new Customer(origin, answers)
      await customer.register(newEmail)
      return customer
    }),
  )

interface Purchases {
  readonly durations: number[]
  abandoned: number
}

/**
 * The buyers buying 1 to 3 tickets again and again for a warm-up and
 * `windowMs`: each purchase that ended inside the window is counted (none
 * twice, none that began in the warm-up's burst of simultaneous starts left
 * out), with how long it took from the catalogue read to the completed order.
 */
const buyFor = async (
  buyers: readonly Customer[],
  competitionId: string,
  windowMs: number,
  into: Purchases,
) => {
  const from = Date.now() + WARMUP_SECONDS * 1000
  const to = from + windowMs
  await Promise.all(
    buyers.map(async (customer, i) => {
      let round = i
      while (Date.now() < to) {
        const startedAt = Date.now()
        const order = await customer.buy(competitionId, 1 + (round % 3))
        const endedAt = Date.now()
        round++
        if (endedAt < from || endedAt > to) continue
        if (order) into.durations.push(endedAt - startedAt)
        else into.abandoned++
      }
    }),
  )
}

/**
 * Whole purchases (eight requests each, test/cluster/customers.ts) on every
 * topology, interleaved as the requests are: half the time each, twice.
 */
const measurePurchases = async (
  topologies: readonly Topology[],
  competitionIds: readonly string[],
): Promise<Measured[]> => {
  const answers = topologies.map((): Answer[] => [])
  const buyers: Customer[][] = []
  for (const [i, t] of topologies.entries())
    buyers.push(await registerBuyers(t.origin, answers[i] as Answer[]))
  const purchases = topologies.map((): Purchases => ({ durations: [], abandoned: 0 }))
  const halfMs = (seconds * 1000) / 2
  for (let half = 0; half < 2; half++)
    for (const i of topologies.keys())
      await buyFor(buyers[i] ?? [], competitionIds[i] ?? "", halfMs, purchases[i] as Purchases)
  return purchases.map(({ durations, abandoned }, i) => {
    durations.sort((a, b) => a - b)
    const failedAnswers = (answers[i] ?? []).filter((a) => a.status === 0 || a.status >= 500)
    return {
      requestsPerSecond: durations.length / seconds,
      p50Ms: percentile(durations, 0.5),
      p99Ms: percentile(durations, 0.99),
      failures: abandoned + failedAnswers.length,
    }
  })
}

const run = async (): Promise<{ rows: Row[]; started: string }> => {
  const lacking = missing()
  if (lacking) throw new Error(lacking)
  const started = new Date().toISOString()
  log("starting a PostgreSQL cluster")
  // Its own cluster always, as the cluster suite: never a shared DATABASE_URL.
  const { DATABASE_URL: _ignored, ...env } = process.env
  process.env = env
  const pg = await startPostgresCluster()
  let db: Awaited<ReturnType<typeof makeDatabase>> | undefined
  try {
    const admin = await makeDatabase({ databaseUrl: pg.connectionString, maxConnections: 1 })
    await sql`create database shop`.execute(admin.db)
    await admin.close()
    const url = new URL(pg.connectionString)
    url.pathname = "/shop"
    const databaseUrl = url.toString()
    log("npm run migrate, then the demo data")
    const migrated = await runBuilt("migrate", [], { ...process.env, DATABASE_URL: databaseUrl })
    if (migrated.code !== 0) throw new Error(`migrate failed:\n${migrated.output.join("\n")}`)
    db = await makeDatabase({ databaseUrl, maxConnections: 2 })
    await seedDemoData(db.db, new Date())
    // One competition per topology for the purchases, with room for all of them.
    const forSale = (name: string) =>
      competitionOnSale(db as NonNullable<typeof db>, {
        name,
        ticketPrice: pence(100),
        totalTickets: 20_000,
        maxTicketsPerCustomer: 5_000,
      })
    const onSale = [await forSale("Bench A"), await forSale("Bench B"), await forSale("Bench C")]

    const serverEnv = {
      ...serverEnvironment(databaseUrl),
      // Every request reaches the servers from one address (autocannon's, or HAProxy's).
      RATE_LIMIT: "false",
      // The suite's half-second draw job is for its closing competition; nothing closes here.
      AUTOMATIC_DRAW_INTERVAL_MS: "60000",
    }
    const ports = [await freePort(), await freePort(), await freePort()]
    const servers: ShopServer[] = ports.map((port, i) =>
      shopServer(`shop${i + 1}`, port, serverEnv),
    )
    log("starting three built servers")
    await Promise.all(servers.map((s) => s.start()))
    const [shop1] = servers as [ShopServer, ShopServer, ShopServer]
    log("starting HAProxy twice: one server behind it, and three")
    const behindOne: LoadBalancer = await startHaproxy(
      [shop1, shop1, shop1],
      await freePort(),
      await freePort(),
    )
    const behindThree: LoadBalancer = await startHaproxy(
      servers,
      await freePort(),
      await freePort(),
    )
    for (const lb of [behindOne, behindThree])
      for (const name of ["shop1", "shop2", "shop3"]) await lb.waitUp(name)

    const topologies: Topology[] = [
      { name: "one server, direct", origin: shop1.origin },
      { name: "one server behind HAProxy", origin: behindOne.origin },
      { name: "three servers behind HAProxy", origin: behindThree.origin },
    ]
    const list = (await (await fetch(`${shop1.origin}${LIST}`)).json()) as {
      competitions: { id: string }[]
    }
    const firstId = list.competitions[0]?.id
    if (!firstId) throw new Error("the demo shop lists no competition")

    const rows: Row[] = []
    log("the catalogue list, a new query every request")
    rows.push({
      name: `\`GET ${LIST}\`, a new query every request (uncached)`,
      unit: "req/s",
      latency: "request",
      results: await measureRequests(topologies, LIST, true),
    })
    log("one competition, cached")
    rows.push({
      name: "`GET /api/Competitions/{id}` (cached)",
      unit: "req/s",
      latency: "request",
      results: await measureRequests(topologies, `/api/Competitions/${firstId}`, false),
    })
    log(`purchases by ${customers} virtual customers on each`)
    const purchases = await measurePurchases(topologies, onSale)
    rows.push({
      name: `a whole purchase by ${customers} virtual customers (8 requests, sandbox card)`,
      unit: "purchases/s",
      latency: "purchase",
      results: purchases,
    })
    return { rows, started }
  } finally {
    killEverything()
    await db?.close()
    await pg.stop()
  }
}

const rate = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1))
const cell = (m: Measured | undefined) =>
  m ? `${rate(m.requestsPerSecond)} (${m.p50Ms.toFixed(0)} / ${m.p99Ms.toFixed(0)} ms)` : ""

const loadBefore = loadavg()
const { rows, started } = await run()
const loadAfter = loadavg()
const averages = (l: number[]) => l.map((v) => v.toFixed(2)).join(", ")

const section = [
  "## Several servers behind HAProxy",
  "",
  `Measured ${started} on ${cpus().length} cores (load average before: ${averages(loadBefore)}; after: ${averages(loadAfter)}).`,
  "One throwaway PostgreSQL 15 with the demo data, migrated once by `npm run migrate`; three built servers",
  "(`apps/server/dist`, `MIGRATE_ON_START=false`, rate limits off since every request comes from one address) and",
  'HAProxy on `docs/deploy/haproxy.cfg`, as the cluster suite runs them (`test/cluster/`). "One server behind HAProxy"',
  "is the same file with its three server lines pointing at one process. The catalogue rows are autocannon with",
  `${cachedConnections} keep-alive connections (${uncachedConnections} for the uncached list, whose answers are slow enough that`,
  "more would queue longer than a measurement), each topology in turn for half of",
  `${seconds} s, twice, after a ${WARMUP_SECONDS} s warm-up of each (latencies are the worse half's); the list adds`,
  `\`${DISTINCT_PARAMETER}=<n>\` with a new n on each request, so the cache never has it (test/bench/http.ts). The purchase row is`,
  `${customers} of the cluster suite's virtual customers (test/cluster/customers.ts) per topology, registered through it,`,
  `buying 1 to 3 tickets again and again, interleaved as the other rows (half of ${seconds} s each, twice, each after a`,
  `${WARMUP_SECONDS} s warm-up): purchases that ended in those ${seconds} s, and how long one took from the catalogue read to the`,
  "completed order.",
  "",
  "| request | one server, direct | one server behind HAProxy | three servers behind HAProxy | three ÷ one direct | failures |",
  "|---|---|---|---|---|---|",
  ...rows.map((row) => {
    const [direct, one, three] = row.results
    const ratio =
      direct && three && direct.requestsPerSecond > 0
        ? (three.requestsPerSecond / direct.requestsPerSecond).toFixed(2)
        : "n/a"
    const failures = row.results.map((m) => m.failures).join(" / ")
    return `| ${row.name} | ${cell(direct)} | ${cell(one)} | ${cell(three)} | **${ratio}** | ${failures} |`
  }),
  "",
  "Each cell is the rate (req/s, or purchases/s on the last row) with the p50 / p99 latency of a request (a whole",
  "purchase on the last row); failures are non-2xx answers and errors (an abandoned purchase or a failed answer on the",
  "last row) for the three topologies in order.",
  "",
  `**Read the ratio for what it is.** On this ${cpus().length}-core machine the three servers, PostgreSQL, HAProxy and the load`,
  "generator all compete for the same cores: three processes bring no CPU that one did not have, and HAProxy's hop",
  "and the extra processes' scheduling are paid from the same cores. The ratio is what the topology costs here, not",
  "what it gains on more cores; on a machine per server, or a server per core, each process brings its own cores",
  "and the rates add up until PostgreSQL is the limit (docs/deploy.md, Capacity; docs/decisions/0087's follow-up).",
  "",
].join("\n")

console.log(section)
const output = process.env.BENCH_OUTPUT
if (output && output !== "-") await writeFile(output, section)
