import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { installJsonConsole, jsonLoggerLayer, stdoutLines } from "@howzat/http"
import { DataFolderUnusable, SchemaNewerThanCode, SchemaOlderThanCode } from "@howzat/postgres"
import { Cause, Effect, Layer } from "effect"
// The storefront's brand is plain data: the server reads the settings its headers need.
import { liveStreamOrigin, trackingOrigins } from "../../web/src/brand"
import { ConfigError, readConfig, type ServerConfig } from "./config"
import { NotReadyForProduction } from "./preflight"
import { shopServerLayer } from "./shop-runtime"

const announce = (config: ServerConfig, databaseKind: string, port: number) => {
  const database =
    databaseKind === "pglite" ? `embedded database in ${config.dataDir}` : "Postgres server"
  console.log(`Howzat is running at http://localhost:${port} (API at /api, ${database})`)
  if (config.mail.mode === "mailbox")
    console.log("Mail is not sent anywhere (no SMTP_URL): it is kept in the outbox.")
  if (config.mail.devMailbox)
    console.warn(
      `Dev mailbox at http://localhost:${port}/dev/mailbox shows every email with its live links: switch it off (DEV_MAILBOX=off) on a public server.`,
    )
  if (!config.publicUrl)
    console.log(`PUBLIC_URL is not set: links in emails point at ${config.linkOrigin}.`)
}

/**
 * The server: the database, the shop, its jobs and the HTTP server, as one
 * runtime (decision 0055). SIGTERM or SIGINT interrupts it, and its layers
 * are released in the reverse order of building: no new requests, those in
 * flight finished, the jobs stopped, the database closed; then exit code 0.
 */
const server = Effect.gen(function* () {
  const config = yield* Effect.try({ try: () => readConfig(process.env), catch: (e) => e })
  const brand = { liveStreamOrigin: liveStreamOrigin(), tracking: trackingOrigins() }
  return yield* Layer.launch(
    shopServerLayer(config, new Date(), brand, (port, shop) =>
      announce(config, shop.databaseKind, port),
    ),
  )
})

/** A start that fails says why in one line where it can (the configuration, the data folder). */
const report = (cause: Cause.Cause<unknown>) =>
  Effect.sync(() => {
    if (Cause.isInterruptedOnly(cause)) return
    const error = Cause.squash(cause)
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
    else if (error instanceof NotReadyForProduction)
      console.error(`${error.message}\n(NODE_ENV=production; npm run preflight prints this list.)`)
    else if (
      error instanceof DataFolderUnusable ||
      error instanceof SchemaNewerThanCode ||
      error instanceof SchemaOlderThanCode
    )
      console.error(error.message)
    else console.error(Cause.pretty(cause))
  })

/**
 * LOG_FORMAT=json (decision 0088): every line the process writes is one
 * JSON object, Effect's logs and the console's alike (this entry point's
 * own, the edge's, a library's); the API's lines and the edge's lines about
 * a request carry its id. Read before the configuration, so that a bad
 * setting is reported as JSON too; config.ts refuses a value it does not know.
 */
const json = process.env.LOG_FORMAT?.trim().toLowerCase() === "json"
if (json) installJsonConsole(stdoutLines)

NodeRuntime.runMain(
  Effect.tapErrorCause(server, report).pipe(
    Effect.provide(json ? jsonLoggerLayer(stdoutLines) : Layer.empty),
  ),
  { disableErrorReporting: true },
)
