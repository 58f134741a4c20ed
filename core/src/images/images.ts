import { sha256 } from "@noble/hashes/sha2.js"
import { bytesToHex } from "@noble/hashes/utils.js"
import { Context, Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import type { PageRequest } from "../competitions/model.js"
import type { AuditValue } from "../ports/audit-log.js"
import { now } from "../ports/clock.js"
import { FileStore } from "../ports/file-store.js"
import { ImageStore, type LibraryImage, type StaffImageGroup } from "../ports/images.js"
import { Transactions } from "../ports/transactions.js"
import { variantKeys } from "../rules/image-variants.js"
import {
  CONTENT_TYPES,
  directoryError,
  imageFileKey,
  MAX_FILES_PER_UPLOAD,
  MAX_IMAGE_DESCRIPTION,
  refusalMessage,
  refusalOf,
  sniffImage,
  validateImageFields,
  validateImageGroupFields,
} from "../rules/images.js"
import { auditor } from "../staff/audit.js"
import { authorize } from "../staff/permissions.js"
import {
  ImageGroupInUse,
  ImageGroupNotFound,
  ImageInvalid,
  ImageNotFound,
  ImagesRefused,
} from "./errors.js"
import { ImageVariantFiles, type MadeFile } from "./variant-files.js"

/** The settings an upload is judged and published by (IMAGE_MAX_BYTES; the server's /files route). */
export interface ImageUploadPolicyShape {
  readonly maxBytes: number
  /** The stable address the server serves a stored file at. */
  readonly urlOf: (fileKey: string) => string
}
export class ImageUploadPolicy extends Context.Tag("@howzat/core/ImageUploadPolicy")<
  ImageUploadPolicy,
  ImageUploadPolicyShape
>() {}

export interface UploadedFile {
  /** As the sender named it: only for messages and the default description. */
  readonly fileName: string
  readonly bytes: Uint8Array
}

export interface ImageUpload {
  readonly files: readonly UploadedFile[]
  readonly directory: string
  /** For every file; left out, each file's name without its extension. */
  readonly description?: string | undefined
}

export interface ImageGroupRequest {
  readonly name: string
  readonly description: string
  /** The group's images in order; left out on an update keeps them. */
  readonly imageIds?: readonly string[] | undefined
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

const invalid = (errors: object) =>
  Object.keys(errors).length > 0
    ? Effect.fail(new ImageInvalid({ errors: errors as Record<string, string> }))
    : Effect.void

const imageAudit = (image: LibraryImage): AuditValue => ({
  url: image.url,
  description: image.description,
  sortOrder: image.sortOrder,
  imageGroupId: image.imageGroupId,
  fileKey: image.fileKey,
  directory: image.directory,
})

const groupAudit = (group: StaffImageGroup): AuditValue => ({
  name: group.name,
  description: group.description,
  imageIds: group.images.map((image) => image.id),
})

const descriptionFrom = (fileName: string) =>
  fileName
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, MAX_IMAGE_DESCRIPTION)

/**
 * Staff's images and image groups (docs/decisions/0028). An upload is
 * judged whole before anything is stored: one bad file refuses the lot, so
 * a refusal leaves no row and no file. What is stored is each picture
 * re-encoded without its metadata, never the upload's bytes (0066). Bytes
 * are kept under their SHA-256, so an image's URL never shows other bytes,
 * and several images may share one file: a file goes only with the last
 * image that keeps it.
 */
export class Images extends Effect.Service<Images>()("@howzat/core/Images", {
  effect: Effect.gen(function* () {
    const store = yield* ImageStore
    const files = yield* FileStore
    const transactions = yield* Transactions
    const audit = yield* auditor
    const policy = yield* ImageUploadPolicy
    const variantFiles = yield* ImageVariantFiles

    const record = (
      by: Principal,
      action: string,
      subject: { type: string; id: string },
      before: AuditValue,
      after: AuditValue,
    ) => audit(by, { action, subject: subject, before, after })

    const existingImage = (imageId: string, lookup = store.image) =>
      Effect.flatMap(lookup(imageId), (image) =>
        image === null ? Effect.fail(new ImageNotFound({ imageId })) : Effect.succeed(image),
      )

    const existingGroup = (imageGroupId: string, lookup = store.group) =>
      Effect.flatMap(lookup(imageGroupId), (group) =>
        group === null
          ? Effect.fail(new ImageGroupNotFound({ imageGroupId }))
          : Effect.succeed(group),
      )

    const refuseIfShown = (imageGroupId: string) =>
      Effect.flatMap(store.groupUsers(imageGroupId), (users) =>
        users.competitions.length + users.instantWinGroups.length > 0
          ? Effect.fail(new ImageGroupInUse({ imageGroupId, users }))
          : Effect.void,
      )

    const listImages = (
      query: { readonly description?: string | undefined; readonly page: PageRequest },
      by: Principal,
    ) => Effect.zipRight(authorize(by, "ManageImages"), store.listImages(query))

    const image = (imageId: string, by: Principal) =>
      Effect.zipRight(authorize(by, "ManageImages"), existingImage(imageId))

    const upload = (request: ImageUpload, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageImages")
        if (request.files.length === 0)
          return yield* new ImageInvalid({
            errors: { files: "Choose at least one image to upload." },
          })
        if (request.files.length > MAX_FILES_PER_UPLOAD)
          return yield* new ImageInvalid({
            errors: { files: `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.` },
          })
        const directory = request.directory.trim()
        const directoryProblem = directoryError(directory)
        yield* invalid({
          ...(directoryProblem === undefined ? {} : { directory: directoryProblem }),
          ...validateImageFields({ description: request.description ?? "", sortOrder: 0 }),
        })
        const messages = request.files.flatMap((file) => {
          const refusal = refusalOf(file.bytes, policy.maxBytes)
          return refusal === null ? [] : [refusalMessage(file.fileName, refusal)]
        })
        if (messages.length > 0) return yield* new ImagesRefused({ messages })

        // The upload's own bytes are never stored: a phone photograph's EXIF holds where it was
        // taken. What is kept, named, measured and resized is the picture re-encoded upright
        // without metadata (docs/decisions/0066); a file the decoder cannot read is refused.
        const [unreadable, cleaned] = yield* Effect.partition(request.files, (file) => {
          // Checked above: every file is one of the kinds.
          const kind = sniffImage(file.bytes) ?? "png"
          return variantFiles.clean(file.bytes, kind).pipe(
            Effect.map((bytes) => ({ file, kind, bytes })),
            Effect.tapError((e) =>
              Effect.logWarning(`"${file.fileName}" refused: it could not be read`, e.cause),
            ),
            Effect.mapError(() => refusalMessage(file.fileName, { reason: "Unreadable" })),
          )
        })
        if (unreadable.length > 0) return yield* new ImagesRefused({ messages: unreadable })

        // Variants take seconds to make: before the transaction, so no row or lock waits on them.
        const prepared = yield* Effect.forEach(cleaned, ({ file, kind, bytes }) => {
          const fileKey = imageFileKey(bytesToHex(sha256(bytes)), kind)
          return variantFiles.makeAll(fileKey, bytes).pipe(
            // Unexpected of a picture just decoded; the original is still worth keeping, and
            // its variant URLs send the browser to it (decision 0049).
            Effect.catchAll((e) =>
              Effect.as(
                Effect.logWarning(`no variants for ${fileKey}: the picture could not be read`, e),
                [] as readonly MadeFile[],
              ),
            ),
            Effect.map((variants) => ({ file, kind, bytes, fileKey, variants })),
          )
        })

        const at = yield* now
        return yield* transactions.within(
          Effect.forEach(prepared, ({ file, kind, bytes, fileKey, variants }) =>
            Effect.gen(function* () {
              // Before the bytes: a deletion of the last image with them waits, or went first.
              yield* store.lockFile(fileKey)
              yield* files.put(fileKey, bytes, CONTENT_TYPES[kind])
              yield* Effect.forEach(
                variants,
                (variant) => files.put(variant.key, variant.bytes, variant.contentType),
                { concurrency: 4, discard: true },
              )
              const made = yield* store.insertImage({
                url: policy.urlOf(fileKey),
                description: request.description?.trim() || descriptionFrom(file.fileName),
                fileKey,
                directory,
                contentType: CONTENT_TYPES[kind],
                byteSize: bytes.length,
                createdAt: at,
              })
              yield* record(
                by,
                "Image.Create",
                { type: "Image", id: made.id },
                null,
                imageAudit(made),
              )
              return made
            }),
          ),
        )
      })

    const update = (
      imageId: string,
      fields: { readonly description: string; readonly sortOrder: number },
      by: Principal,
    ) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageImages")
        yield* invalid(validateImageFields(fields))
        return yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* existingImage(imageId, store.lockImage)
            yield* store.updateImage(before.id, {
              description: fields.description.trim(),
              sortOrder: fields.sortOrder,
            })
            const after = yield* existingImage(before.id)
            yield* record(
              by,
              "Image.Update",
              { type: "Image", id: before.id },
              imageAudit(before),
              imageAudit(after),
            )
            return after
          }),
        )
      })

    /** Refused while a competition or instant-win group shows the image's group. */
    const remove = (imageId: string, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageImages")
        yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* existingImage(imageId, store.lockImage)
            if (before.imageGroupId !== null) yield* refuseIfShown(before.imageGroupId)
            yield* store.removeImage(before.id)
            if (before.fileKey !== null) {
              yield* store.lockFile(before.fileKey)
              // Inside the transaction: if the store fails, the image is still there.
              if ((yield* store.imagesWithFile(before.fileKey)) === 0) {
                // Variants first: if the store fails half-way, the original is still there to remake them from.
                yield* Effect.forEach(variantKeys(before.fileKey), files.delete, {
                  concurrency: 4,
                  discard: true,
                })
                yield* files.delete(before.fileKey)
              }
            }
            yield* record(
              by,
              "Image.Delete",
              { type: "Image", id: before.id },
              imageAudit(before),
              null,
            )
          }),
        )
      })

    const listGroups = (
      query: { readonly name?: string | undefined; readonly page: PageRequest },
      by: Principal,
    ) => Effect.zipRight(authorize(by, "ManageImages"), store.listGroups(query))

    const group = (imageGroupId: string, by: Principal) =>
      Effect.zipRight(authorize(by, "ManageImages"), existingGroup(imageGroupId))

    /** Every listed image exists and is in no other group; moving one silently would change that group. */
    const checkImages = (imageGroupId: string | null, imageIds: readonly string[]) =>
      Effect.gen(function* () {
        for (const imageId of imageIds) {
          const found = yield* store.lockImage(imageId)
          if (found === null)
            return yield* new ImageInvalid({
              errors: { imageIds: `There is no image ${imageId}.` },
            })
          if (
            found.imageGroupId !== null &&
            (imageGroupId === null || !same(found.imageGroupId, imageGroupId))
          )
            return yield* new ImageInvalid({
              errors: {
                imageIds: `Image ${imageId} is in another group; take it out of that group first.`,
              },
            })
        }
      })

    const fieldsOf = (request: ImageGroupRequest) => ({
      name: request.name.trim(),
      description: request.description.trim(),
    })

    const createGroup = (request: ImageGroupRequest, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageImages")
        const imageIds = request.imageIds ?? []
        yield* invalid(validateImageGroupFields({ ...request, imageIds }))
        return yield* transactions.within(
          Effect.gen(function* () {
            yield* checkImages(null, imageIds)
            const id = yield* store.insertGroup(fieldsOf(request))
            yield* store.setGroupImages(id, imageIds)
            const made = yield* existingGroup(id)
            yield* record(
              by,
              "ImageGroup.Create",
              { type: "ImageGroup", id },
              null,
              groupAudit(made),
            )
            return made
          }),
        )
      })

    /** Reordering or changing a shown group's images is allowed: that is how staff change a gallery. */
    const updateGroup = (imageGroupId: string, request: ImageGroupRequest, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageImages")
        yield* invalid(validateImageGroupFields({ ...request, imageIds: request.imageIds ?? [] }))
        return yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* existingGroup(imageGroupId, store.lockGroup)
            yield* store.updateGroup(before.id, fieldsOf(request))
            if (request.imageIds !== undefined) {
              yield* checkImages(before.id, request.imageIds)
              yield* store.setGroupImages(before.id, request.imageIds)
            }
            const after = yield* existingGroup(before.id)
            yield* record(
              by,
              "ImageGroup.Update",
              { type: "ImageGroup", id: before.id },
              groupAudit(before),
              groupAudit(after),
            )
            return after
          }),
        )
      })

    /** Refused while shown; its images stay in the library. */
    const removeGroup = (imageGroupId: string, by: Principal) =>
      Effect.gen(function* () {
        yield* authorize(by, "ManageImages")
        yield* transactions.within(
          Effect.gen(function* () {
            const before = yield* existingGroup(imageGroupId, store.lockGroup)
            yield* refuseIfShown(before.id)
            yield* store.removeGroup(before.id)
            yield* record(
              by,
              "ImageGroup.Delete",
              { type: "ImageGroup", id: before.id },
              groupAudit(before),
              null,
            )
          }),
        )
      })

    return {
      listImages,
      image,
      upload,
      update,
      remove,
      listGroups,
      group,
      createGroup,
      updateGroup,
      removeGroup,
    }
  }),
}) {}
