import type { PGlite } from "@electric-sql/pglite"
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from "kysely"

/**
 * PGlite is one Postgres backend in this process: one session, so one
 * connection. Kysely asks for a connection per query and holds one for the
 * whole of a transaction; handing the single connection out behind a lock
 * keeps another query from slipping into someone else's transaction.
 */
class ConnectionLock {
  #held = false
  readonly #waiting: Array<() => void> = []

  async acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true
      return
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve))
  }

  release(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#held = false
  }
}

const COMMANDS_WITH_ROW_COUNTS = new Set(["INSERT", "UPDATE", "DELETE", "MERGE"])

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      rowMode: "object",
    })
    const { command } = result
    return {
      rows: result.rows,
      numAffectedRows:
        command !== undefined && COMMANDS_WITH_ROW_COUNTS.has(command)
          ? BigInt(result.affectedRows ?? 0)
          : undefined,
    }
  }

  // PGlite has no cursors over its single session; the rows are already in memory.
  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery)
    for (let i = 0; i < rows.length; i += chunkSize) {
      yield { rows: rows.slice(i, i + chunkSize) }
    }
  }
}

const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`

class PGliteDriver implements Driver {
  readonly #lock = new ConnectionLock()
  readonly #connection: PGliteConnection

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite)
  }

  async init(): Promise<void> {
    await this.pglite.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire()
    return this.#connection
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release()
  }

  async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    const parts = ["start transaction"]
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`)
    if (settings.accessMode) parts.push(settings.accessMode)
    await connection.executeQuery(CompiledQuery.raw(parts.join(" ")))
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"))
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"))
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(savepointName)}`))
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(savepointName)}`),
    )
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(`release savepoint ${quoteIdentifier(savepointName)}`),
    )
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close()
  }
}

/**
 * A Kysely dialect over one PGlite instance. It is Postgres, so kysely's own
 * Postgres adapter, compiler and introspector are reused unchanged; only the
 * driver differs. Written here rather than taken from kysely-pglite, which
 * pulls in a code-generation CLI we don't need.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter()
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite)
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler()
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db)
  }
}
