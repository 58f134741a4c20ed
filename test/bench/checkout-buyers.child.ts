/**
 * One process of the checkout bench's buyers: reads its BuyersInput as one
 * JSON line on stdin, opens its pool, says "ready", waits for the window as
 * one JSON line, checks out, and prints "result " and its BuyersResult.
 * Anything else it prints (a log line) is not the protocol's.
 */
import { createInterface } from "node:readline"
import { type BuyersInput, type BuyersWindow, prepareBuyers } from "./checkout-buyers"

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
const next = async (): Promise<string> => {
  const line = await lines.next()
  if (line.done === true) throw new Error("stdin closed before the parent said go")
  return line.value
}

const buyers = await prepareBuyers(JSON.parse(await next()) as BuyersInput)
process.stdout.write("ready\n")
const window = JSON.parse(await next()) as BuyersWindow
const result = await buyers.run(window)
process.stdout.write(`result ${JSON.stringify(result)}\n`)
await buyers.close()
process.exit(0)
