import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createTestDatabase, type TestDatabase } from "../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../test/support/suite-database"
import { restoreBackup, takeBackup } from "./backup"
import { completedOrders, drawsRedrawn, drillSnapshot, seedPaidOrders } from "./backup-fixtures"
import { makeDatabase } from "./database"

/**
 * The restore drill on PostgreSQL (docs/decisions/0086), with the real
 * pg_dump and pg_restore: a shop with paid orders is backed up, restored
 * into an empty database, and must hold every order with its tickets,
 * payments and ledger lines, and the same migrations.
 */

let root: string
let shop: TestDatabase
const fresh: TestDatabase[] = []
let before: Awaited<ReturnType<typeof drillSnapshot>>
let ordersBefore: Awaited<ReturnType<typeof completedOrders>>
const NOW = new Date("2026-11-29T11:05:09Z")

const withDb = async <A>(
  url: string,
  use: (db: Awaited<ReturnType<typeof makeDatabase>>["db"]) => Promise<A>,
) => {
  const handle = await makeDatabase({ databaseUrl: url, maxConnections: 1 })
  try {
    return await use(handle.db)
  } finally {
    await handle.close()
  }
}

/** An empty database on the test cluster, as a new server's would be. */
const emptyDatabase = async () => {
  const clusterUrl = new URL(shop.connectionString)
  clusterUrl.pathname = "/postgres"
  const database = await createTestDatabase(clusterUrl.toString())
  fresh.push(database)
  return database.connectionString
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "howzat-pg-backup-"))
  shop = await createMigratedTestDatabase()
  await withDb(shop.connectionString, async (db) => {
    await seedPaidOrders(db)
    before = await drillSnapshot(db)
    ordersBefore = await completedOrders(db)
  })
})
afterAll(async () => {
  for (const database of [shop, ...fresh]) await database?.drop()
  await rm(root, { recursive: true, force: true })
})

describe("backing up and restoring a PostgreSQL shop", () => {
  let file: string

  it("dumps the database to a new file named by the time", async () => {
    file = await takeBackup({ databaseUrl: shop.connectionString, dataDir: "memory://" }, root, NOW)
    expect(path.basename(file)).toBe("howzat-postgres-20261129T110509Z.dump")
    expect((await readFile(file)).subarray(0, 5).toString()).toBe("PGDMP")
  })

  it("restores into an empty database every completed order with its tickets, payments and ledger lines", async () => {
    const target = await emptyDatabase()
    await restoreBackup(file, { databaseUrl: target, dataDir: "memory://" }, { force: false })
    await withDb(target, async (db) => {
      const orders = await completedOrders(db)
      expect(orders).toHaveLength(3)
      expect(orders).toEqual(ordersBefore)
      expect(await drillSnapshot(db)).toEqual(before)
      const draws = await drawsRedrawn(db)
      expect(draws).toHaveLength(1)
      for (const draw of draws) expect(draw.redrawn).toEqual(draw.recorded)
    })
  })

  it("refuses to restore over a shop unless forced", async () => {
    const target = { databaseUrl: shop.connectionString, dataDir: "memory://" }
    await expect(restoreBackup(file, target, { force: false })).rejects.toThrow(
      /already holds \d+ table\(s\).*Nothing was changed.*--force/,
    )
    await withDb(shop.connectionString, (db) =>
      db.deleteFrom("payments").where("providerReference", "=", "pi_drill_0").execute(),
    )
    await restoreBackup(file, target, { force: true })
    await withDb(shop.connectionString, async (db) =>
      expect(await drillSnapshot(db)).toEqual(before),
    )
  })

  it("refuses a file that is not a PostgreSQL backup", async () => {
    const notBackup = path.join(root, "notes.dump")
    await writeFile(notBackup, "these are not the tables you are looking for")
    await expect(
      restoreBackup(
        notBackup,
        { databaseUrl: await emptyDatabase(), dataDir: "memory://" },
        { force: true },
      ),
    ).rejects.toThrow(/is not a backup of a PostgreSQL shop.*not a pg_dump custom-format file/)
  })
})
