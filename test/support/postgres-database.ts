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

/**
 * A fresh, empty database on the test cluster, so that test files running in
 * parallel never see each other's rows.
 */
export const createTestDatabase = async (clusterUrl: string): Promise<TestDatabase> => {
  const name = `howzat_test_${randomBytes(6).toString("hex")}`
  // The name is generated above from hex digits, so interpolating it is safe.
  await withClient(clusterUrl, (client) => client.query(`create database ${name}`))
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
