import { openOnTestCluster } from "../../../../test/support/suite-database"
import { makeDatabase } from "../database"

/** A repository suite's database on the throwaway PostgreSQL cluster, dropped on close. */
export const openSuiteDatabaseOnPostgres = () =>
  openOnTestCluster((databaseUrl) => makeDatabase({ databaseUrl }))
