import { inject } from "vitest"
import { createTestDatabase } from "./postgres-database"

/**
 * A suite's database of its own on the postgres project's throwaway cluster
 * (its global set-up starts it), so test files in parallel never meet; `open`
 * connects to it, and closing also drops it. Only from `*.postgres.test.ts`.
 */
export const openOnTestCluster = async <Db>(
  open: (
    connectionString: string,
  ) => Promise<{ readonly db: Db; readonly close: () => Promise<void> }>,
) => {
  const clusterUrl = inject("postgresUrl")
  if (!clusterUrl) throw new Error("No PostgreSQL test cluster: see the global setup's warning")
  const database = await createTestDatabase(clusterUrl)
  const handle = await open(database.connectionString)
  return {
    db: handle.db,
    close: async () => {
      await handle.close()
      await database.drop()
    },
  }
}
