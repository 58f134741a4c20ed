/**
 * One shop server process for the multi-process suites: the composition and
 * HTTP server of main.ts, configured by the environment the parent gives it
 * (DATABASE_URL, PORT, ...), with the start and the stop under the parent's
 * control over stdin/stdout so that several processes start at one moment:
 *
 *   child: "ready"   (modules loaded, nothing opened yet)
 *   parent: "go"     child composes the shop (its jobs start) and serves
 *   child: "started <port>"   (PORT=0 lets the system choose a free one)
 *   parent: "stop"   child closes the shop, as SIGTERM does in main.ts
 *   child: "stopped", then exits
 *
 * If stdin closes (the parent died), it stops too: a test run never leaves
 * a shop drawing on a database behind.
 */
import { createInterface } from "node:readline"
import { serve } from "@hono/node-server"
import { readConfig } from "../config"
import { composeShop } from "../shop-runtime"

const say = (line: string) => process.stdout.write(`${line}\n`)

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]()
/** The parent's next line; stdin closing counts as "stop". */
const next = async (): Promise<string> => {
  const line = await lines.next()
  return line.done === true ? "stop" : line.value.trim()
}

const run = async () => {
  const config = readConfig(process.env)
  say("ready")
  if ((await next()) !== "go") process.exit(0)
  const shop = await composeShop(config)
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve) => {
      const server = serve(
        { fetch: shop.app.fetch, port: config.port, hostname: config.host },
        (info) => resolve({ server, port: info.port }),
      )
    },
  )
  say(`started ${port}`)
  while ((await next()) !== "stop") {}
  await new Promise((resolve) => server.close(resolve))
  await shop.close()
  say("stopped")
  process.exit(0)
}

run().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
