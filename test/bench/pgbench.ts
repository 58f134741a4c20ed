import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { POSTGRES_BIN } from "../support/pg-cluster"
import { type ServerSampler, type ServerStats, startSampler } from "./server-stats"

const run = promisify(execFile)
const PGBENCH = join(POSTGRES_BIN, "pgbench")

export interface PgbenchResult {
  readonly clients: number
  readonly tps: number
  readonly latencyAverageMs: number
  readonly transactions: number
  readonly server: ServerStats
}

/** pgbench's own tables at scale 1: one branch row that every transaction updates. */
export const pgbenchInit = async (databaseUrl: string): Promise<void> => {
  await run(PGBENCH, ["-i", "-q", "-s", "1", databaseUrl])
}

const number = (output: string, pattern: RegExp, what: string): number => {
  const match = pattern.exec(output)
  if (match?.[1] === undefined) throw new Error(`pgbench printed no ${what}:\n${output}`)
  return Number(match[1])
}

/** pgbench's client threads; the checkout bench runs its buyers in as many processes. */
export const PGBENCH_THREADS = 2

/**
 * The built-in TPC-B-like script with `clients` connections on two threads
 * for `seconds`, sampled like the checkouts. pgbench vacuums its tables first.
 */
export const pgbenchRun = async (
  databaseUrl: string,
  clients: number,
  seconds: number,
): Promise<PgbenchResult> => {
  const args = [
    "-c",
    String(clients),
    "-j",
    String(PGBENCH_THREADS),
    "-T",
    String(seconds),
    databaseUrl,
  ]
  let sampler: ServerSampler | undefined
  // Sample once the clients are connected and running, not during the vacuum.
  const startSampling = setTimeout(() => {
    sampler = startSampler(databaseUrl)
  }, 2000)
  const { stdout } = await run(PGBENCH, args, { maxBuffer: 16 * 1024 * 1024 })
  clearTimeout(startSampling)
  const server = await (sampler ?? startSampler(databaseUrl)).stop()
  return {
    clients,
    tps: number(stdout, /tps = ([\d.]+) \(without initial connection time\)/, "tps"),
    latencyAverageMs: number(stdout, /latency average = ([\d.]+) ms/, "latency"),
    transactions: number(stdout, /number of transactions actually processed: (\d+)/, "count"),
    server,
  }
}
