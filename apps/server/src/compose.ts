import { Catalogue } from "@howzat/core/competitions/catalogue"
import { makeHttpApp } from "@howzat/http"
import {
  Db,
  makeDatabase,
  migrateToLatest,
  PostgresCatalogueLive,
  seedDemoData,
} from "@howzat/postgres"
import { Layer } from "effect"
import type { ServerConfig } from "./config"
import { serveStorefront } from "./storefront"

/**
 * The composition root: the one place that picks adapters for core's ports.
 * Returns the Hono app and a close() that releases the database.
 */
export const composeShop = async (config: ServerConfig, now = new Date()) => {
  const database = await makeDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  await migrateToLatest(database.db)
  if (config.seedDemoData) await seedDemoData(database.db, now)

  const catalogue = Catalogue.Default.pipe(
    Layer.provide(PostgresCatalogueLive),
    Layer.provide(Layer.succeed(Db, database.db)),
  )
  const { app, dispose } = makeHttpApp({ catalogue })
  serveStorefront(app, config.webDistDir)

  return {
    app,
    databaseKind: database.kind,
    close: async () => {
      await dispose()
      await database.close()
    },
  }
}
