import { inject } from "vitest"
import { createTestDatabase } from "../../../../test/support/postgres-database"
import { makeDatabase } from "../database"
import { paymentsSuite } from "./payments.suite"

paymentsSuite(
  "payments, site credit, order lists and customer tickets on PostgreSQL",
  async () => {
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
  },
  // Only a server has more than one connection for checkouts to race on.
  { concurrent: true },
)
