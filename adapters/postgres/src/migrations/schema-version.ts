import { type Kysely, sql } from "kysely"
import { migrateToLatest, migrations } from "./index"

/**
 * Where a database's schema stands against this build's migrations
 * (docs/decisions/0087): `pending` are this build's migrations the database
 * has not run, `unknown` are migrations the database has run that this build
 * does not know (a newer build made them).
 */
export interface SchemaState {
  readonly applied: readonly string[]
  readonly pending: readonly string[]
  readonly unknown: readonly string[]
}

/** A pure comparison of the build's migration names with those a database has run. */
export const compareSchema = (
  known: readonly string[],
  applied: readonly string[],
): SchemaState => {
  const ran = new Set(applied)
  const ours = new Set(known)
  return {
    applied: [...applied],
    pending: known.filter((name) => !ran.has(name)),
    unknown: applied.filter((name) => !ours.has(name)),
  }
}

/** Kysely's own record of what ran; a database never migrated has no such table. */
const appliedMigrations = async <DB>(db: Kysely<DB>): Promise<string[]> => {
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass('public.kysely_migration') is not null as present`.execute(db)
  if (rows[0]?.present !== true) return []
  const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
    db,
  )
  return ran.rows.map((row) => row.name)
}

export const readSchemaState = async <DB>(db: Kysely<DB>): Promise<SchemaState> =>
  compareSchema(Object.keys(migrations), await appliedMigrations(db))

const listed = (names: readonly string[]) =>
  names.length <= 3
    ? names.join(", ")
    : `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`

const migrationsCount = (n: number) => `${n} ${n === 1 ? "migration" : "migrations"}`

/**
 * The database has run migrations this build does not know: an older build
 * would read and write a schema it was not written for, so it never starts.
 */
export class SchemaNewerThanCode extends Error {
  readonly _tag = "SchemaNewerThanCode"
  constructor(readonly unknown: readonly string[]) {
    super(
      `The database's schema is newer than this build: it has run ${migrationsCount(unknown.length)} this build does not know (${listed(unknown)}). Deploy the build that added them (or a later one); an older build must not run on it.`,
    )
    this.name = "SchemaNewerThanCode"
  }
}

/** Migrations are pending and this server was told not to apply them (MIGRATE_ON_START=false). */
export class SchemaOlderThanCode extends Error {
  readonly _tag = "SchemaOlderThanCode"
  constructor(readonly pending: readonly string[]) {
    super(
      `The database's schema is older than this build: ${migrationsCount(pending.length)} pending (${listed(pending)}). Run \`npm run migrate\` once with this build, then start the servers.`,
    )
    this.name = "SchemaOlderThanCode"
  }
}

/**
 * What a server does with the schema at start: always refuses a newer one;
 * applies pending migrations when `migrate` (the default, so `npm start`
 * makes its embedded database by itself), else refuses an older one.
 * Returns the migrations it applied.
 */
export const prepareSchema = async <DB>(
  db: Kysely<DB>,
  options: { readonly migrate: boolean },
): Promise<readonly string[]> => {
  const state = await readSchemaState(db)
  if (state.unknown.length > 0) throw new SchemaNewerThanCode(state.unknown)
  if (state.pending.length === 0) return []
  if (!options.migrate) throw new SchemaOlderThanCode(state.pending)
  const result = await migrateToLatest(db)
  return (result.results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName)
}
