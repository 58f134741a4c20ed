import { describe, expect, it } from "@effect/vitest"
import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex } from "@noble/hashes/utils.js"
import { Effect, Layer } from "effect"
import type { Principal, Role } from "../accounts/model.js"
import { variantKeys } from "../rules/image-variants.js"
import { ImagesRefused } from "./errors.js"
import { Images } from "./images.js"
import { emptyImages, FAKE_METADATA, type MemoryImages, memoryImages } from "./test-doubles.js"

const as = (role: Role): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "customer-1" : null,
  email: `${role}@example.com`,
  name: role,
})
const staff = as("Staff")

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])
const GIF = new Uint8Array([...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0])
const TEXT = new TextEncoder().encode("not an image at all")
const pngKey = `images/${bytesToHex(sha256(PNG))}.png`

const run = <A, E>(state: MemoryImages, use: (images: Images) => Effect.Effect<A, E>) =>
  Effect.flatMap(Images, use).pipe(
    Effect.provide(Images.Default.pipe(Layer.provide(memoryImages(state, 64)))),
  )

const upload = (files: { fileName: string; bytes: Uint8Array }[], directory = "competitions") => ({
  files,
  directory,
})

describe("uploading images", () => {
  it.effect("stores each file under its SHA-256, with a row, a URL and an audit entry", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const made = yield* run(state, (i) =>
        i.upload(
          upload([
            { fileName: "Bat.png", bytes: PNG },
            { fileName: "ball.gif", bytes: GIF },
          ]),
          staff,
        ),
      )
      expect(made.map((m) => m.description)).toEqual(["Bat", "ball"])
      expect(made[0]).toMatchObject({
        url: `/files/${pngKey}`,
        fileKey: pngKey,
        contentType: "image/png",
        byteSize: PNG.length,
        directory: "competitions",
        imageGroupId: null,
      })
      expect(state.files.get(pngKey)?.contentType).toBe("image/png")
      expect(state.audit.map((a) => [a.action, a.before, a.actor.userId])).toEqual([
        ["Image.Create", null, "Staff-1"],
        ["Image.Create", null, "Staff-1"],
      ])
    }),
  )

  it.effect("refuses the whole upload for one bad file, naming it, and stores nothing", () =>
    Effect.gen(function* () {
      for (const bad of [
        { fileName: "notes.png", bytes: TEXT, says: '"notes.png" is not a JPEG' },
        {
          fileName: "huge.png",
          bytes: new Uint8Array([...PNG, ...new Uint8Array(64)]),
          says: '"huge.png" is larger than 64 bytes.',
        },
        { fileName: "empty.png", bytes: new Uint8Array(), says: '"empty.png" is empty.' },
      ]) {
        const state = emptyImages()
        const error = yield* Effect.flip(
          run(state, (i) => i.upload(upload([{ fileName: "good.png", bytes: PNG }, bad]), staff)),
        )
        expect(error._tag).toBe("ImagesRefused")
        if (error._tag === "ImagesRefused") expect(error.messages.join(" ")).toContain(bad.says)
        expect(state.images).toEqual([])
        expect(state.files.size).toBe(0)
        expect(state.audit).toEqual([])
      }
    }),
  )

  it.effect("refuses an upload with no file, too many, or a directory outside the rules", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const none = yield* Effect.flip(run(state, (i) => i.upload(upload([]), staff)))
      expect(none).toMatchObject({
        _tag: "ImageInvalid",
        errors: { files: "Choose at least one image to upload." },
      })
      const many = Array.from({ length: 11 }, (_, n) => ({ fileName: `${n}.png`, bytes: PNG }))
      expect(yield* Effect.flip(run(state, (i) => i.upload(upload(many), staff)))).toMatchObject({
        _tag: "ImageInvalid",
      })
      const climbing = yield* Effect.flip(
        run(state, (i) => i.upload(upload([{ fileName: "a.png", bytes: PNG }], "../etc"), staff)),
      )
      expect(climbing).toMatchObject({
        _tag: "ImageInvalid",
        errors: { directory: expect.any(String) },
      })
      expect(state.images).toEqual([])
    }),
  )

  it.effect("leaves no row and no audit entry when the file store fails", () =>
    Effect.gen(function* () {
      const state = { ...emptyImages(), filesDown: true }
      const error = yield* Effect.flip(
        run(state, (i) => i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff)),
      )
      expect(error._tag).toBe("FileStoreError")
      expect(state.images).toEqual([])
      expect(state.audit).toEqual([])
    }),
  )

  it.effect("is for staff only: a customer is refused before anything is read or stored", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const error = yield* Effect.flip(
        run(state, (i) => i.upload(upload([{ fileName: "a.png", bytes: PNG }]), as("Customer"))),
      )
      expect(error._tag).toBe("NotStaff")
      expect(
        yield* Effect.flip(
          run(state, (i) =>
            i.listImages({ page: { pageNumber: 1, pageSize: 20 } }, as("Customer")),
          ),
        ),
      ).toMatchObject({ _tag: "NotStaff" })
      expect(state.files.size).toBe(0)
    }),
  )
})

