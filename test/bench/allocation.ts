/**
 * The allocation and draw benchmark (`npm run bench`; not a test, and not part of `npm test`).
 *
 * Starts a throwaway PostgreSQL 15 cluster (the test harness's starter, with
 * room for 200 buyers plus pgbench), migrates a fresh database, and for each
 * buyer count runs full checkouts through core's Checkout service for a fixed
 * time, checks nothing was sold twice, then runs pgbench with as many clients
 * for as long on the same cluster; then creates and draws a competition of a
 * million tickets (test/bench/draw-run.ts). Prints the table and rewrites
 * docs/benchmarks.md, which explains the figures. Takes about two
 * minutes.
 *
 * Knobs (environment): BENCH_SECONDS (measured seconds per workload, 20),
 * BENCH_BUYERS (comma-separated, "50,200"), BENCH_TICKETS (pool per run,
 * 100000), BENCH_PROCESSES (buyer processes, pgbench's thread count: 2),
 * BENCH_OUTPUT (file to write, docs/benchmarks.md; "-" for none),
 * BENCH_CPU_PROF (a folder: each buyer process writes a V8 CPU profile there),
 * BENCH_POOL (connections per buyer process, as a server process's pool;
 * by default one per buyer).
 * DATABASE_URL uses that server instead of starting one (it then needs
 * max_connections above the largest buyer count and, for the statement
 * counts, pg_stat_statements preloaded).
 */
import { writeFile } from "node:fs/promises"
import { cpus, loadavg, totalmem } from "node:os"
import { fileURLToPath } from "node:url"
import { makeDatabase, migrateToLatest } from "@howzat/postgres"
import pg from "pg"
import { startPostgresCluster } from "../support/pg-cluster"
import { createTestDatabase, type TestDatabase } from "../support/postgres-database"
import { runCheckouts } from "./checkout-run"
import { runDraw } from "./draw-run"
import { PGBENCH_THREADS, pgbenchInit, pgbenchRun } from "./pgbench"
import { type BenchReport, drawsTable, markdown, resultsTable } from "./report"
import { startSampler } from "./server-stats"

const seconds = Number(process.env.BENCH_SECONDS ?? 20)
const buyerCounts = (process.env.BENCH_BUYERS ?? "50,200").split(",").map(Number)
const totalTickets = Number(process.env.BENCH_TICKETS ?? 100_000)
const drawTickets = Number(process.env.BENCH_DRAW_TICKETS ?? 1_000_000)
const output =
  process.env.BENCH_OUTPUT ?? fileURLToPath(new URL("../../docs/benchmarks.md", import.meta.url))
/** As many buyer processes as pgbench has client threads, unless BENCH_PROCESSES says. */
const processes = Number(process.env.BENCH_PROCESSES ?? PGBENCH_THREADS)
const connectionsPerProcess =
  process.env.BENCH_POOL === undefined ? undefined : Number(process.env.BENCH_POOL)
const WARMUP_SECONDS = 2

/** Modest: enough connections for the largest run plus pgbench's and ours, a bigger cache. */
const BENCH_SETTINGS = { max_connections: 300, shared_buffers: "256MB" }
const REPORTED_SETTINGS = [
  "max_connections",
  "shared_buffers",
  "work_mem",
  "fsync",
  "synchronous_commit",
  "full_page_writes",
]

const log = (message: string) => console.log(`[bench] ${message}`)

const query = async <R extends pg.QueryResultRow>(url: string, text: string) => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text)).rows
  } finally {
    await client.end()
  }
}

/**
 * The cluster with pg_stat_statements preloaded for the statement counts; where
 * the contrib module is not installed the server refuses to start with it, so
 * start again without it and leave the counts out rather than fail.
 */
const startCluster = async () => {
  try {
    return await startPostgresCluster({
      settings: { ...BENCH_SETTINGS, shared_preload_libraries: "pg_stat_statements" },
    })
  } catch (error) {
    log(`no pg_stat_statements (${String(error).split("\n")[0]}); starting without it`)
    return await startPostgresCluster({ settings: BENCH_SETTINGS })
  }
}

