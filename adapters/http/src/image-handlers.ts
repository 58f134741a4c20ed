import { HttpApiBuilder, type Multipart } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import {
  BadRequest,
  Conflict,
  type Forbidden,
  type NotFound,
  notFound,
  problemType,
  ServiceUnavailable,
  type Unauthorized,
  validationProblem,
} from "@howzat/contracts/problems"
import { CurrentUser } from "@howzat/contracts/security"
import type { NotStaff, Principal } from "@howzat/core/accounts"
import type { RepositoryError } from "@howzat/core/competitions"
import {
  type ImageGroupInUse,
  type ImageGroupNotFound,
  type ImageInvalid,
  type ImageNotFound,
  Images,
  type ImagesRefused,
  ImageUploadPolicy,
  type UploadedFile,
} from "@howzat/core/images"
import type { FileStoreError, LibraryImage, StaffImageGroup } from "@howzat/core/ports"
import { MAX_FILES_PER_UPLOAD } from "@howzat/core/rules"
import { authorize } from "@howzat/core/staff"
import { Effect, Stream } from "effect"
import { repositoryProblem } from "./repository-problem"
import { notStaff } from "./staff-problems"

const imageToWire = (image: LibraryImage) => ({
  id: image.id,
  url: image.url,
  description: image.description,
  sortOrder: image.sortOrder,
  imageGroupId: image.imageGroupId,
  directory: image.directory,
  contentType: image.contentType,
  byteSize: image.byteSize,
  createdAt: image.createdAt,
})

const groupToWire = (group: StaffImageGroup) => ({
  id: group.id,
  name: group.name,
  description: group.description,
  images: group.images.map(imageToWire),
})

const invalid = (e: ImageInvalid) =>
  Effect.fail(
    validationProblem(Object.fromEntries(Object.entries(e.errors).map(([f, m]) => [f, [m]]))),
  )

/** Each refused file in its own sentence, naming it; `errors.files` lists them for a form. */
const refused = (e: ImagesRefused) =>
  Effect.fail(
    new BadRequest({
      type: problemType("image-refused"),
      title: "Image refused",
      detail: `Nothing was uploaded. ${e.messages.join(" ")}`,
      status: 400,
      errors: { files: [...e.messages] },
    }),
  )

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(", ")

const inUse = (e: ImageGroupInUse) =>
  Effect.fail(
    new Conflict({
      type: problemType("image-in-use"),
      title: "Image group in use",
      detail: [
        "The image group is shown by",
        [
          e.users.competitions.length > 0
            ? `the competition(s) ${quoted(e.users.competitions)}`
            : "",
          e.users.instantWinGroups.length > 0
            ? `the instant-win group(s) ${quoted(e.users.instantWinGroups)}`
            : "",
        ]
          .filter((s) => s !== "")
          .join(" and "),
        "- choose other images there first.",
      ].join(" "),
      status: 409,
    }),
  )

/** The bucket or folder failed: worth a retry, never the caller's fault. */
const fileStoreDown = (e: FileStoreError) =>
  Effect.zipRight(
    Effect.logWarning(`file store failed to ${e.operation} ${e.key}`, e.cause),
    Effect.fail(
      new ServiceUnavailable({
        type: problemType("service-unavailable"),
        title: "Service unavailable",
        detail: "The shop could not store or remove the file. Please try again soon.",
        status: 503,
      }),
    ),
  )

const unreadable = (e: Multipart.MultipartError) =>
  Effect.fail(
    validationProblem({
      files: [
        e.reason === "TooManyParts"
          ? `Upload at most ${MAX_FILES_PER_UPLOAD} images at a time.`
          : e.reason === "FieldTooLarge"
            ? "The description is too long."
            : "The upload could not be read: send the files as multipart/form-data.",
      ],
    }),
  )

type ImageFailure =
  | NotStaff
  | ImageNotFound
  | ImageGroupNotFound
  | ImageInvalid
  | ImagesRefused
  | ImageGroupInUse
  | FileStoreError
  | RepositoryError
  | Multipart.MultipartError

type ImageProblem = BadRequest | NotFound | Conflict | ServiceUnavailable | Unauthorized | Forbidden

const problemOf = (e: ImageFailure, principal: Principal): Effect.Effect<never, ImageProblem> => {
  switch (e._tag) {
    case "NotStaff":
      return notStaff(principal)
    case "ImageNotFound":
      return Effect.fail(notFound("Not Found", "no such image"))
    case "ImageGroupNotFound":
      return Effect.fail(notFound("Not Found", "no such image group"))
    case "ImageInvalid":
      return invalid(e)
    case "ImagesRefused":
      return refused(e)
    case "ImageGroupInUse":
      return inUse(e)
    case "FileStoreError":
      return fileStoreDown(e)
    case "RepositoryError":
      return repositoryProblem(e)
    case "MultipartError":
      return unreadable(e)
  }
}

/** A sender's file name, fit to quote in a message: no control characters, not too long. */
const displayName = (name: string, index: number) => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim()
  if (clean === "") return `file ${index + 1}`
  return clean.length > 100 ? `${clean.slice(0, 99)}…` : clean
}

