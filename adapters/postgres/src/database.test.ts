import { existsSync } from "node:fs"
import { mkdtemp, rm, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DataFolderUnusable, Db, DbLive, makeDatabase } from "./database"

describe("the embedded database in a data folder", () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "howzat-pglite-"))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  it("migrates on open through DbLive and keeps its rows after closing", {
    timeout: 60_000,
  }, async () => {
    const write = Effect.flatMap(Db, (db) =>
      Effect.promise(() =>
        db
          .insertInto("resources")
          .values({ key: "content-banner-hero-sub", value: "kept" })
          .execute(),
      ),
    )
    await Effect.runPromise(write.pipe(Effect.provide(DbLive({ dataDir }))))

    const reopened = await makeDatabase({ dataDir })
    try {
      expect(reopened.kind).toBe("pglite")
      const row = await reopened.db
        .selectFrom("resources")
        .select("value")
        .where("key", "=", "content-banner-hero-sub")
        .executeTakeFirst()
      expect(row?.value).toBe("kept")
    } finally {
      await reopened.close()
    }
  })
})

describe("the embedded database's folder on first start", () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "howzat-first-start-"))
  })
  afterAll(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it("is made with every missing parent, as on a fresh clone (.data/pglite)", {
    timeout: 60_000,
  }, async () => {
    const dataDir = join(root, "fresh-clone", ".data", "pglite")
    const handle = await makeDatabase({ dataDir })
    try {
      expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true)
    } finally {
      await handle.close()
    }
  })

  it("refuses a path through a file with one clear line naming the folder", async () => {
    const file = join(root, "not-a-folder")
    await writeFile(file, "")
    const dataDir = join(file, "pglite")
    const error = await makeDatabase({ dataDir }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DataFolderUnusable)
    expect((error as Error).message).toBe(
      `The embedded database's folder ${dataDir} cannot be used: part of the path is a file, not a folder`,
    )
  })
})
