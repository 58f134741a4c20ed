import { Effect, Layer } from "effect"
import type { AuditEntry } from "../ports/audit-log.js"
import { FileStore, FileStoreError, type StoredFile } from "../ports/file-store.js"
import { ImageUnreadable, ImageVariantError, ImageVariants } from "../ports/image-variants.js"
import { type ImageGroupUsers, ImageStore, type LibraryImage } from "../ports/images.js"
import { Transactions } from "../ports/transactions.js"
import { auditLogOver } from "../staff/audit-log-doubles.js"
import { memoryPage } from "../testing/paging.js"
import { ImageUploadPolicy } from "./images.js"
import { ImageVariantFilesLive } from "./variant-files.js"

/** Every original the fake resizer is given is this wide: wider variants come out this wide. */
export const FAKE_ORIGINAL_WIDTH = 1000

/**
 * What the fake stands in for a picture's metadata with: its `clean` keeps
 * the bytes before this text and drops it and all after, as sharp drops a
 * photograph's EXIF. That real pictures lose theirs is held against sharp
 * (adapters/images); here, that what is stored is what `clean` gave.
 */
export const FAKE_METADATA = new TextEncoder().encode("<metadata>")

const indexOf = (bytes: Uint8Array, part: Uint8Array) => {
  for (let at = 0; at + part.length <= bytes.length; at++)
    if (part.every((b, i) => bytes[at + i] === b)) return at
  return -1
}

export interface MemoryImages {
  images: LibraryImage[]
  groups: { id: string; name: string; description: string }[]
  /** Who shows each group, by group id. */
  users: Record<string, ImageGroupUsers>
  audit: AuditEntry[]
  /** The file store: not rolled back with the database, as a real one is not. */
  files: Map<string, StoredFile>
  /** When set, the file store fails every call. */
  filesDown: boolean
  /** Variants the fake resizer made. */
  variantsMade: number
  /** When set, the fake cannot read any picture: uploads are refused, variants not made. */
  unreadablePictures: boolean
  /** When set, only making variants fails: pictures are still cleaned. */
  variantsFail: boolean
}

export const emptyImages = (): MemoryImages => ({
  images: [],
  groups: [],
  users: {},
  audit: [],
  files: new Map(),
  filesDown: false,
  variantsMade: 0,
  unreadablePictures: false,
  variantsFail: false,
})

/**
 * A resizer that names what it made instead of making it: "avif 640 of 11
 * bytes"; its clean copy is the upload up to FAKE_METADATA.
 */
export const fakeImageVariants = (state: MemoryImages) =>
  Layer.succeed(ImageVariants, {
    clean: (upload) =>
      state.unreadablePictures
        ? Effect.fail(new ImageUnreadable({ cause: "not a picture" }))
        : Effect.sync(() => {
            const at = indexOf(upload, FAKE_METADATA)
            return at < 0 ? upload : upload.slice(0, at)
          }),
    make: (original, variant) =>
      state.unreadablePictures || state.variantsFail
        ? Effect.fail(new ImageVariantError({ cause: "not a picture" }))
        : Effect.sync(() => {
            state.variantsMade += 1
            const width = Math.min(variant.width, FAKE_ORIGINAL_WIDTH)
            return {
              bytes: new TextEncoder().encode(
                `${variant.format} ${width} of ${original.length} bytes`,
              ),
              width,
            }
          }),
  })

let ids = 0
const newId = () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The image store, file store, audit log and a Transactions double that puts
 * the rows and the audit log back when the work fails, as a rollback would.
 */