describe("what is stored of an upload (docs/decisions/0066)", () => {
  const withMetadata = (bytes: Uint8Array, metadata: string) =>
    new Uint8Array([...bytes, ...FAKE_METADATA, ...new TextEncoder().encode(metadata)])

  it.effect("is the clean copy, never the upload: named, measured and resized from it", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const sent = withMetadata(PNG, "GPS 51.5074 N, 0.1278 W")
      const [made] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "at home.png", bytes: sent }]), staff),
      )
      // The fake's clean copy of `sent` is PNG: so the key, the size and the bytes are PNG's.
      expect(made).toMatchObject({ fileKey: pngKey, url: `/files/${pngKey}`, byteSize: PNG.length })
      expect(state.files.get(pngKey)?.bytes).toEqual(PNG)
      expect(new TextDecoder().decode(state.files.get(`${pngKey}.w640.avif`)?.bytes)).toBe(
        `avif 640 of ${PNG.length} bytes`,
      )
      const everything = [...state.files.values()].map((f) => new TextDecoder().decode(f.bytes))
      expect(everything.filter((text) => text.includes("GPS"))).toEqual([])
    }),
  )

  it.effect("is one file for the same picture sent with different metadata", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const made = yield* run(state, (i) =>
        i.upload(
          upload([
            { fileName: "a.png", bytes: withMetadata(PNG, "taken Monday") },
            { fileName: "b.png", bytes: withMetadata(PNG, "taken Tuesday") },
          ]),
          staff,
        ),
      )
      expect(made.map((m) => m.fileKey)).toEqual([pngKey, pngKey])
      expect(state.files.size).toBe(1 + variantKeys(pngKey).length)
    }),
  )

  it.effect(
    "is nothing when the decoder cannot read a file: the upload is refused, naming it",
    () =>
      Effect.gen(function* () {
        const state = { ...emptyImages(), unreadablePictures: true }
        const error = yield* Effect.flip(
          run(state, (i) =>
            i.upload(
              upload([
                { fileName: "damaged.png", bytes: PNG },
                { fileName: "ball.gif", bytes: GIF },
              ]),
              staff,
            ),
          ),
        )
        expect(error).toEqual(
          new ImagesRefused({
            messages: [
              'We couldn\'t read "damaged.png" as a picture. Please upload a JPEG, PNG or WebP image.',
              'We couldn\'t read "ball.gif" as a picture. Please upload a JPEG, PNG or WebP image.',
            ],
          }),
        )
        expect(state.images).toEqual([])
        expect(state.files.size).toBe(0)
        expect(state.audit).toEqual([])
      }),
  )
})

