import { inject } from "vitest"
import { createTestDatabase } from "../../../../test/support/postgres-database"
import { makeDatabase } from "../database"

/**
 * A repository suite's database on the throwaway PostgreSQL cluster: a fresh
 * database of its own (so test files in parallel never meet), dropped on close.
 */
export const openSuiteDatabaseOnPostgres = async () => {
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
}
