import type { TestProject } from "vitest/node"
import { startPostgresCluster } from "./pg-cluster"

declare module "vitest" {
  export interface ProvidedContext {
    /** The test cluster's superuser URL; empty when no Postgres could be started. */
    postgresUrl: string
  }
}

/**
 * Starts one throwaway Postgres cluster for the whole run (or uses
 * DATABASE_URL). Suites that need it create their own database on it.
 */
export default async function setup(project: TestProject) {
  try {
    const cluster = await startPostgresCluster()
    project.provide("postgresUrl", cluster.connectionString)
    return () => cluster.stop()
  } catch (error) {
    // Suites needing Postgres then fail with this message rather than the whole run dying here.
    console.warn(`[global-setup] could not start PostgreSQL: ${String(error)}`)
    project.provide("postgresUrl", "")
    return undefined
  }
}
