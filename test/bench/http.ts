/**
 * The catalogue's HTTP benchmark (decision 0047): the real shop
 * (apps/server/src/main.ts, demo data, in a child process) against bare Hono
 * serving the very same bytes (http-bare-server.ts, another child), each
 * loaded by autocannon from this process, on a throwaway PostgreSQL 15
 * cluster and on the embedded database. Returns a markdown section for
 * docs/benchmarks.md; http-main.ts prints it.
 *
 * Knobs: BENCH_HTTP_SECONDS (per measurement, 10), BENCH_HTTP_CONNECTIONS
 * (100), BENCH_HTTP_DATABASES ("postgres,pglite").
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { cpus, loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { startPostgresCluster } from "../support/pg-cluster"
import { createTestDatabase } from "../support/postgres-database"
import { combine, DISTINCT_PARAMETER, type LoadResult, load } from "./http-load"
import { type Child, startChild } from "./http-processes"

const seconds = Number(process.env.BENCH_HTTP_SECONDS ?? 10)
const connections = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 100)
const databases = (process.env.BENCH_HTTP_DATABASES ?? "postgres,pglite").split(",")
const WARMUP_SECONDS = 2
const LIST = "/api/Competitions?PageSize=12"

const log = (message: string) => console.error(`[bench:http] ${message}`)

interface Captured {
  readonly url: string
  readonly contentType: string
  readonly body: Buffer
  readonly cacheControl: string | null
  readonly etag: string | null
}

interface Measured {
  readonly name: string
  readonly captured: Captured
  readonly shop: LoadResult
  readonly bare: LoadResult
}

interface DatabaseRun {
  readonly database: string
  readonly measured: readonly Measured[]
}

const capture = async (origin: string, url: string): Promise<Captured> => {
  const response = await fetch(`${origin}${url}`)
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`)
  return {
    url,
    contentType: response.headers.get("content-type") ?? "application/json",
    body: Buffer.from(await response.arrayBuffer()),
    cacheControl: response.headers.get("cache-control"),
    etag: response.headers.get("etag"),
  }
}

/**
 * Shop and bare server in turn, half the time each, twice (shop, bare,
 * shop, bare): the machine is shared, and interleaving spreads any drift in
 * its load over both sides of the ratio.
 */
const measurePair = async (
  shopOrigin: string,
  bareOrigin: string,
  url: string,
  headers: Record<string, string> = {},
  distinct = false,
) => {
  await load(`${shopOrigin}${url}`, connections, WARMUP_SECONDS, headers, distinct)
  await load(`${bareOrigin}${url}`, connections, WARMUP_SECONDS, {}, distinct)
  const half = Math.max(1, Math.round(seconds / 2))
  const shop1 = await load(`${shopOrigin}${url}`, connections, half, headers, distinct)
  const bare1 = await load(`${bareOrigin}${url}`, connections, half, {}, distinct)
  const shop2 = await load(`${shopOrigin}${url}`, connections, half, headers, distinct)
  const bare2 = await load(`${bareOrigin}${url}`, connections, half, {}, distinct)
  return { shop: combine(shop1, shop2), bare: combine(bare1, bare2) }
}

/**
 * A bearer token skips the cache (it might be staff's): an invalid one is
 * read as nobody, so the answer is the same bytes, made by the handler and
 * the database on every request. This row is the uncached path.
 */
const UNCACHED = { authorization: "Bearer not-a-session" }

