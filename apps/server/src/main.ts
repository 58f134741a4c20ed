import { serve } from "@hono/node-server"
import { composeShop } from "./compose"
import { ConfigError, readConfig } from "./config"

const main = async () => {
  const config = readConfig(process.env)
  const shop = await composeShop(config)
  const server = serve(
    { fetch: shop.app.fetch, port: config.port, hostname: config.host },
    (info) => {
      const database =
        shop.databaseKind === "pglite"
          ? `embedded database in ${config.dataDir}`
          : "Postgres server"
      console.log(`Howzat is running at http://localhost:${info.port} (API at /api, ${database})`)
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
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error)
  process.exit(1)
})
