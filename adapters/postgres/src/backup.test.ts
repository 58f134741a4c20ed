import { existsSync } from "node:fs"
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import path from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest"
import { BackupRefused, restoreBackup, takeBackup } from "./backup"
import { completedOrders, drawsRedrawn, drillSnapshot, seedPaidOrders } from "./backup-fixtures"
import { makeDatabase } from "./database"
import { migrateToLatest } from "./migrations"

/**
 * The restore drill on the embedded database (docs/decisions/0086): a shop
 * with paid orders is backed up, restored into a fresh folder, and must
 * hold every order with its tickets, payments and ledger lines, and the
 * same migrations.
 */

let root: string
const shopDir = () => path.join(root, "shop", "pglite")
const backups = () => path.join(root, "backups")
let before: Awaited<ReturnType<typeof drillSnapshot>>
let ordersBefore: Awaited<ReturnType<typeof completedOrders>>
const NOW = new Date("2026-11-29T11:05:09.123Z")

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "howzat-backup-"))
  await mkdir(path.dirname(shopDir()))
  // The suite's migrated database (test/support/migrated-template.ts) as the shop's folder.
  const template = await PGlite.create(shopDir(), {
    loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]),
  })
  await template.close()
  const shop = await makeDatabase({ dataDir: shopDir() })
  try {
    await migrateToLatest(shop.db)
    await seedPaidOrders(shop.db)
    before = await drillSnapshot(shop.db)
    ordersBefore = await completedOrders(shop.db)
    // The shop is running: its folder is held, so a backup says to stop it.
    await expect(takeBackup({ dataDir: shopDir() }, backups(), NOW)).rejects.toThrow(
      /open in a running shop.*stop the shop first/,
    )
  } finally {
    await shop.close()
  }
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const restoredSnapshot = async (dataDir: string) => {
  const restored = await makeDatabase({ dataDir })
  try {
    return {
      snapshot: await drillSnapshot(restored.db),
      orders: await completedOrders(restored.db),
      draws: await drawsRedrawn(restored.db),
    }
  } finally {
    await restored.close()
  }
}

describe("backing up and restoring the embedded database", () => {
  let file: string

  it("writes a new file named by the time, never overwriting one", async () => {
    // A backup taken earlier in the same second.
    await mkdir(backups(), { recursive: true })
    const earlier = path.join(backups(), "howzat-pglite-20261129T110509Z.tar.gz")
    await writeFile(earlier, "the earlier backup")
    file = await takeBackup({ dataDir: shopDir() }, backups(), NOW)
    expect(path.basename(file)).toBe("howzat-pglite-20261129T110509Z-2.tar.gz")
    expect(await readFile(earlier, "utf8")).toBe("the earlier backup")
    // Nothing half-written is left behind.
    expect((await readdir(backups())).sort()).toEqual([
      "howzat-pglite-20261129T110509Z-2.tar.gz",
      "howzat-pglite-20261129T110509Z.tar.gz",
    ])
  })

  const fresh = () => path.join(root, "fresh", "pglite")

  it("restores into a fresh folder every completed order with its tickets, payments and ledger lines", async () => {
    await restoreBackup(file, { dataDir: fresh() }, { force: false })
    const { snapshot, orders, draws } = await restoredSnapshot(fresh())
    expect(orders).toHaveLength(3)
    expect(orders.every((order) => Number(order.tickets) === 2)).toBe(true)
    expect(orders.map((order) => [Number(order.paidPence), Number(order.creditPence)])).toEqual([
      [400, -100],
      [400, -100],
      [400, -100],
    ])
    expect(orders).toEqual(ordersBefore)
    expect(snapshot).toEqual(before)
    // The draw checks again on the restored database: the same winner from its seed and entries.
    expect(draws).toHaveLength(1)
    for (const draw of draws) expect(draw.redrawn).toEqual(draw.recorded)
    expect(snapshot.kysely_migration?.length).toBeGreaterThan(0)
  })

  it("refuses to restore over a database unless forced, and then keeps the one it replaces", async () => {
    const target = fresh()
    await expect(restoreBackup(file, { dataDir: target }, { force: false })).rejects.toThrow(
      /already holds a database.*Nothing was changed.*--force/,
    )
    const result = await restoreBackup(file, { dataDir: target }, { force: true, now: NOW })
    expect(result.setAside).toBe(`${target}.replaced-20261129T110509Z`)
    expect(existsSync(path.join(result.setAside ?? "", "PG_VERSION"))).toBe(true)
    expect(existsSync(path.join(target, "PG_VERSION"))).toBe(true)
  })

  it("refuses a file that is not a backup, changing nothing", async () => {
    const notBackup = path.join(root, "notes.tar.gz")
    await writeFile(notBackup, "these are not the tables you are looking for")
    const target = path.join(root, "untouched", "pglite")
    await expect(restoreBackup(notBackup, { dataDir: target }, { force: true })).rejects.toThrow(
      /is not a backup of the embedded database.*not gzip.*Nothing was changed/,
    )
    expect(existsSync(target)).toBe(false)
    await expect(
      restoreBackup(path.join(root, "missing.tar.gz"), { dataDir: target }, { force: true }),
    ).rejects.toBeInstanceOf(BackupRefused)
  })

  it("refuses a database kept in memory, which has nothing on disk", async () => {
    await expect(takeBackup({ dataDir: "memory://" }, backups())).rejects.toThrow(/in memory/)
  })
})