/** The shop on one database: capture the answers, then load shop and bare server with the same bytes. */
const runOn = async (database: string, env: Record<string, string>): Promise<DatabaseRun> => {
  const webDist = await mkdtemp(join(tmpdir(), "howzat-bench-web-"))
  await writeFile(join(webDist, "index.html"), "<!doctype html><title>Howzat</title>")
  let shop: Child | undefined
  let bare: Child | undefined
  try {
    log(`${database}: starting the shop with demo data`)
    shop = await startChild(
      "apps/server/src/main.ts",
      {
        ...env,
        SEED_DEMO_DATA: "true",
        WEB_DIST_DIR: webDist,
        FILES_DIR: join(webDist, "files"),
        RATE_LIMIT: "false",
      },
      "/health/ping",
    )
    const list = await capture(shop.origin, LIST)
    const firstId = (JSON.parse(list.body.toString("utf8")) as { competitions: { id: string }[] })
      .competitions[0]?.id
    if (!firstId) throw new Error("the demo shop lists no competition")
    const one = await capture(shop.origin, `/api/Competitions/${firstId}`)
    // The same answer under a query the cache has never seen: what a visitor's new search costs.
    const listMissing = await capture(shop.origin, `${LIST}&${DISTINCT_PARAMETER}=capture`)
    // Every answer says what time it was made: the rest must be the same.
    const timeless = (body: Buffer) =>
      body.toString("utf8").replace(/"currentDateTimeUtc":"[^"]*"/g, "")
    if (timeless(listMissing.body) !== timeless(list.body))
      throw new Error(`${DISTINCT_PARAMETER} changed the list`)
    const routes = [
      { name: "`GET /api/Competitions?PageSize=12`", captured: list, headers: {} },
      { name: "`GET /api/Competitions/{id}`", captured: one, headers: {} },
      { name: "the list, uncached (bearer token)", captured: list, headers: UNCACHED },
      { name: "one competition, uncached (bearer token)", captured: one, headers: UNCACHED },
      {
        name: "the list, a new query every request (visitor)",
        captured: list,
        headers: {},
        distinct: true,
      },
      {
        name: "one competition, a new query every request (visitor)",
        captured: one,
        headers: {},
        distinct: true,
      },
    ]
    const routesFile = join(webDist, "routes.json")
    await writeFile(
      routesFile,
      JSON.stringify(
        Object.fromEntries(
          routes.map((r) => [
            r.captured.url,
            { contentType: r.captured.contentType, body: r.captured.body.toString("base64") },
          ]),
        ),
      ),
    )
    bare = await startChild("test/bench/http-bare-server.ts", { ROUTES_FILE: routesFile }, LIST)
    const measured: Measured[] = []
    for (const route of routes) {
      log(`${database}: ${route.name}`)
      const pair = await measurePair(
        shop.origin,
        bare.origin,
        route.captured.url,
        route.headers,
        route.distinct,
      )
      measured.push({ name: route.name, captured: route.captured, ...pair })
    }
    return { database, measured }
  } finally {
    await shop?.stop()
    await bare?.stop()
    await rm(webDist, { recursive: true, force: true })
  }
}

const postgresRun = async (): Promise<DatabaseRun> => {
  log("starting a PostgreSQL cluster")
  const cluster = await startPostgresCluster()
  try {
    const database = await createTestDatabase(cluster.connectionString)
    try {
      return await runOn("PostgreSQL 15", { DATABASE_URL: database.connectionString })
    } finally {
      await database.drop()
    }
  } finally {
    await cluster.stop()
  }
}

const pgliteRun = () => runOn("PGlite (embedded)", { PGLITE_DATA_DIR: "memory://" })

const ms = (value: number) => `${value.toFixed(0)} ms`
const rate = (value: number) => value.toFixed(0)

const table = (runs: readonly DatabaseRun[]) => {
  const rows = runs.flatMap((run) =>
    run.measured.map((m) => {
      const ratio = m.shop.requestsPerSecond / m.bare.requestsPerSecond
      const failures = m.shop.non2xx + m.shop.errors
      return `| ${m.name} | ${run.database} | ${rate(m.shop.requestsPerSecond)} | ${ms(m.shop.p50Ms)} / ${ms(m.shop.p99Ms)} | ${rate(m.bare.requestsPerSecond)} | ${ms(m.bare.p50Ms)} / ${ms(m.bare.p99Ms)} | **${ratio.toFixed(2)}** | ${(m.captured.body.length / 1024).toFixed(1)} KB | ${failures} |`
    }),
  )
  return [
    "| request | database | shop req/s | shop p50 / p99 | bare Hono req/s | bare p50 / p99 | ratio | body | non-2xx + errors |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n")
}