/** True when the view works in this database (preloaded and the extension created). */
const enableStatementCounts = (url: string): Promise<boolean> =>
  query(url, "create extension if not exists pg_stat_statements")
    .then(() => query(url, "select 1 from pg_stat_statements limit 1"))
    .then(
      () => true,
      () => false,
    )

const main = async () => {
  const date = new Date()
  const loadAverage = loadavg()
  log(`starting a PostgreSQL cluster (load average ${loadAverage.map((l) => l.toFixed(2))})`)
  const cluster = await startCluster()
  const databases: TestDatabase[] = []
  try {
    const shop = await createTestDatabase(cluster.connectionString)
    databases.push(shop)
    const pgbenchDb = await createTestDatabase(cluster.connectionString)
    databases.push(pgbenchDb)
    let statementCounts = true
    for (const db of databases) {
      statementCounts = (await enableStatementCounts(db.connectionString)) && statementCounts
    }
    if (!statementCounts) log("pg_stat_statements is not available: statement counts left out")
    const handle = await makeDatabase({ databaseUrl: shop.connectionString })
    try {
      await migrateToLatest(handle.db)
    } finally {
      await handle.close()
    }
    log("pgbench -i -s 1")
    await pgbenchInit(pgbenchDb.connectionString)

    const runs: BenchReport["runs"][number][] = []
    for (const buyers of buyerCounts) {
      log(`${buyers} buyers: seeding, ${WARMUP_SECONDS} s warm-up, ${seconds} s of checkouts`)
      const checkout = await runCheckouts(
        {
          databaseUrl: shop.connectionString,
          buyers,
          processes,
          totalTickets,
          warmupSeconds: WARMUP_SECONDS,
          seconds,
          connectionsPerProcess,
        },
        () => startSampler(shop.connectionString),
      )
      if (checkout.firstError !== undefined) log(`first checkout error: ${checkout.firstError}`)
      log(`${buyers} buyers: ${checkout.ordersPerSecond.toFixed(0)} orders/s; pgbench -c ${buyers}`)
      const pgbench = await pgbenchRun(pgbenchDb.connectionString, buyers, seconds)
      log(`pgbench -c ${buyers}: ${pgbench.tps.toFixed(0)} TPS`)
      runs.push({ checkout, pgbench })
    }

    log(`a competition of ${drawTickets} tickets: created, sold out, drawn`)
    const drawn = await runDraw(shop.connectionString, drawTickets)
    log(
      `created in ${(drawn.createMs / 1000).toFixed(2)} s, drawn in ${(drawn.drawMs / 1000).toFixed(2)} s`,
    )

    const [version] = await query<{ server_version: string }>(
      cluster.connectionString,
      "show server_version",
    )
    const settings = await query<{ name: string; setting: string; unit: string | null }>(
      cluster.connectionString,
      `select name, setting, unit from pg_settings where name in (${REPORTED_SETTINGS.map((n) => `'${n}'`).join(", ")}) order by name`,
    )
    const report: BenchReport = {
      date,
      machine: {
        cores: cpus().length,
        cpuModel: cpus()[0]?.model.trim() ?? "unknown CPU",
        memoryGb: totalmem() / 1024 ** 3,
        loadAverage,
        loadAverageAfter: loadavg(),
        node: process.version,
      },
      postgresVersion: version?.server_version ?? "unknown",
      settings: settings.map((s) => ({
        name: s.name,
        // shared_buffers and work_mem come in pages and kB; show them as configured.
        value:
          s.unit === "8kB" ? `${(Number(s.setting) * 8) / 1024}MB` : `${s.setting}${s.unit ?? ""}`,
      })),
      statementCounts,
      totalTickets,
      connectionsPerProcess,
      warmupSeconds: WARMUP_SECONDS,
      seconds,
      runs,
      draws: [drawn],
    }
    console.log(`\n${resultsTable(report)}\n\n${drawsTable(report)}\n`)
    if (output !== "-") {
      await writeFile(output, markdown(report))
      log(`wrote ${output}`)
    }
  } finally {
    for (const db of databases.reverse()) await db.drop().catch(() => {})
    await cluster.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
