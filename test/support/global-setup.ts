import type { TestProject } from "vitest/node"
import { createPostgresTemplate } from "./migrated-template"
import { startPostgresCluster } from "./pg-cluster"

declare module "vitest" {
  export interface ProvidedContext {
    /** The test cluster's superuser URL; empty when no Postgres could be started. */
    postgresUrl: string
    /** The migrated database on it that every suite's database is a copy of. */
    postgresTemplate: string
  }
}

/**
 * Starts one throwaway Postgres cluster for the whole run (or uses
 * DATABASE_URL) and migrates one template database on it. Suites that need
 * it create their own database on it, as a copy of the template.
 */
export default async function setup(project: TestProject) {
  try {
    const cluster = await startPostgresCluster()
    const template = await createPostgresTemplate(cluster.connectionString).catch(
      async (error: unknown) => {
        await cluster.stop()
        throw error
      },
    )
    project.provide("postgresUrl", cluster.connectionString)
    project.provide("postgresTemplate", template.name)
    return async () => {
      // An external server (DATABASE_URL) outlives the run: leave it no template behind.
      await template.remove()
      await cluster.stop()
    }
  } catch (error) {
    // Suites needing Postgres then fail with this message rather than the whole run dying here.
    console.warn(`[global-setup] could not start PostgreSQL: ${String(error)}`)
    project.provide("postgresUrl", "")
    project.provide("postgresTemplate", "")
    return undefined
  }
}
