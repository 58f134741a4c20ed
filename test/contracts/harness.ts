/**
 * Shared pieces of the contract tests (docs/decisions/0054). A contract
 * suite (`<port>.contract.ts`) states what a port promises, once; each
 * backend runs it through a harness: a Layer of the port and the seeding the
 * suite needs, which a backend writes its own way (rows in tables, entries in
 * an in-memory store). `<port>.memory.test.ts`, `.pglite.test.ts` and
 * `.postgres.test.ts` differ only in the harness they hand over, so the
 * in-memory adapter cannot drift from the real one unnoticed.
 */
import { type Database, Db, makeDatabase } from "@howzat/postgres"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { afterAll, beforeAll } from "vitest"
import { openMigratedPglite, openOnTestCluster } from "../support/suite-database"

/** One backend, opened for a suite: its ports as a Layer, its way of seeding, how to close it. */
export interface Harness<R, Seed> {
  readonly layer: Layer.Layer<R>
  readonly seed: Seed
  readonly close: () => Promise<void>
}

export type OpenHarness<R, Seed> = () => Promise<Harness<R, Seed>>

/**
 * Opens the harness before the suite's tests and closes it after, and runs
 * an effect against its ports. Call it inside the suite's `describe`.
 */
export const useHarness = <R, Seed>(open: OpenHarness<R, Seed>) => {
  let harness: Harness<R, Seed> | undefined
  beforeAll(async () => {
    harness = await open()
  })
  afterAll(() => harness?.close())
  const opened = () => {
    if (harness === undefined) throw new Error("the harness is opened in beforeAll")
    return harness
  }
  return {
    run: <A, E>(effect: Effect.Effect<A, E, R>): Promise<A> =>
      Effect.runPromise(Effect.provide(effect, opened().layer)),
    seed: (): Seed => opened().seed,
  }
}

/** A migrated database a Postgres harness writes its rows to and builds its Layer on. */
export interface ContractDatabase {
  readonly db: Kysely<Database>
  /** The `Db` the repositories' Live layers need. */
  readonly dbLayer: Layer.Layer<Db>
  readonly close: () => Promise<void>
}

const withDbLayer = (opened: {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
}): ContractDatabase => ({ ...opened, dbLayer: Layer.succeed(Db, opened.db) })

/** PGlite in memory, migrated: the same schema and SQL as the server, in the test's own process. */
export const openPglite = async (): Promise<ContractDatabase> =>
  withDbLayer(await openMigratedPglite())

/** A migrated database of its own on the test cluster, dropped on close. */
export const openSuiteDatabaseOnPostgres = () =>
  openOnTestCluster((databaseUrl) => makeDatabase({ databaseUrl }))

/**
 * A migrated database of its own on the postgres project's throwaway
 * cluster (its global set-up starts it): only from `*.postgres.test.ts` files.
 */
export const openPostgres = async (): Promise<ContractDatabase> =>
  withDbLayer(await openSuiteDatabaseOnPostgres())

/**
 * One database for all the suites of a test file: the contract's harness and
 * the database's own tests each open it, but it is opened once (an open
 * costs about a second) and closed after the file's last test. Call it at
 * the top of a `*.pglite.test.ts` or `*.postgres.test.ts` file.
 */
export const oneDatabasePerFile = <D extends { readonly close: () => Promise<void> }>(
  open: () => Promise<D>,
): (() => Promise<D>) => {
  let opened: Promise<D> | undefined
  afterAll(async () => {
    if (opened !== undefined) await (await opened).close()
  })
  return async () => {
    opened ??= open()
    return { ...(await opened), close: async () => {} }
  }
}

/**
 * Inside a `describe` of a database's own facts: the database its tests
 * use, opened with `open` before them. Answers a getter, as the tests are
 * declared before it opens.
 */
export const useDatabase = (open: () => Promise<{ readonly db: Kysely<Database> }>) => {
  let database: { readonly db: Kysely<Database> } | undefined
  beforeAll(async () => {
    database = await open()
  })
  return (): Kysely<Database> => {
    if (database === undefined) throw new Error("the database opens in beforeAll")
    return database.db
  }
}

/** Ids for in-memory seeding: unique within the process, readable in a failure. */
let nextMemoryId = 0
export const memoryId = (prefix: string): string => {
  nextMemoryId += 1
  return `${prefix}-${nextMemoryId}`
}
