/**
 * A second server process for the concurrency suite: reads
 * `{ databaseUrl, poolSize, buyers }` as one JSON line on stdin, opens its own
 * pool, says "ready", waits for "go", checks every buyer out at once and
 * prints the outcomes as one JSON line.
 */
import { createInterface } from "node:readline"
import { Effect } from "effect"
import { makeDatabase } from "../database"
import { type Buyer, checkoutBuyer } from "./allocation-buyers"

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
const next = async (): Promise<string> => {
  const line = await lines.next()
  if (line.done === true) throw new Error("stdin closed before the parent said go")
  return line.value
}

const input = JSON.parse(await next()) as {
  databaseUrl: string
  poolSize: number
  buyers: Buyer[]
}
const handle = await makeDatabase({
  databaseUrl: input.databaseUrl,
  maxConnections: input.poolSize,
})
// Open every connection before the start, so the race is not decided by connection setup.
await Promise.all(
  Array.from({ length: input.poolSize }, () =>
    handle.db.selectFrom("competitions").select("id").limit(1).execute(),
  ),
)
process.stdout.write("ready\n")
await next()
const outcomes = await Promise.all(
  input.buyers.map((buyer) => Effect.runPromise(checkoutBuyer(handle, buyer))),
)
process.stdout.write(`${JSON.stringify(outcomes)}\n`)
await handle.close()
process.exit(0)
