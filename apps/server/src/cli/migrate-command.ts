import { makeDatabase, prepareSchema, readSchemaState, SchemaNewerThanCode } from "@howzat/postgres"
import { type CommandOutput, configOrSay, EXIT } from "./command-output"

export { EXIT }

/**
 * `npm run migrate` (docs/decisions/0087): applies this build's pending
 * migrations to the shop's database (DATABASE_URL, else the embedded
 * database's PGLITE_DATA_DIR, as `npm start` chooses) and says which, once,
 * before a rolling restart starts servers with MIGRATE_ON_START=false. It
 * refuses a database a later build migrated, as the servers do.
 */

export const MIGRATE_USAGE = `usage: npm run migrate

  Applies the migrations this build has and the database has not run, each
  in its own transaction, and prints their names. Safe to run again (it then
  applies nothing) and beside running servers of the previous build: run it
  once before a rolling restart (docs/deploy.md).`

export const runMigrateCommand = async (
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  output: CommandOutput,
): Promise<number> => {
  if (args.length > 0) {
    const help = args.every((arg) => arg === "--help" || arg === "-h")
    if (help) output.out(MIGRATE_USAGE)
    else output.err(MIGRATE_USAGE)
    return help ? EXIT.done : EXIT.usage
  }
  const config = configOrSay(env, output)
  if (config === undefined) return EXIT.failed
  const which = config.databaseUrl
    ? "the PostgreSQL database at DATABASE_URL"
    : `the embedded database at ${config.dataDir}`
  let database: Awaited<ReturnType<typeof makeDatabase>> | undefined
  try {
    database = await makeDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      maxConnections: 1,
    })
    const applied = await prepareSchema(database.db, { migrate: true })
    const state = await readSchemaState(database.db)
    const latest = state.applied.at(-1) ?? "(none)"
    if (applied.length === 0) {
      output.out(`Nothing to apply: ${which} is at ${latest} (${state.applied.length} migrations).`)
    } else {
      output.out(
        `Applied ${applied.length} ${applied.length === 1 ? "migration" : "migrations"} to ${which}:`,
      )
      for (const name of applied) output.out(`  ${name}`)
      output.out(`It is now at ${latest}.`)
    }
    return EXIT.done
  } catch (error) {
    if (error instanceof SchemaNewerThanCode) output.err(error.message)
    else {
      const cause = (error as { cause?: unknown }).cause
      const detail = cause instanceof Error ? `: ${cause.message}` : ""
      output.err(`The migration failed: ${(error as Error).message ?? String(error)}${detail}`)
    }
    return EXIT.failed
  } finally {
    await database?.close()
  }
}
