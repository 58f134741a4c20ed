import { randomBytes } from "node:crypto"
import pg from "pg"

export interface TestDatabase {
  readonly connectionString: string
  readonly drop: () => Promise<void>
}

const withClient = async <A>(url: string, use: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

/** Database names made here: generated from hex digits, so safe to interpolate. */
const DATABASE_NAME = /^[a-z_][a-z0-9_]*$/

export interface TestDatabaseOptions {
  /** A copy of this database (a migrated template, support/migrated-template.ts); empty without. */
  readonly template?: string | undefined
  readonly name?: string | undefined
}

/**
 * A fresh database on the test cluster, so that test files running in
 * parallel never see each other's rows: empty, or a copy of a template.
 */
export const createTestDatabase = async (
  clusterUrl: string,
  options: TestDatabaseOptions = {},
): Promise<TestDatabase> => {
  const name = options.name ?? `howzat_test_${randomBytes(6).toString("hex")}`
  for (const identifier of [name, options.template ?? name]) {
    if (!DATABASE_NAME.test(identifier)) throw new Error(`not a test database name: ${identifier}`)
  }
  const template = options.template ? ` template ${options.template}` : ""
  await withClient(clusterUrl, (client) => client.query(`create database ${name}${template}`))
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return {
    connectionString: url.toString(),
    drop: () =>
      withClient(clusterUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  }
}
