import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import type { RepositoryError } from "@howzat/core/competitions"
import { Context, Effect, Layer } from "effect"
import { CamelCasePlugin, Kysely, PostgresDialect } from "kysely"
import pg from "pg"
import { isInMemory, lockDataFolder, prepareDataFolder } from "./data-folder"
import { migrateToLatest } from "./migrations"
import { PGliteDialect } from "./pglite-dialect"
import { repositoryError } from "./repository-error"
import type { Database } from "./schema"

export {
  DataFolderInUse,
  DataFolderUnusable,
  lockDataFolder,
  prepareDataFolder,
} from "./data-folder"
export type { Database } from "./schema"

export interface DatabaseConfig {
  /** A Postgres server, e.g. postgres://user:pass@host:5432/howzat. Wins over dataDir. */
  readonly databaseUrl?: string | undefined
  /** Folder for the embedded PGlite database; omitted means in memory (tests). */
  readonly dataDir?: string | undefined
  /** Pool size on a Postgres server; PGlite is always one connection. */
  readonly maxConnections?: number | undefined
  /**
   * An in-memory embedded database starts as a copy of this dump of a data
   * folder (PGlite's `dumpDataDir`) rather than an empty cluster: the test
   * suites migrate once per run and start every file from the copy. Not for
   * a data folder, which keeps its own files.
   */
  readonly loadDataDir?: Blob | undefined
}

export interface DatabaseHandle {
  readonly db: Kysely<Database>
  readonly close: () => Promise<void>
  readonly kind: "pglite" | "postgres"
  /**
   * The embedded database's data folder as one uncompressed tar (PGlite's
   * `dumpDataDir`), which `loadDataDir` starts a copy from; absent on a
   * Postgres server, which has pg_dump.
   */
  readonly dumpDataDir?: () => Promise<Blob>
  /**
   * The pool's connections right now, for the operator's gauges (decision
   * 0088); absent on PGlite, which is one connection in the process.
   */
  readonly poolStats?: () => PoolStats
}

export interface PoolStats {
  /** Connections open, busy or idle. */
  readonly total: number
  readonly idle: number
  /** Queries waiting for a connection: the pool is too small, or the database too slow. */
  readonly waiting: number
  readonly max: number
}

// Tables and columns are snake_case in SQL and camelCase in TypeScript.
const plugins = [new CamelCasePlugin()]

const dumpOf = (pglite: PGlite) => () => pglite.dumpDataDir("none")

/**
 * The contrib extensions the migrations may create, as PostgreSQL's own
 * contrib offers them: pg_trgm for the back office's contains searches
 * (docs/decisions/0090). Every opening of a shop's embedded database loads
 * them: its indexes need the extension's code to be written to.
 */
export const PGLITE_EXTENSIONS = { pg_trgm }

export const makeDatabase = async (config: DatabaseConfig): Promise<DatabaseHandle> => {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.maxConnections ?? 10,
    })
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on("error", () => {})
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins })
    const max = config.maxConnections ?? 10
    const poolStats = (): PoolStats => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    })
    return { db, kind: "postgres", close: () => db.destroy(), poolStats }
  }
  if (config.dataDir === undefined || isInMemory(config.dataDir)) {
    const pglite = await PGlite.create(config.dataDir ?? "memory://", {
      loadDataDir: config.loadDataDir,
      extensions: PGLITE_EXTENSIONS,
    })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins })
    return { db, kind: "pglite", close: () => db.destroy(), dumpDataDir: dumpOf(pglite) }
  }
  if (config.loadDataDir !== undefined) {
    throw new Error("loadDataDir starts an in-memory database only, not a data folder")
  }
  prepareDataFolder(config.dataDir)
  // Held until closed: a second process on the folder would corrupt it (data-folder.ts).
  const lock = await lockDataFolder(config.dataDir)
  try {
    const pglite = await PGlite.create(config.dataDir, { extensions: PGLITE_EXTENSIONS })
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins })
    return {
      db,
      kind: "pglite",
      close: () => db.destroy().finally(lock.release),
      dumpDataDir: dumpOf(pglite),
    }
  } catch (cause) {
    await lock.release()
    throw cause
  }
}

/**
 * The database every repository in this package runs on. Transactions are
 * Kysely's (`db.transaction().execute(...)`): on PGlite, code inside one must
 * use the transaction handle, never `db`, or it waits for itself.
 */
export class Db extends Context.Tag("@howzat/postgres/Db")<Db, Kysely<Database>>() {}

/** Opens the database for the life of the layer and, unless told not to, migrates it. */
export const DbLive = (
  config: DatabaseConfig & { readonly migrate?: boolean | undefined },
): Layer.Layer<Db, RepositoryError> =>
  Layer.scoped(
    Db,
    Effect.gen(function* () {
      const handle = yield* Effect.acquireRelease(
        Effect.tryPromise({
          try: () => makeDatabase(config),
          catch: (cause) => repositoryError("database.open", cause),
        }),
        (opened) => Effect.tryPromise(() => opened.close()).pipe(Effect.ignore),
      )
      if (config.migrate ?? true) {
        yield* Effect.tryPromise({
          try: () => migrateToLatest(handle.db),
          catch: (cause) => repositoryError("database.migrate", cause),
        })
      }
      return handle.db
    }),
  )