interface Form {
  readonly files: UploadedFile[]
  description: string | undefined
  /** A file passed the limit: the rest of the body is not read. */
  stopped: boolean
}

/**
 * Reads the form's parts as they arrive. A file is read only to one byte
 * past the limit, enough for core to refuse it as too large; at that point
 * the rest of the request is left unread.
 */
const readForm = (
  parts: Stream.Stream<Multipart.Part, Multipart.MultipartError>,
  maxBytes: number,
) =>
  Stream.runFoldWhileEffect(
    parts,
    { files: [], description: undefined, stopped: false } as Form,
    (form) => !form.stopped && form.files.length <= MAX_FILES_PER_UPLOAD,
    (form, part) => {
      if (part._tag === "Field") {
        if (part.key === "description") form.description = part.value
        return Effect.succeed(form)
      }
      return Stream.runFoldWhile(
        part.content,
        { chunks: [] as Uint8Array[], size: 0 },
        (read) => read.size <= maxBytes,
        (read, chunk) => {
          read.chunks.push(chunk)
          read.size += chunk.length
          return read
        },
      ).pipe(
        Effect.map((read) => {
          const bytes = new Uint8Array(read.size)
          let at = 0
          for (const chunk of read.chunks) {
            bytes.set(chunk, at)
            at += chunk.length
          }
          form.files.push({
            fileName: displayName(part.name, form.files.length),
            bytes: read.size > maxBytes ? bytes.subarray(0, maxBytes + 1) : bytes,
          })
          if (read.size > maxBytes) form.stopped = true
          return form
        }),
      )
    },
  )

/** Runs a use case as the signed-in caller, answering each of its failures as a problem. */
const asStaff = <A, E extends ImageFailure>(use: (principal: Principal) => Effect.Effect<A, E>) =>
  Effect.flatMap(CurrentUser, (principal) =>
    use(principal).pipe(Effect.catchAll((e: ImageFailure) => problemOf(e, principal))),
  )

/** docs/product/api.md's Images. What may be uploaded, by whom, and what may go, is core's (Images). */
export const ImageHandlersLive = HttpApiBuilder.group(HowzatApi, "images", (handlers) =>
  Effect.gen(function* () {
    const images = yield* Images
    const policy = yield* ImageUploadPolicy
    return handlers
      .handle("list", ({ urlParams }) =>
        asStaff((principal) =>
          images.listImages(
            {
              description: urlParams.Description,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            },
            principal,
          ),
        ).pipe(Effect.map((page) => ({ images: page.items.map(imageToWire), ...pageInfo(page) }))),
      )
      .handle("upload", ({ urlParams, payload }) =>
        asStaff((principal) =>
          Effect.gen(function* () {
            // Staff only, before a byte of the body is read (core checks again).
            yield* authorize(principal, "ManageImages")
            const form = yield* readForm(payload, policy.maxBytes)
            return yield* images.upload(
              {
                files: form.files,
                directory: urlParams.directory ?? "",
                description: form.description,
              },
              principal,
            )
          }),
        ).pipe(Effect.map((made) => ({ images: made.map(imageToWire) }))),
      )
      .handle("byId", ({ path }) =>
        asStaff((principal) => images.image(path.imageId, principal)).pipe(
          Effect.map((image) => ({ image: imageToWire(image) })),
        ),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((principal) => images.update(path.imageId, payload, principal)).pipe(
          Effect.map((image) => ({ image: imageToWire(image) })),
        ),
      )
      .handle("delete", ({ path }) =>
        asStaff((principal) => images.remove(path.imageId, principal)).pipe(),
      )
  }),
)

/** docs/product/api.md's ImageGroups. */
export const ImageGroupHandlersLive = HttpApiBuilder.group(HowzatApi, "imageGroups", (handlers) =>
  Effect.gen(function* () {
    const images = yield* Images
    return handlers
      .handle("list", ({ urlParams }) =>
        asStaff((principal) =>
          images.listGroups(
            {
              name: urlParams.Name,
              page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            },
            principal,
          ),
        ).pipe(
          Effect.map((page) => ({ imageGroups: page.items.map(groupToWire), ...pageInfo(page) })),
        ),
      )
      .handle("create", ({ payload }) =>
        asStaff((principal) => images.createGroup(payload, principal)).pipe(
          Effect.map((group) => ({ imageGroup: groupToWire(group) })),
        ),
      )
      .handle("byId", ({ path }) =>
        asStaff((principal) => images.group(path.imageGroupId, principal)).pipe(
          Effect.map((group) => ({ imageGroup: groupToWire(group) })),
        ),
      )
      .handle("update", ({ path, payload }) =>
        asStaff((principal) => images.updateGroup(path.imageGroupId, payload, principal)).pipe(
          Effect.map((group) => ({ imageGroup: groupToWire(group) })),
        ),
      )
      .handle("delete", ({ path }) =>
        asStaff((principal) => images.removeGroup(path.imageGroupId, principal)).pipe(),
      )
  }),
)
