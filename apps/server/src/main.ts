import { serve } from "@hono/node-server"
import { DataFolderUnusable } from "@howzat/postgres"
// The storefront's brand is plain data: the server reads the settings its headers need.
import { liveStreamOrigin, trackingOrigins } from "../../web/src/brand"
import { composeShop } from "./compose"
import { ConfigError, readConfig } from "./config"

const main = async () => {
  const config = readConfig(process.env)
  const shop = await composeShop(config, new Date(), {
    liveStreamOrigin: liveStreamOrigin(),
    tracking: trackingOrigins(),
  })
  const server = serve(
    { fetch: shop.app.fetch, port: config.port, hostname: config.host },
    (info) => {
      const database =
        shop.databaseKind === "pglite"
          ? `embedded database in ${config.dataDir}`
          : "Postgres server"
      console.log(`Howzat is running at http://localhost:${info.port} (API at /api, ${database})`)
      if (config.mail.mode === "mailbox")
        console.log("Mail is not sent anywhere (no SMTP_URL): it is kept in the outbox.")
      if (config.mail.devMailbox)
        console.warn(
          `Dev mailbox at http://localhost:${info.port}/dev/mailbox shows every email with its live links: switch it off (DEV_MAILBOX=off) on a public server.`,
        )
      if (!config.publicUrl)
        console.log(`PUBLIC_URL is not set: links in emails point at ${config.linkOrigin}.`)
    },
  )
  const stop = () => {
    server.close()
    shop.close().finally(() => process.exit(0))
  }
  process.once("SIGINT", stop)
  process.once("SIGTERM", stop)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else if (error instanceof DataFolderUnusable) console.error(error.message)
  else console.error(error)
  process.exit(1)
})
