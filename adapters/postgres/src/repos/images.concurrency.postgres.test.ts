import type { Principal } from "@howzat/core/accounts"
import { Images, ImageUploadPolicy, ImageVariantFiles } from "@howzat/core/images"
import { AuditLog, FileStore, ImageStore, type StoredFile, Transactions } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { untilWaitingForLocks } from "../../../../test/support/lock-waits"
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

/**
 * Staff delete the last image with some bytes while another member of
 * staff uploads the same bytes, through two connection pools (two server
 * processes). Each test holds one of the two inside its file-store call, with
 * the file's lock taken, until the other has queued for that lock: the
 * meeting in the middle that would leave an image whose file was deleted.
 */
describe("deleting the last image while the same bytes are uploaded, on PostgreSQL", () => {
  let database: TestDatabase
  const handles: DatabaseHandle[] = []
  const files = new Map<string, StoredFile>()
  /** The next file-store call of `kind` tells `reached` and waits for `release`. */
  let hold: { kind: "put" | "delete"; reached: () => void; release: Promise<void> } | undefined
  const held = (kind: "put" | "delete") =>
    Effect.promise(async () => {
      const holding = hold
      if (holding?.kind !== kind) return
      hold = undefined
      holding.reached()
      await holding.release
    })
  const holdNext = (kind: "put" | "delete") => {
    let reached = () => {}
    let release = () => {}
    const inside = new Promise<void>((resolve) => {
      reached = resolve
    })
    hold = {
      kind,
      reached,
      release: new Promise<void>((resolve) => {
        release = resolve
      }),
    }
    return { inside, release }
  }
  const fileStore = Layer.succeed(FileStore, {
    put: (key, bytes, contentType) =>
      Effect.zipRight(
        held("put"),
        Effect.sync(() => void files.set(key, { bytes, contentType })),
      ),
    get: (key) => Effect.sync(() => files.get(key) ?? null),
    delete: (key) =>
      Effect.zipRight(
        held("delete"),
        Effect.sync(() => void files.delete(key)),
      ),
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
          // Not pictures a resizer reads: kept as sent, with no variants (decisions 0049, 0066).
          Layer.succeed(ImageVariantFiles, {
            clean: (upload) => Effect.succeed(upload),
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

  let round = 0
  const upload = (index: number, bytes: Uint8Array) =>
    on(index, (i) =>
      i.upload({ files: [{ fileName: `r${round}.png`, bytes }], directory: "" }, STAFF),
    )
  const newBytes = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ++round])

  /** Every image row with the file still has its file. */
  const expectImageWithItsFile = async (fileKey: string) => {
    const rows = await (handles[0] as DatabaseHandle).db
      .selectFrom("images")
      .select(["id", "fileKey"])
      .where("fileKey", "=", fileKey)
      .execute()
    expect(rows).toHaveLength(1)
    expect(files.has(fileKey)).toBe(true)
  }

  it("never deletes the file under an upload that came while the deletion was deleting it", async () => {
    const bytes = newBytes()
    const [first] = await upload(0, bytes)
    const deleting = holdNext("delete")
    const removal = on(0, (i) => i.remove(first?.id ?? "", STAFF))
    await deleting.inside
    const again = upload(1, bytes)
    expect(await untilWaitingForLocks(handles[1]?.db as DatabaseHandle["db"], 1, [again])).toBe(
      "waiting",
    )
    deleting.release()
    await Promise.all([removal, again])
    await expectImageWithItsFile(first?.fileKey ?? "")
  })

  it("never deletes the file of an upload that was storing it when the deletion came", async () => {
    const bytes = newBytes()
    const [first] = await upload(0, bytes)
    const storing = holdNext("put")
    const again = upload(1, bytes)
    await storing.inside
    const removal = on(0, (i) => i.remove(first?.id ?? "", STAFF))
    expect(await untilWaitingForLocks(handles[0]?.db as DatabaseHandle["db"], 1, [removal])).toBe(
      "waiting",
    )
    storing.release()
    await Promise.all([removal, again])
    await expectImageWithItsFile(first?.fileKey ?? "")
  })
})
