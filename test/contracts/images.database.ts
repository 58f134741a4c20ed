import type { Principal } from "@howzat/core/accounts"
import { Images } from "@howzat/core/images"
import { AuditLog, ImageStore, Transactions } from "@howzat/core/ports"
import { emptyImages, memoryImages } from "@howzat/core/testing"
import { makeCompetitionRepo } from "@howzat/postgres"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  createCompetition,
  makeAuditLog,
  makeImageStore,
  makeTransactions,
  newCompetition,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import { describe, expect, it } from "vitest"
import type { ContractDatabase } from "./harness"
import { useDatabase } from "./harness"
import type { ImagesWorld } from "./images.contract"

/**
 * The images contract's world on a real database (PGlite or PostgreSQL):
 * a competition, or an instant-win group of one, pointing at the group.
 */
export const imagesOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ImagesWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.succeed(ImageStore, makeImageStore(db)),
      shownBy: async (imageGroupId, user) => {
        if ("competition" in user) {
          const id = await competitionOnSale(db, { name: user.competition })
          await db.updateTable("competitions").set({ imageGroupId }).where("id", "=", id).execute()
          return
        }
        const competitionId = await competitionOnSale(db, {
          instantWinGroups: [{ name: user.instantWinGroup, imageUrls: [], ticketNumbers: [1] }],
        })
        await db
          .updateTable("instantWinGroups")
          .set({ imageGroupId })
          .where("competitionId", "=", competitionId)
          .execute()
      },
      close,
    }
  }

const staff: Principal = {
  userId: "5a0b7c2e-8f5e-4b8a-9d61-3b2f0c1d9e01",
  role: "Staff",
  customerId: null,
  email: "staff@howzat.example",
  name: "Sam",
}
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9])

/**
 * What only the database shows of images, through core's use case with an
 * in-memory file store: the seed's images, known by their URL only, and
 * the rows rolling back with a file store that fails.
 */
export const imagesDatabaseFacts = (name: string, open: () => Promise<ContractDatabase>) =>
  describe(name, () => {
    const db = useDatabase(open)
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
    const uploadOf = (fileName: string, bytes: Uint8Array) =>
      run((i) => i.upload({ files: [{ fileName, bytes }], directory: "competitions" }, staff))

    it("refuses to delete a group a competition shows, or an image in it, naming the competition", async () => {
      const competitionId = await createCompetition(
        db(),
        newCompetition({
          name: "Signed Ashes Bat",
          imageUrls: ["/images/prizes/cricket-bat.svg"],
        }),
      )
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
      const read = await Effect.runPromise(
        makeCompetitionRepo(db()).byId(competitionId, { visibleOnly: true }),
      )
      expect(read.imageGroup?.id).toBe(group.id)
      expect(read.imageGroup?.images.map((i) => i.url)).toEqual(["/images/prizes/cricket-bat.svg"])
    })

    it("rolls the row and its audit entry back when the file store fails, and deletes shared bytes last", async () => {
      const counts = async () => {
        const images = await db()
          .selectFrom("images")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
        const entries = await db()
          .selectFrom("auditLog")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("action", "=", "Image.Create")
          .executeTakeFirstOrThrow()
        return [Number(images.n), Number(entries.n)]
      }
      const before = await counts()
      memory.filesDown = true
      expect(
        (
          await fail((i) =>
            i.upload({ files: [{ fileName: "x.png", bytes: PNG }], directory: "" }, staff),
          )
        )._tag,
      ).toBe("FileStoreError")
      memory.filesDown = false
      expect(await counts()).toEqual(before)

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
  })
