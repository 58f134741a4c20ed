/**
 * One database for a whole `<port>.pglite.test.ts` or `.postgres.test.ts`
 * file: the contract's world and the database's own facts beside it
 * (`<port>.database.ts`) share it, as opening one costs about a second. It
 * opens before the file's first test and closes after its last, already
 * migrated (a copy of the run's template, test/support/suite-database.ts);
 * the suites' own `close` leaves it open.
 */
import { type Database, Db } from "@howzat/postgres"
import { Layer } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll } from "vitest"
import type { ContractDatabase } from "./harness"

/** A migrated database as a backend opens it. */
export type OpenDatabase = () => Promise<{
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}>

export interface FileDatabase {
  /** The file's database, migrated to the latest schema. */
  readonly open: () => Promise<ContractDatabase>
}

/** Call at the top of a test file: the database its suites share. */
export const oneDatabasePerFile = (openDatabase: OpenDatabase): FileDatabase => {
  let opened: Awaited<ReturnType<OpenDatabase>> | undefined
  beforeAll(async () => {
    opened = await openDatabase()
  })
  afterAll(() => opened?.close())
  return {
    open: async () => {
      if (opened === undefined) throw new Error("the file's database opens in beforeAll")
      const { db } = opened
      return { db, dbLayer: Layer.succeed(Db, db), close: async () => {} }
    },
  }
}

/**
 * Inside a `describe` of database facts: the database its tests use, opened
 * with `open` before them. Answers a getter, as the tests are declared before
 * it opens.
 */
export const useDatabase = (open: () => Promise<ContractDatabase>) => {
  let database: ContractDatabase | undefined
  beforeAll(async () => {
    database = await open()
  })
  afterAll(() => database?.close())
  return (): Kysely<Database> => {
    if (database === undefined) throw new Error("the database opens in beforeAll")
    return database.db
  }
}
