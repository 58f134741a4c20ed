import { randomBytes } from "node:crypto"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { makeDatabase, migrateToLatest } from "@howzat/postgres"
import { createTestDatabase } from "./postgres-database"

/**
 * The run migrates once, here, in a project's global set-up, and every test
 * file starts from a copy (support/suite-database.ts): a PGlite dump loaded into
 * memory, or a PostgreSQL database cloned from a template. Opening a copy
 * skips both PGlite's initdb and the migrations, which cost each file about
 * a second and a half.
 */

/** A migrated in-memory PGlite dumped to a tar file, and how to remove it after the run. */
export const writePgliteTemplate = async () => {
  const folder = await mkdtemp(join(tmpdir(), "howzat-pglite-template-"))
  const file = join(folder, "migrated.tar")
  const handle = await makeDatabase({})
  try {
    await migrateToLatest(handle.db)
    const dump = await handle.dumpDataDir?.()
    if (dump === undefined) throw new Error("an in-memory PGlite can always be dumped")
    await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  } finally {
    await handle.close()
  }
  return { file, remove: () => rm(folder, { recursive: true, force: true }) }
}

/**
 * A migrated database on the cluster for `CREATE DATABASE … TEMPLATE` to
 * clone; nobody stays connected to it, as cloning requires.
 */
export const createPostgresTemplate = async (clusterUrl: string) => {
  const name = `howzat_template_${randomBytes(6).toString("hex")}`
  const template = await createTestDatabase(clusterUrl, { name })
  const handle = await makeDatabase({ databaseUrl: template.connectionString, maxConnections: 1 })
  try {
    await migrateToLatest(handle.db)
  } finally {
    await handle.close()
  }
  return { name, remove: template.drop }
}
