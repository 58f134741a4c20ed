import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Db, DbLive, makeDatabase } from "./database"

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
