import type { Kysely } from "kysely"
import { openOnTestCluster } from "../../../../test/support/suite-database"
import { makeDatabase } from "../database"
import type { Database } from "../schema"

/** The database a suite opens for its tests, and closes after them. */
export interface SuiteDatabase {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}

/** A repository suite's database on the throwaway PostgreSQL cluster, dropped on close. */
export const openSuiteDatabaseOnPostgres = () =>
  openOnTestCluster((databaseUrl) => makeDatabase({ databaseUrl }))
