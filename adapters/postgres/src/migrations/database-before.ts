import { type DatabaseHandle, makeDatabase } from "../database"
import { makeMigrator, migrations } from "./index"

/**
 * A fresh embedded database migrated up to, and not including, the named
 * migration: the shop as it stood before that migration, for a test that
 * writes what the old code wrote and then runs the migration over it.
 */
export const databaseBefore = async (migration: string): Promise<DatabaseHandle> => {
  const names = Object.keys(migrations)
  const at = names.indexOf(migration)
  const before = names[at - 1]
  if (before === undefined) throw new Error(`no migration before ${JSON.stringify(migration)}`)
  const handle = await makeDatabase({})
  const migrated = await makeMigrator(handle.db).migrateTo(before)
  if (migrated.error !== undefined) {
    await handle.close()
    throw migrated.error
  }
  return handle
}
