import { describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber } from "effect"
import type { FileStoreShape, StoredFile } from "../ports/file-store.js"
import type { ImageVariantsShape } from "../ports/image-variants.js"
import { VARIANT_WIDTHS, variantKeys } from "../rules/image-variants.js"
import { makeImageVariantFiles } from "./variant-files.js"

const ORIGINAL = `images/${"a".repeat(64)}.png`
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])

const memoryStore = (files = new Map<string, StoredFile>()) => {
  const puts: string[] = []
  const gets: string[] = []
  const store: FileStoreShape = {
    put: (key, bytes, contentType) =>
      Effect.sync(() => {
        puts.push(key)
        files.set(key, { bytes, contentType })
      }),
    get: (key) =>
      Effect.sync(() => {
        gets.push(key)
        return files.get(key) ?? null
      }),
    delete: (key) => Effect.sync(() => void files.delete(key)),
  }
  return { files, puts, gets, store }
}

/** Names what it made; `gate`, when given, holds every making until it is opened. */
const namingResizer = (originalWidth: number, gate?: Deferred.Deferred<void>) => {
  const made: string[] = []
  const variants: ImageVariantsShape = {
    clean: (upload) => Effect.succeed(upload),
    make: (_original, variant) =>
      Effect.gen(function* () {
        made.push(`${variant.format} ${variant.width}`)
        if (gate) yield* Deferred.await(gate)
        const width = Math.min(variant.width, originalWidth)
        return { bytes: new TextEncoder().encode(`${variant.format} ${width}`), width }
      }),
  }
  return { made, variants }
}

const text = (file: StoredFile | null | undefined) =>
  file ? new TextDecoder().decode(file.bytes) : null

describe("variants at upload", () => {
  it.effect("makes each width up to the original's once, sharing the bytes past it", () =>
    Effect.gen(function* () {
      const { store } = memoryStore()
      const resizer = namingResizer(1000)
      const all = yield* makeImageVariantFiles(store, resizer.variants).makeAll(ORIGINAL, PNG)
      expect(all.map((f) => f.key)).toEqual(variantKeys(ORIGINAL))
      // 320, 640, 960 and 1280 (which came out 1000 wide) are made; 1600 and 1920 reuse 1280's.
      expect(resizer.made).toEqual(
        ["avif", "webp"].flatMap((f) => [320, 640, 960, 1280].map((w) => `${f} ${w}`)),
      )
      const widths = all.map((f) => new TextDecoder().decode(f.bytes))
      expect(widths).toEqual(
        ["avif", "webp"].flatMap((f) => VARIANT_WIDTHS.map((w) => `${f} ${Math.min(w, 1000)}`)),
      )
      expect(all.map((f) => f.contentType)).toEqual([
        ...VARIANT_WIDTHS.map(() => "image/avif"),
        ...VARIANT_WIDTHS.map(() => "image/webp"),
      ])
    }),
  )

  it.effect("makes none for a GIF", () =>
    Effect.gen(function* () {
      const resizer = namingResizer(1000)
      const files = makeImageVariantFiles(memoryStore().store, resizer.variants)
      expect(yield* files.makeAll(`images/${"a".repeat(64)}.gif`, PNG)).toEqual([])
      expect(resizer.made).toEqual([])
    }),
  )
})

describe("variants on request", () => {
  it.effect("serves a stored variant as it is, without making it again", () =>
    Effect.gen(function* () {
      const key = `${ORIGINAL}.w640.webp`
      const { store } = memoryStore(
        new Map([[key, { bytes: new Uint8Array([7]), contentType: "image/webp" }]]),
      )
      const resizer = namingResizer(1000)
      const got = yield* makeImageVariantFiles(store, resizer.variants).get(key)
      expect(got?.bytes).toEqual(new Uint8Array([7]))
      expect(resizer.made).toEqual([])
    }),
  )

  it.effect("makes a missing one from its original, stores it, and is null without one", () =>
    Effect.gen(function* () {
      const { store, files } = memoryStore(
        new Map([[ORIGINAL, { bytes: PNG, contentType: "image/png" }]]),
      )
      const resizer = namingResizer(1000)
      const variantFiles = makeImageVariantFiles(store, resizer.variants)
      const key = `${ORIGINAL}.w640.avif`
      const got = yield* variantFiles.get(key)
      expect([text(got), got?.contentType]).toEqual(["avif 640", "image/avif"])
      expect(text(files.get(key))).toBe("avif 640")
      expect(yield* variantFiles.get(`images/${"b".repeat(64)}.png.w640.avif`)).toBeNull()
      // Not a variant: never made, whatever the store holds.
      expect(yield* variantFiles.get(ORIGINAL)).toBeNull()
      expect(yield* variantFiles.get(`${ORIGINAL}.w641.avif`)).toBeNull()
      expect(resizer.made).toEqual(["avif 640"])
    }),
  )

  it.effect("makes a variant asked for many times at once only once", () =>
    Effect.gen(function* () {
      const { store, puts, gets } = memoryStore(
        new Map([[ORIGINAL, { bytes: PNG, contentType: "image/png" }]]),
      )
      const gate = yield* Deferred.make<void>()
      const resizer = namingResizer(1000, gate)
      const variantFiles = makeImageVariantFiles(store, resizer.variants)
      const key = `${ORIGINAL}.w960.webp`
      const fiber = yield* Effect.fork(
        Effect.all(
          Array.from({ length: 5 }, () => variantFiles.get(key)),
          {
            concurrency: "unbounded",
          },
        ),
      )
      // Every request has found the variant missing before the first making ends.
      while (gets.filter((k) => k === key).length < 5) yield* Effect.yieldNow()
      yield* Effect.yieldNow()
      yield* Deferred.succeed(gate, undefined)
      const got = yield* Fiber.join(fiber)
      expect(got.map(text)).toEqual(Array.from({ length: 5 }, () => "webp 960"))
      expect(resizer.made).toEqual(["webp 960"])
      expect(puts).toEqual([key])
    }),
  )

  it.effect("tells a burst past its bound to come back, and resizes one at a time", () =>
    Effect.gen(function* () {
      const { store } = memoryStore(new Map([[ORIGINAL, { bytes: PNG, contentType: "image/png" }]]))
      const gate = yield* Deferred.make<void>()
      const resizer = namingResizer(1000, gate)
      const variantFiles = makeImageVariantFiles(store, resizer.variants, {
        resizing: 1,
        waiting: 2,
      })
      const first = yield* Effect.fork(variantFiles.get(`${ORIGINAL}.w320.webp`))
      const second = yield* Effect.fork(variantFiles.get(`${ORIGINAL}.w640.webp`))
      yield* Effect.yieldNow()
      const third = yield* Effect.flip(variantFiles.get(`${ORIGINAL}.w960.webp`))
      expect(third).toMatchObject({ _tag: "VariantsBusy" })
      // One permit: the second waits for the first to finish before it is begun.
      expect(resizer.made).toEqual(["webp 320"])
      yield* Deferred.succeed(gate, undefined)
      expect(text(yield* Fiber.join(first))).toBe("webp 320")
      expect(text(yield* Fiber.join(second))).toBe("webp 640")
      // Done: room again.
      expect(text(yield* variantFiles.get(`${ORIGINAL}.w960.webp`))).toBe("webp 960")
    }),
  )
})
