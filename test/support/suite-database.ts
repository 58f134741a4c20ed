import { readFile } from "node:fs/promises"
import { type DatabaseHandle, makeDatabase } from "@howzat/postgres"
import { inject } from "vitest"
import { createTestDatabase, type TestDatabase } from "./postgres-database"

/**
 * A database of a suite's own, already migrated: a copy of the run's
 * template (support/migrated-template.ts), so no test file pays for the
 * migrations and test files in parallel never meet.
 */

let pgliteTemplate: Promise<Blob> | undefined

/** The embedded database in memory, migrated. Only in the adapters project, whose set-up makes the template. */
export const openMigratedPglite = async (): Promise<DatabaseHandle> => {
  const file = inject("pgliteTemplate")
  if (!file) throw new Error("No PGlite template: run this file in the adapters project")
  pgliteTemplate ??= readFile(file).then((bytes) => new Blob([bytes]))
  return makeDatabase({ loadDataDir: await pgliteTemplate })
}

/**
 * A migrated database of the suite's own on the postgres project's
 * throwaway cluster (its global set-up starts it): only from
 * `*.postgres.test.ts`. Dropping it is the caller's.
 */
export const createMigratedTestDatabase = (): Promise<TestDatabase> => {
  const clusterUrl = inject("postgresUrl")
  if (!clusterUrl) throw new Error("No PostgreSQL test cluster: see the global setup's warning")
  return createTestDatabase(clusterUrl, { template: inject("postgresTemplate") })
}

/**
 * A migrated database of the suite's own on the test cluster; `open`
 * connects to it, and closing also drops it.
 */
export const openOnTestCluster = async <Db>(
  open: (
    connectionString: string,
  ) => Promise<{ readonly db: Db; readonly close: () => Promise<void> }>,
) => {
  const database = await createMigratedTestDatabase()
  const handle = await open(database.connectionString)
  return {
    db: handle.db,
    close: async () => {
      await handle.close()
      await database.drop()
    },
  }
}