export const memoryImages = (state: MemoryImages, maxBytes = 1024) => {
  const find = (imageId: string) => state.images.find((i) => same(i.id, imageId)) ?? null
  const groupOf = (imageGroupId: string) => {
    const group = state.groups.find((g) => same(g.id, imageGroupId))
    return group === undefined
      ? null
      : {
          ...group,
          images: state.images
            .filter((i) => i.imageGroupId === group.id)
            .sort((a, b) => a.sortOrder - b.sortOrder),
        }
  }

  const store = Layer.succeed(ImageStore, {
    listImages: ({ description, page: request }) =>
      Effect.sync(() =>
        memoryPage(
          request,
          state.images
            .filter(
              (i) =>
                description === undefined ||
                i.description.toLowerCase().includes(description.toLowerCase()),
            )
            // Newest first as Postgres sorts them: an image with no upload time first, then by id.
            .sort(
              (a, b) =>
                (b.createdAt?.getTime() ?? Number.POSITIVE_INFINITY) -
                  (a.createdAt?.getTime() ?? Number.POSITIVE_INFINITY) || byText(a.id, b.id),
            ),
        ),
      ),
    image: (imageId) => Effect.sync(() => find(imageId)),
    lockImage: (imageId) => Effect.sync(() => find(imageId)),
    insertImage: (image) =>
      Effect.sync(() => {
        const made: LibraryImage = { ...image, id: newId(), sortOrder: 0, imageGroupId: null }
        state.images.push(made)
        return made
      }),
    updateImage: (imageId, fields) =>
      Effect.sync(() => {
        state.images = state.images.map((i) => (same(i.id, imageId) ? { ...i, ...fields } : i))
      }),
    removeImage: (imageId) =>
      Effect.sync(() => {
        state.images = state.images.filter((i) => !same(i.id, imageId))
      }),
    lockFile: () => Effect.void,
    imagesWithFile: (fileKey) =>
      Effect.sync(() => state.images.filter((i) => i.fileKey === fileKey).length),
    listGroups: ({ name, page: request }) =>
      Effect.sync(() =>
        memoryPage(
          request,
          state.groups
            .filter((g) => name === undefined || g.name.toLowerCase().includes(name.toLowerCase()))
            .sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id))
            .flatMap((g) => groupOf(g.id) ?? []),
        ),
      ),
    group: (imageGroupId) => Effect.sync(() => groupOf(imageGroupId)),
    lockGroup: (imageGroupId) => Effect.sync(() => groupOf(imageGroupId)),
    insertGroup: (fields) =>
      Effect.sync(() => {
        const id = newId()
        state.groups.push({ id, ...fields })
        return id
      }),
    updateGroup: (imageGroupId, fields) =>
      Effect.sync(() => {
        state.groups = state.groups.map((g) => (same(g.id, imageGroupId) ? { ...g, ...fields } : g))
      }),
    setGroupImages: (imageGroupId, imageIds) =>
      Effect.sync(() => {
        state.images = state.images.map((i) => {
          const at = imageIds.findIndex((id) => same(id, i.id))
          if (at >= 0) return { ...i, imageGroupId, sortOrder: at }
          return i.imageGroupId === imageGroupId ? { ...i, imageGroupId: null, sortOrder: 0 } : i
        })
      }),
    removeGroup: (imageGroupId) =>
      Effect.sync(() => {
        state.groups = state.groups.filter((g) => !same(g.id, imageGroupId))
        state.images = state.images.map((i) =>
          i.imageGroupId === imageGroupId ? { ...i, imageGroupId: null, sortOrder: 0 } : i,
        )
      }),
    // By name, as Postgres lists them.
    groupUsers: (imageGroupId) =>
      Effect.sync(() => {
        const users = state.users[imageGroupId]
        return {
          competitions: [...(users?.competitions ?? [])].sort(byText),
          instantWinGroups: [...(users?.instantWinGroups ?? [])].sort(byText),
        }
      }),
  })

  const down = (operation: "put" | "get" | "delete", key: string) =>
    Effect.fail(new FileStoreError({ operation, key, cause: "the store is down" }))
  const files = Layer.succeed(FileStore, {
    put: (key, bytes, contentType) =>
      state.filesDown
        ? down("put", key)
        : Effect.sync(() => void state.files.set(key, { bytes, contentType })),
    get: (key) =>
      state.filesDown ? down("get", key) : Effect.sync(() => state.files.get(key) ?? null),
    delete: (key) =>
      state.filesDown ? down("delete", key) : Effect.sync(() => void state.files.delete(key)),
  })

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = structuredClone({
          images: state.images,
          groups: state.groups,
          audit: state.audit.length,
        })
        return effect.pipe(
          Effect.tapErrorCause(() =>
            Effect.sync(() => {
              state.images = before.images
              state.groups = before.groups
              state.audit.splice(before.audit)
            }),
          ),
        )
      }),
  })

  return Layer.mergeAll(
    store,
    files,
    ImageVariantFilesLive.pipe(Layer.provide(Layer.merge(files, fakeImageVariants(state)))),
    transactions,
    auditLogOver(state.audit),
    Layer.succeed(ImageUploadPolicy, { maxBytes, urlOf: (key) => `/files/${key}` }),
  )
}