describe("changing and deleting images", () => {
  it.effect("edits the description and sort order, with before and after in the audit log", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [made] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff),
      )
      const changed = yield* run(state, (i) =>
        i.update(made?.id ?? "", { description: "  The bat  ", sortOrder: 3 }, staff),
      )
      expect(changed).toMatchObject({ description: "The bat", sortOrder: 3 })
      const entry = state.audit.at(-1)
      expect(entry?.action).toBe("Image.Update")
      expect(entry?.before).toMatchObject({ description: "a", sortOrder: 0 })
      expect(entry?.after).toMatchObject({ description: "The bat", sortOrder: 3 })
      const missing = yield* Effect.flip(
        run(state, (i) =>
          i.update(
            "00000000-0000-4000-8000-ffffffffffff",
            { description: "", sortOrder: 0 },
            staff,
          ),
        ),
      )
      expect(missing._tag).toBe("ImageNotFound")
    }),
  )

  it.effect("keeps shared bytes until the last image that keeps them is deleted", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [first] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff),
      )
      const [second] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "b.png", bytes: PNG }]), staff),
      )
      yield* run(state, (i) => i.remove(first?.id ?? "", staff))
      expect(state.files.has(pngKey)).toBe(true)
      yield* run(state, (i) => i.remove(second?.id ?? "", staff))
      expect(state.files.has(pngKey)).toBe(false)
      expect(state.images).toEqual([])
      expect(state.audit.at(-1)).toMatchObject({ action: "Image.Delete", after: null })
    }),
  )

  it.effect(
    "keeps the image when its file cannot be deleted, so nothing points at missing bytes",
    () =>
      Effect.gen(function* () {
        const state = emptyImages()
        const [made] = yield* run(state, (i) =>
          i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff),
        )
        state.filesDown = true
        const error = yield* Effect.flip(run(state, (i) => i.remove(made?.id ?? "", staff)))
        expect(error._tag).toBe("FileStoreError")
        expect(state.images).toHaveLength(1)
        expect(state.audit.map((a) => a.action)).toEqual(["Image.Create"])
      }),
  )

  it.effect("refuses to delete an image while a competition shows its group", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [made] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff),
      )
      const group = yield* run(state, (i) =>
        i.createGroup({ name: "Bat", description: "", imageIds: [made?.id ?? ""] }, staff),
      )
      state.users[group.id] = { competitions: ["Signed Bat"], instantWinGroups: [] }
      const error = yield* Effect.flip(run(state, (i) => i.remove(made?.id ?? "", staff)))
      expect(error).toMatchObject({
        _tag: "ImageGroupInUse",
        users: { competitions: ["Signed Bat"] },
      })
      expect(state.files.has(pngKey)).toBe(true)
      // Out of use, it goes.
      state.users[group.id] = { competitions: [], instantWinGroups: [] }
      yield* run(state, (i) => i.remove(made?.id ?? "", staff))
      expect(state.images).toEqual([])
    }),
  )
})

describe("variants of uploaded photographs (decision 0049)", () => {
  it.effect("are made at upload and stored beside the original; a GIF gets none", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      yield* run(state, (i) =>
        i.upload(
          upload([
            { fileName: "a.png", bytes: PNG },
            { fileName: "b.gif", bytes: GIF },
          ]),
          staff,
        ),
      )
      const stored = [...state.files.keys()]
      for (const key of variantKeys(pngKey)) expect(stored).toContain(key)
      expect(new TextDecoder().decode(state.files.get(`${pngKey}.w640.avif`)?.bytes)).toBe(
        `avif 640 of ${PNG.length} bytes`,
      )
      expect(state.files.get(`${pngKey}.w640.webp`)?.contentType).toBe("image/webp")
      expect(stored).toHaveLength(2 + variantKeys(pngKey).length)
    }),
  )

  it.effect("an original whose variants cannot be made is still uploaded, with none", () =>
    Effect.gen(function* () {
      const state = { ...emptyImages(), variantsFail: true }
      const [made] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff),
      )
      expect(made?.fileKey).toBe(pngKey)
      expect([...state.files.keys()]).toEqual([pngKey])
    }),
  )

  it.effect("go with the last image that keeps the original's bytes, not before", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [first] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "a.png", bytes: PNG }]), staff),
      )
      const [second] = yield* run(state, (i) =>
        i.upload(upload([{ fileName: "again.png", bytes: PNG }]), staff),
      )
      yield* run(state, (i) => i.remove(first?.id ?? "", staff))
      expect(state.files.size).toBe(1 + variantKeys(pngKey).length)
      yield* run(state, (i) => i.remove(second?.id ?? "", staff))
      expect([...state.files.keys()]).toEqual([])
    }),
  )
})

