import type { Principal } from "@howzat/core/accounts/model"
import { Images } from "@howzat/core/images/images"
import { AuditLog } from "@howzat/core/ports/audit-log"
import { ImageStore } from "@howzat/core/ports/images"
import { Transactions } from "@howzat/core/ports/transactions"
import { pence } from "@howzat/core/rules/money"
import { emptyImages, memoryImages } from "@howzat/core/testing"
import { Effect, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import { makeAuditLog } from "./audit-log"
import { loadImageGroups } from "./competition-loader"
import { createCompetition } from "./competition-writer"
import { makeImageStore } from "./images"
import { testSecrets } from "./orders-fixtures"
import type { SuiteDatabase } from "./suite-database"

const staff: Principal = {
  userId: "5a0b7c2e-8f5e-4b8a-9d61-3b2f0c1d9e01",
  role: "Staff",
  customerId: null,
  email: "staff@howzat.example",
  name: "Sam",
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9])
const OTHER_PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 7, 7])

/**
 * Images and image groups on a real database, through core's use case with
 * an in-memory file store: rows, order, paging, the library an image
 * returns to, who shows a group, and rollback when the file store fails.
 */
export const imagesSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const memory = emptyImages()

    const run = <A, E>(use: (images: Images) => Effect.Effect<A, E>) => {
      const ports = Layer.mergeAll(
        // The file store and upload policy of the double; rows, transactions and audit for real.
        memoryImages(memory, 1024),
        Layer.succeed(ImageStore, makeImageStore(db())),
        Layer.succeed(Transactions, makeTransactions(db())),
        Layer.succeed(AuditLog, makeAuditLog(db())),
      )
      return Effect.runPromise(
        Effect.flatMap(Images, use).pipe(Effect.provide(Images.Default.pipe(Layer.provide(ports)))),
      )
    }
    const fail = <A, E>(use: (images: Images) => Effect.Effect<A, E>) =>
      run((images) => Effect.flip(use(images)))
    const uploadOf = (fileName: string, bytes: Uint8Array, description?: string) =>
      run((i) =>
        i.upload({ files: [{ fileName, bytes }], directory: "competitions", description }, staff),
      )

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("keeps an upload's row with its file key, and lists by description with paging", async () => {
      const [bat] = await uploadOf("bat.png", PNG, "Signed bat")
      const [ball] = await uploadOf("ball.png", OTHER_PNG, "Match ball")
      expect(bat).toMatchObject({
        description: "Signed bat",
        directory: "competitions",
        contentType: "image/png",
        byteSize: PNG.length,
        imageGroupId: null,
      })
      expect(bat?.fileKey).toMatch(/^images\/[0-9a-f]{64}\.png$/)
      expect(bat?.url).toBe(`/files/${bat?.fileKey}`)
      const found = await run((i) =>
        i.listImages({ description: "BAT", page: { pageNumber: 1, pageSize: 10 } }, staff),
      )
      expect(found.items.map((x) => x.id)).toEqual([bat?.id])
      // % is a character to search for, not a wildcard.
      const none = await run((i) =>
        i.listImages({ description: "%", page: { pageNumber: 1, pageSize: 10 } }, staff),
      )
      expect(none.totalCount).toBe(0)
      const firstPage = await run((i) =>
        i.listImages({ page: { pageNumber: 1, pageSize: 1 } }, staff),
      )
      expect(firstPage.totalCount).toBeGreaterThanOrEqual(2)
      expect(firstPage.items).toHaveLength(1)
      const audit = await db()
        .selectFrom("auditLog")
        .selectAll()
        .where("subjectId", "=", ball?.id ?? "")
        .execute()
      expect(audit.map((a) => [a.action, a.before])).toEqual([["Image.Create", null]])
    })

    it("orders a group's images, sends dropped ones back to the library, and keeps them when the group goes", async () => {
      const [a] = await uploadOf("a.png", PNG)
      const [b] = await uploadOf("b.png", OTHER_PNG)
      const ids = [b?.id ?? "", a?.id ?? ""]
      const group = await run((i) =>
        i.createGroup({ name: "Gallery", description: "", imageIds: ids }, staff),
      )
      expect(group.images.map((x) => x.id)).toEqual(ids)
      expect(group.images.map((x) => x.sortOrder)).toEqual([0, 1])
      const reordered = await run((i) =>
        i.updateGroup(
          group.id,
          { name: "Gallery", description: "d", imageIds: [a?.id ?? ""] },
          staff,
        ),
      )
      expect(reordered.images.map((x) => x.id)).toEqual([a?.id])
      expect((await run((i) => i.image(b?.id ?? "", staff))).imageGroupId).toBeNull()
      const listed = await run((i) =>
        i.listGroups({ name: "galler", page: { pageNumber: 1, pageSize: 5 } }, staff),
      )
      expect(listed.items.map((g) => g.id)).toContain(group.id)
      await run((i) => i.removeGroup(group.id, staff))
      expect((await run((i) => i.image(a?.id ?? "", staff))).imageGroupId).toBeNull()
      expect((await fail((i) => i.group(group.id, staff)))._tag).toBe("ImageGroupNotFound")
    })

    it("refuses to delete a group a competition shows, or an image in it, naming the competition", async () => {
      const competitionId = await createCompetition(db(), {
        name: "Signed Ashes Bat",
        description: "<p>A bat</p>",
        ticketPrice: pence(99),
        totalTickets: 10,
        maxTicketsPerCustomer: 5,
        defaultTicketSaleQuantity: 1,
        cashAlternativeValue: null,
        startDateTimeUtc: new Date("2026-12-01T00:00:00Z"),
        closeDateTimeUtc: new Date("2026-12-10T00:00:00Z"),
        drawDateTimeUtc: new Date("2026-12-11T00:00:00Z"),
        drawType: "Automatic",
        visibilityStatus: "Visible",
        categoryIds: [],
        attributes: {},
        imageUrls: ["/images/prizes/cricket-bat.svg"],
        instantWinGroups: [],
        secrets: testSecrets(),
      })
      const { imageGroupId } = await db()
        .selectFrom("competitions")
        .select("imageGroupId")
        .where("id", "=", competitionId)
        .executeTakeFirstOrThrow()
      const group = await run((i) => i.group(imageGroupId ?? "", staff))
      expect(await fail((i) => i.removeGroup(group.id, staff))).toMatchObject({
        _tag: "ImageGroupInUse",
        users: { competitions: ["Signed Ashes Bat"], instantWinGroups: [] },
      })
      expect(await fail((i) => i.remove(group.images[0]?.id ?? "", staff))).toMatchObject({
        _tag: "ImageGroupInUse",
      })
      // The seed's images have no file: the catalogue still reads them as before.
      const read = await loadImageGroups(db(), [group.id])
      expect(read.get(group.id)?.images.map((i) => i.url)).toEqual([
        "/images/prizes/cricket-bat.svg",
      ])
    })

    it("rolls the row and its audit entry back when the file store fails, and deletes shared bytes last", async () => {
      const before = await db()
        .selectFrom("images")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
      memory.filesDown = true
      expect(
        (
          await fail((i) =>
            i.upload({ files: [{ fileName: "x.png", bytes: PNG }], directory: "" }, staff),
          )
        )._tag,
      ).toBe("FileStoreError")
      memory.filesDown = false
      const after = await db()
        .selectFrom("images")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))

      const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4])
      const [first] = await uploadOf("one.png", bytes)
      const [second] = await uploadOf("two.png", bytes)
      expect(first?.fileKey).toBe(second?.fileKey)
      const key = first?.fileKey ?? ""
      await run((i) => i.remove(first?.id ?? "", staff))
      expect(memory.files.has(key)).toBe(true)
      memory.filesDown = true
      expect((await fail((i) => i.remove(second?.id ?? "", staff)))._tag).toBe("FileStoreError")
      memory.filesDown = false
      // Still there: the deletion rolled back with the store's failure.
      expect((await run((i) => i.image(second?.id ?? "", staff))).fileKey).toBe(key)
      await run((i) => i.remove(second?.id ?? "", staff))
      expect(memory.files.has(key)).toBe(false)
      expect((await fail((i) => i.image(second?.id ?? "", staff)))._tag).toBe("ImageNotFound")
    })

    it("answers a malformed id as an image that does not exist", async () => {
      expect((await fail((i) => i.image("not-a-uuid", staff)))._tag).toBe("ImageNotFound")
      expect((await fail((i) => i.removeGroup("not-a-uuid", staff)))._tag).toBe(
        "ImageGroupNotFound",
      )
    })
  })