/** The goal for a read the cache cannot answer (docs/decisions/0089). */
const UNCACHED_GOAL = { ratio: 0.25, p99Ms: 100 }

const isUncached = (m: Measured) => m.name.includes("uncached") || m.name.includes("new query")

/** Each uncached row against its goal, and where to read why one is not met. */
export const goals = (runs: readonly DatabaseRun[]) => {
  const lines = runs.flatMap((run) =>
    run.measured.filter(isUncached).map((m) => {
      const ratio = m.shop.requestsPerSecond / m.bare.requestsPerSecond
      const met = ratio >= UNCACHED_GOAL.ratio && m.shop.p99Ms < UNCACHED_GOAL.p99Ms
      return `- ${m.name}, ${run.database}: ratio ${ratio.toFixed(2)}, p99 ${ms(m.shop.p99Ms)}: **${met ? "met" : "not met"}**.`
    }),
  )
  if (lines.length === 0) return []
  return [
    `Goal for every uncached read: ratio ≥ ${UNCACHED_GOAL.ratio} and p99 < ${UNCACHED_GOAL.p99Ms} ms at ${connections} connections.`,
    "",
    ...lines,
    "",
    "Where a row is not met, decisions 0089 and 0096 say what stands in the way, with the CPU profile of an uncached",
    "answer (`npm run bench:http:profile`): what each costs in Node beside bare Hono's whole answer, and what is left of it.",
    "",
  ]
}

/** Runs the whole HTTP benchmark and returns its section of docs/benchmarks.md. */
export const httpBenchmark = async (): Promise<string> => {
  const loadAverage = loadavg()
  const runs: DatabaseRun[] = []
  for (const database of databases) {
    if (database === "postgres") runs.push(await postgresRun())
    else if (database === "pglite") runs.push(await pgliteRun())
    else throw new Error(`unknown database "${database}" in BENCH_HTTP_DATABASES`)
  }
  const headers = runs[0]?.measured[0]?.captured
  return [
    "## Catalogue reads over HTTP",
    "",
    `Measured ${new Date().toISOString()} on ${cpus().length} cores (load average before: ${loadAverage.map((l) => l.toFixed(2)).join(", ")}).`,
    `Each request is loaded by autocannon with ${connections} keep-alive connections for ${seconds} s (shop and bare server in turn, half the time each, twice; latencies are the worse half's) after a ${WARMUP_SECONDS} s warm-up of each.`,
    "The shop is the real server (`apps/server/src/main.ts`, demo data) in a child process; the ceiling is bare Hono on the",
    "same `@hono/node-server`, in its own child process, answering with the very bytes captured from the shop. The ratio is",
    "shop req/s ÷ bare req/s from the same run.",
    "",
    table(runs),
    "",
    ...goals(runs),
    `Cache: the shop's answers carried \`Cache-Control: ${headers?.cacheControl ?? "none"}\` and an ETag (${headers?.etag ? "present" : "absent"}).`,
    "The first two rows of each database send no credentials and no If-None-Match, so every answer is a 200 from the",
    "in-process cache (decision 0047): the database is asked once per URL when the cache's few seconds run out, and the",
    "other requests are cache hits. The uncached rows send an invalid bearer token, which skips the cache (a token might be",
    "staff's) and is read as nobody: the same bytes, made by the handler and the database on every request.",
    `The "new query every request" rows send no credentials but add \`${DISTINCT_PARAMETER}=<n>\` with a new n on each request:`,
    "the API ignores a parameter it does not know, so the answer is the same bytes, but the cache, keyed by the whole query,",
    "never has it. That is a visitor typing searches, or the first request for each query after the cache's seconds: the",
    "handler, the database and the cache's own fill (hashing the ETag, storing the copy) on every request.",
    "",
  ].join("\n")
}
