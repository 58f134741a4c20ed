import { randomUUID } from "node:crypto"
import { ImageStore, type ImageStoreShape, type NewImage } from "@howzat/core/ports"
import { Effect, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** An ImageStore to test, and what shows an image group: a competition or an instant-win group. */
export interface ImagesWorld {
  readonly layer: Layer.Layer<ImageStore>
  readonly shownBy: (
    imageGroupId: string,
    user: { readonly competition: string } | { readonly instantWinGroup: string },
  ) => Promise<void>
  readonly close: () => Promise<void>
}

let uploads = 0
const newImage = (description: string, overrides: Partial<NewImage> = {}): NewImage => {
  uploads += 1
  const fileKey = `images/${String(uploads).padStart(64, "0")}.png`
  return {
    url: `/files/${fileKey}`,
    description,
    fileKey,
    directory: "competitions",
    contentType: "image/png",
    byteSize: 10,
    createdAt: new Date(Date.UTC(2026, 10, 25, 9, 0, uploads)),
    ...overrides,
  }
}
const page = (pageNumber = 1, pageSize = 10) => ({ pageNumber, pageSize })

/**
 * The ImageStore port's contract (decision 0028), run on the in-memory
 * adapter and on PGlite and PostgreSQL: images kept as uploaded, listed
 * newest first by any part of their description, a group's images in the
 * order given, dropped ones back in the library, a group's removal leaving
 * its images, who shows a group, and the count of images sharing a file's
 * bytes.
 */
export const imagesContract = (name: string, open: () => Promise<ImagesWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: ImagesWorld
    const run = <A, E>(use: (store: ImageStoreShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(ImageStore, use).pipe(Effect.provide(world.layer)))
    const insert = (image: NewImage) => run((store) => store.insertImage(image))

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("keeps an image as uploaded, in the library, found by id in any case", async () => {
      const uploaded = newImage("Signed bat")
      const made = await insert(uploaded)
      expect(made).toEqual({ ...uploaded, id: made.id, sortOrder: 0, imageGroupId: null })
      expect(await run((store) => store.image(made.id))).toEqual(made)
      expect(await run((store) => store.image(made.id.toUpperCase()))).toEqual(made)
      expect(await run((store) => store.lockImage(made.id))).toEqual(made)
      expect(await run((store) => store.image(randomUUID()))).toBeNull()
      expect(await run((store) => store.image("not-a-uuid"))).toBeNull()
      expect(await run((store) => store.lockImage("not-a-uuid"))).toBeNull()
    })

    it("lists newest first by any part of the description, literally, a page at a time", async () => {
      const token = `Zq${randomUUID().slice(0, 6)}`
      const older = await insert(newImage(`${token} match ball`))
      const newer = await insert(newImage(`Old ${token} BAT`))
      const list = (description: string | undefined, pageNumber = 1, pageSize = 10) =>
        run((store) => store.listImages({ description, page: page(pageNumber, pageSize) }))
      const both = await list(token.toLowerCase())
      expect(both.totalCount).toBe(2)
      expect(both.items.map((i) => i.id)).toEqual([newer.id, older.id])
      expect((await list(`${token} cup`)).items).toEqual([])
      expect((await list(`OLD ${token}`)).items.map((i) => i.id)).toEqual([newer.id])
      // % and _ are characters to look for, not wildcards.
      expect((await list(`${token}%`)).totalCount).toBe(0)
      expect((await list(`${token.slice(0, 2)}_`)).totalCount).toBe(0)
      const second = await list(token, 2, 1)
      expect(second).toMatchObject({ pageNumber: 2, pageSize: 1, totalCount: 2 })
      expect(second.items.map((i) => i.id)).toEqual([older.id])
      const all = await list(undefined, 1, 1)
      expect(all.totalCount).toBeGreaterThanOrEqual(2)
      expect(all.items).toHaveLength(1)
    })

    it("changes an image's description and order, counts images sharing bytes, and removes one", async () => {
      const shared = newImage("first")
      const first = await insert(shared)
      const second = await insert(newImage("second", { fileKey: shared.fileKey, url: shared.url }))
      expect(await run((store) => store.imagesWithFile(shared.fileKey))).toBe(2)
      await run((store) => store.updateImage(first.id, { description: "renamed", sortOrder: 3 }))
      expect(await run((store) => store.image(first.id))).toMatchObject({
        description: "renamed",
        sortOrder: 3,
        fileKey: shared.fileKey,
      })
      await run((store) => store.removeImage(first.id))
      expect(await run((store) => store.image(first.id))).toBeNull()
      expect(await run((store) => store.imagesWithFile(shared.fileKey))).toBe(1)
      await run((store) => store.lockFile(shared.fileKey))
      await run((store) => store.removeImage(second.id))
      expect(await run((store) => store.imagesWithFile(shared.fileKey))).toBe(0)
    })

    it("orders a group's images, sends dropped ones back to the library, and keeps them when the group goes", async () => {
      const a = await insert(newImage("a"))
      const b = await insert(newImage("b"))
      const c = await insert(newImage("c"))
      const groupId = await run((store) => store.insertGroup({ name: "Gallery", description: "" }))
      await run((store) => store.setGroupImages(groupId, [b.id, a.id, c.id]))
      const group = await run((store) => store.group(groupId))
      expect(group).toMatchObject({ id: groupId, name: "Gallery", description: "" })
      expect(group?.images.map((i) => [i.id, i.sortOrder, i.imageGroupId])).toEqual([
        [b.id, 0, groupId],
        [a.id, 1, groupId],
        [c.id, 2, groupId],
      ])
      await run((store) => store.updateGroup(groupId, { name: "Gallery 2", description: "d" }))
      await run((store) => store.setGroupImages(groupId, [c.id, a.id]))
      const reordered = await run((store) => store.lockGroup(groupId))
      expect(reordered).toMatchObject({ name: "Gallery 2", description: "d" })
      expect(reordered?.images.map((i) => i.id)).toEqual([c.id, a.id])
      expect(await run((store) => store.image(b.id))).toMatchObject({ imageGroupId: null })
      expect(await run((store) => store.groupUsers(groupId))).toEqual({
        competitions: [],
        instantWinGroups: [],
      })
      await run((store) => store.removeGroup(groupId))
      expect(await run((store) => store.group(groupId))).toBeNull()
      expect((await run((store) => store.image(a.id)))?.imageGroupId).toBeNull()
      expect((await run((store) => store.image(c.id)))?.imageGroupId).toBeNull()
      expect(await run((store) => store.group("not-a-uuid"))).toBeNull()
      expect(await run((store) => store.lockGroup("not-a-uuid"))).toBeNull()
      expect(await run((store) => store.lockGroup(randomUUID()))).toBeNull()
    })

    it("names the competitions and instant-win groups showing a group, by name", async () => {
      const shown = await run((store) => store.insertGroup({ name: "Shown", description: "" }))
      const idle = await run((store) => store.insertGroup({ name: "Idle", description: "" }))
      await world.shownBy(shown, { competition: "Signed Ashes Bat" })
      await world.shownBy(shown, { instantWinGroup: "Match ball" })
      await world.shownBy(shown, { competition: "Another Bat" })
      expect(await run((store) => store.groupUsers(shown))).toEqual({
        competitions: ["Another Bat", "Signed Ashes Bat"],
        instantWinGroups: ["Match ball"],
      })
      expect(await run((store) => store.groupUsers(idle))).toEqual({
        competitions: [],
        instantWinGroups: [],
      })
    })

    it("lists groups by name, in any case, with their images", async () => {
      const token = `gr${randomUUID().slice(0, 6)}`
      const image = await insert(newImage("in a group"))
      const later = await run((store) => store.insertGroup({ name: `${token} b`, description: "" }))
      const earlier = await run((store) =>
        store.insertGroup({ name: `${token} a`, description: "first" }),
      )
      await run((store) => store.setGroupImages(later, [image.id]))
      const listed = await run((store) =>
        store.listGroups({ name: token.toUpperCase(), page: page() }),
      )
      expect(listed.totalCount).toBe(2)
      expect(listed.items.map((g) => [g.id, g.images.map((i) => i.id)])).toEqual([
        [earlier, []],
        [later, [image.id]],
      ])
      const second = await run((store) => store.listGroups({ name: token, page: page(2, 1) }))
      expect(second.items.map((g) => g.id)).toEqual([later])
    })
  })
