import { Context, Data, Deferred, Effect, FiberId, Layer } from "effect"
import {
  FileStore,
  type FileStoreError,
  type FileStoreShape,
  type StoredFile,
} from "../ports/file-store.js"
import {
  type ImageUnreadable,
  type ImageVariantError,
  ImageVariants,
  type ImageVariantsShape,
} from "../ports/image-variants.js"
import {
  hasVariants,
  parseVariantKey,
  VARIANT_CONTENT_TYPES,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  type Variant,
  variantKey,
} from "../rules/image-variants.js"
import type { ImageKind } from "../rules/images.js"

/** Too many variants are waiting to be made: the caller should try again soon. */
export class VariantsBusy extends Data.TaggedError("VariantsBusy")<{ readonly key: string }> {}

export interface MadeFile {
  readonly key: string
  readonly bytes: Uint8Array
  readonly contentType: string
}

export type VariantFileFailure = FileStoreError | ImageVariantError | VariantsBusy

export interface ImageVariantFilesShape {
  /**
   * The upload re-encoded as the shop keeps it: upright, with no metadata
   * (ImageVariants.clean, docs/decisions/0066). It takes a resizing permit,
   * since it decodes and encodes a whole picture as a variant does.
   */
  readonly clean: (
    upload: Uint8Array,
    kind: ImageKind,
  ) => Effect.Effect<Uint8Array, ImageUnreadable>
  /**
   * Every variant of an original (none for one that gets none), for its
   * upload. A width past the original's is the original's width, so those
   * share the bytes of the first such variant instead of being made again.
   */
  readonly makeAll: (
    originalKey: string,
    original: Uint8Array,
  ) => Effect.Effect<readonly MadeFile[], ImageVariantError>
  /**
   * A variant's file: as stored, or made now from its original and stored
   * (an image uploaded before variants existed). Null when the key names no
   * variant or its original is not there. Requests for the same missing
   * variant share one making.
   */
  readonly get: (key: string) => Effect.Effect<StoredFile | null, VariantFileFailure>
}
export class ImageVariantFiles extends Context.Tag("@howzat/core/ImageVariantFiles")<
  ImageVariantFiles,
  ImageVariantFilesShape
>() {}

export interface VariantLimits {
  /** Pictures resized at once: each holds a core for a second or more. */
  readonly resizing: number
  /** Different variants waiting to be made on request; past it, VariantsBusy. */
  readonly waiting: number
}

/**
 * One resize at a time leaves the second core of a small server to
 * everything else; a burst of first requests (a page of new tiles) waits
 * behind it, and past 32 waiting variants is told to come back.
 */
export const DEFAULT_VARIANT_LIMITS: VariantLimits = { resizing: 1, waiting: 32 }

/** Variants in the file store beside their originals (docs/decisions/0049). */
export const makeImageVariantFiles = (
  files: FileStoreShape,
  variants: ImageVariantsShape,
  limits: VariantLimits = DEFAULT_VARIANT_LIMITS,
): ImageVariantFilesShape => {
  const permits = Effect.unsafeMakeSemaphore(limits.resizing)
  const make = (original: Uint8Array, variant: Variant) =>
    permits.withPermits(1)(variants.make(original, variant))
  const clean = (upload: Uint8Array, kind: ImageKind) =>
    permits.withPermits(1)(variants.clean(upload, kind))

  const makeAll = (originalKey: string, original: Uint8Array) =>
    Effect.gen(function* () {
      if (!hasVariants(originalKey)) return []
      const made: MadeFile[] = []
      for (const format of VARIANT_FORMATS) {
        let widest: Uint8Array | null = null
        for (const width of VARIANT_WIDTHS) {
          const key = variantKey(originalKey, { width, format }) ?? ""
          const bytes: Uint8Array =
            widest ??
            (yield* Effect.map(make(original, { width, format }), (v) => {
              if (v.width < width) widest = v.bytes
              return v.bytes
            }))
          made.push({ key, bytes, contentType: VARIANT_CONTENT_TYPES[format] })
        }
      }
      return made
    })

  const makeAndStore = (key: string, originalKey: string, variant: Variant) =>
    Effect.gen(function* () {
      const original = yield* files.get(originalKey)
      if (original === null) return null
      const made = yield* make(original.bytes, variant)
      const contentType = VARIANT_CONTENT_TYPES[variant.format]
      yield* files.put(key, made.bytes, contentType)
      return { bytes: made.bytes, contentType }
    })

  const making = new Map<string, Deferred.Deferred<StoredFile | null, VariantFileFailure>>()

  /** The first request for a missing variant makes it; the others wait for that one. */
  const shared = (key: string, originalKey: string, variant: Variant) =>
    Effect.suspend(() => {
      const already = making.get(key)
      if (already !== undefined) return Deferred.await(already)
      if (making.size >= limits.waiting) return Effect.fail(new VariantsBusy({ key }))
      const done = Deferred.unsafeMake<StoredFile | null, VariantFileFailure>(FiberId.none)
      making.set(key, done)
      return makeAndStore(key, originalKey, variant).pipe(
        Effect.exit,
        Effect.flatMap((exit) => {
          making.delete(key)
          return Effect.zipRight(Deferred.done(done, exit), exit)
        }),
        // A waiter must never be left hanging by an interrupted maker.
        Effect.uninterruptible,
      )
    })

  const get = (key: string) =>
    Effect.gen(function* () {
      const parsed = parseVariantKey(key)
      if (parsed === null) return null
      const stored = yield* files.get(key)
      if (stored !== null) return stored
      return yield* shared(key, parsed.originalKey, parsed.variant)
    })

  return { clean, makeAll, get }
}

export const ImageVariantFilesLive = Layer.effect(
  ImageVariantFiles,
  Effect.map(Effect.all([FileStore, ImageVariants]), ([files, variants]) =>
    makeImageVariantFiles(files, variants),
  ),
)
