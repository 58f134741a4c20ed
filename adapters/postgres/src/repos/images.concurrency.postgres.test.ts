import type { Principal } from "@howzat/core/accounts/model"
import { Images, ImageUploadPolicy } from "@howzat/core/images/images"
import { ImageVariantFiles } from "@howzat/core/images/variant-files"
import { AuditLog } from "@howzat/core/ports/audit-log"
import { FileStore, type StoredFile } from "@howzat/core/ports/file-store"
import { ImageStore } from "@howzat/core/ports/images"
import { Transactions } from "@howzat/core/ports/transactions"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { TestDatabase } from "../../../../test/support/postgres-database"
import { createMigratedTestDatabase } from "../../../../test/support/suite-database"
import { type DatabaseHandle, makeDatabase } from "../database"
import { makeTransactions } from "../transactions"
import { makeAuditLog } from "./audit-log"
import { makeImageStore } from "./images"

const STAFF: Principal = {
  userId: "5a0b7c2e-8f5e-4b8a-9d61-3b2f0c1d9e02",
  role: "Staff",
  customerId: null,
  email: "staff@howzat.example",
  name: "Sam",
}
const ROUNDS = 15

/**
 * Staff delete the last image with some bytes while another member of
 * staff uploads the same bytes, through two connection pools (two server
 * processes). The file store is slow, so the two meet in the middle. After
 * every round each image row must still have its file.
 */
describe("deleting the last image while the same bytes are uploaded, on PostgreSQL", () => {
  let database: TestDatabase
  const handles: DatabaseHandle[] = []
  const files = new Map<string, StoredFile>()
  const slow = <A>(effect: Effect.Effect<A>) => Effect.zipRight(Effect.sleep("15 millis"), effect)
  const fileStore = Layer.succeed(FileStore, {
    put: (key, bytes, contentType) =>
      slow(Effect.sync(() => void files.set(key, { bytes, contentType }))),
    get: (key) => Effect.sync(() => files.get(key) ?? null),
    delete: (key) => slow(Effect.sync(() => void files.delete(key))),
  })

  const imagesOn = (handle: DatabaseHandle) =>
    Images.Default.pipe(
      Layer.provide(
        Layer.mergeAll(
          fileStore,
          Layer.succeed(ImageStore, makeImageStore(handle.db)),
          Layer.succeed(Transactions, makeTransactions(handle.db)),
          Layer.succeed(AuditLog, makeAuditLog(handle.db)),
          Layer.succeed(ImageUploadPolicy, { maxBytes: 1024, urlOf: (key) => `/files/${key}` }),
          // Not pictures a resizer reads: no variants (decision 0049).
          Layer.succeed(ImageVariantFiles, {
            makeAll: () => Effect.succeed([]),
            get: () => Effect.succeed(null),
          }),
        ),
      ),
    )
  const on = <A, E>(index: number, use: (images: Images) => Effect.Effect<A, E>) =>
    Effect.runPromise(
      Effect.flatMap(Images, use).pipe(Effect.provide(imagesOn(handles[index] as DatabaseHandle))),
    )

  beforeAll(async () => {
    database = await createMigratedTestDatabase()
    handles.push(await makeDatabase({ databaseUrl: database.connectionString }))
    handles.push(await makeDatabase({ databaseUrl: database.connectionString }))
  })
  afterAll(async () => {
    for (const handle of handles) await handle.close()
    await database?.drop()
  })

  it("never leaves an image whose file was deleted", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, round])
      const upload = (index: number) =>
        on(index, (i) =>
          i.upload({ files: [{ fileName: `r${round}.png`, bytes }], directory: "" }, STAFF),
        )
      const [first] = await upload(0)
      await Promise.all([on(0, (i) => i.remove(first?.id ?? "", STAFF)), upload(1)])
      const rows = await (handles[0] as DatabaseHandle).db
        .selectFrom("images")
        .select(["id", "fileKey"])
        .where("fileKey", "=", first?.fileKey ?? "")
        .execute()
      expect(rows).toHaveLength(1)
      expect(files.has(first?.fileKey ?? ""), `round ${round}`).toBe(true)
    }
  })
})
