import { inject } from "vitest"
import { createTestDatabase } from "../../../../test/support/postgres-database"
import { makeDatabase } from "../database"
import { sandboxIntentsSuite } from "./sandbox-intents.suite"

sandboxIntentsSuite("the sandbox provider's intents on PostgreSQL", async () => {
  const clusterUrl = inject("postgresUrl")
  if (!clusterUrl) throw new Error("No PostgreSQL test cluster: see the global setup's warning")
  const database = await createTestDatabase(clusterUrl)
  const handle = await makeDatabase({ databaseUrl: database.connectionString })
  return {
    db: handle.db,
    close: async () => {
      await handle.close()
      await database.drop()
    },
  }
})
