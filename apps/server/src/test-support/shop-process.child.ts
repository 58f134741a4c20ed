/**
 * One shop server process for the multi-process suites: the composition and
 * HTTP server of main.ts, configured by the environment the parent gives it
 * (DATABASE_URL, PORT, ...), with the start and the stop under the parent's
 * control over stdin/stdout so that several processes start at one moment:
 *
 *   child: "ready"   (modules loaded, nothing opened yet)
 *   parent: "go"     child composes the shop (its jobs start) and serves
 *   child: "started <port>"   (PORT=0 lets the system choose a free one)
 *   parent: "stop"   child releases the layers, as SIGTERM does in main.ts
 *   child: "stopped", then exits
 *
 * If stdin closes (the parent died), it stops too: a test run never leaves
 * a shop drawing on a database behind.
 */
import { createInterface } from "node:readline"
import { Deferred, Effect, Exit, Layer, Scope } from "effect"
import { readConfig } from "../config"
import { shopServerLayer } from "../shop-runtime"

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
  // main.ts's layers, in a scope this process closes when told to stop.
  const scope = Effect.runSync(Scope.make())
  const listening = Effect.runSync(Deferred.make<number>())
  const server = shopServerLayer(config, new Date(), {}, (port) =>
    Effect.runSync(Deferred.succeed(listening, port)),
  )
  await Effect.runPromise(Layer.buildWithScope(server, scope))
  say(`started ${await Effect.runPromise(Deferred.await(listening))}`)
  while ((await next()) !== "stop") {}
  await Effect.runPromise(Scope.close(scope, Exit.void))
  say("stopped")
  process.exit(0)
}

run().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