describe("image groups", () => {
  const twoImages = (state: MemoryImages) =>
    run(state, (i) =>
      i.upload(
        upload([
          { fileName: "a.png", bytes: PNG },
          { fileName: "b.gif", bytes: GIF },
        ]),
        staff,
      ),
    )

  it.effect("hold images in the order given, and reorder, drop and keep them on update", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [a, b] = yield* twoImages(state)
      const ids = [b?.id ?? "", a?.id ?? ""]
      const group = yield* run(state, (i) =>
        i.createGroup({ name: " Bat ", description: "The prize", imageIds: ids }, staff),
      )
      expect(group.name).toBe("Bat")
      expect(group.images.map((i) => i.id)).toEqual(ids)
      const renamed = yield* run(state, (i) =>
        i.updateGroup(group.id, { name: "Bats", description: "" }, staff),
      )
      expect(renamed.images.map((i) => i.id)).toEqual(ids)
      const fewer = yield* run(state, (i) =>
        i.updateGroup(group.id, { name: "Bats", description: "", imageIds: [a?.id ?? ""] }, staff),
      )
      expect(fewer.images.map((i) => i.id)).toEqual([a?.id])
      // Dropped from the group, kept in the library.
      expect(state.images.find((i) => i.id === b?.id)?.imageGroupId).toBeNull()
      expect(state.audit.map((e) => e.action)).toEqual([
        "Image.Create",
        "Image.Create",
        "ImageGroup.Create",
        "ImageGroup.Update",
        "ImageGroup.Update",
      ])
      expect(state.audit.at(-1)?.before).toMatchObject({ imageIds: ids })
      expect(state.audit.at(-1)?.after).toMatchObject({ imageIds: [a?.id] })
    }),
  )

  it.effect("refuse an unknown image, or one another group holds, and change nothing", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [a] = yield* twoImages(state)
      yield* run(state, (i) =>
        i.createGroup({ name: "One", description: "", imageIds: [a?.id ?? ""] }, staff),
      )
      const taken = yield* Effect.flip(
        run(state, (i) =>
          i.createGroup({ name: "Two", description: "", imageIds: [a?.id ?? ""] }, staff),
        ),
      )
      expect(taken).toMatchObject({
        _tag: "ImageInvalid",
        errors: { imageIds: expect.stringContaining("another group") },
      })
      const unknown = yield* Effect.flip(
        run(state, (i) =>
          i.createGroup(
            { name: "Two", description: "", imageIds: ["00000000-0000-4000-8000-ffffffffffff"] },
            staff,
          ),
        ),
      )
      expect(unknown).toMatchObject({ _tag: "ImageInvalid" })
      expect(state.groups.map((g) => g.name)).toEqual(["One"])
    }),
  )

  it.effect("are deleted only when nothing shows them, and their images stay", () =>
    Effect.gen(function* () {
      const state = emptyImages()
      const [a] = yield* twoImages(state)
      const group = yield* run(state, (i) =>
        i.createGroup({ name: "One", description: "", imageIds: [a?.id ?? ""] }, staff),
      )
      state.users[group.id] = { competitions: [], instantWinGroups: ["Match ball"] }
      expect(yield* Effect.flip(run(state, (i) => i.removeGroup(group.id, staff)))).toMatchObject({
        _tag: "ImageGroupInUse",
      })
      state.users[group.id] = { competitions: [], instantWinGroups: [] }
      yield* run(state, (i) => i.removeGroup(group.id, staff))
      expect(state.groups).toEqual([])
      expect(state.images).toHaveLength(2)
      expect(state.audit.at(-1)).toMatchObject({ action: "ImageGroup.Delete", after: null })
      expect(yield* Effect.flip(run(state, (i) => i.group(group.id, staff)))).toMatchObject({
        _tag: "ImageGroupNotFound",
      })
    }),
  )
})
