import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { localFolderFileStore } from "./local-folder"

const parent = mkdtempSync(path.join(tmpdir(), "howzat-files-"))
afterAll(() => rmSync(parent, { recursive: true, force: true }))

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1])
const KEY = `images/${"cd".repeat(32)}.png`

describe("the local-folder file store", () => {
  it.effect("makes its folder on first use, and gives back bytes and content type", () =>
    Effect.gen(function* () {
      const root = path.join(parent, "not-yet", "files")
      const store = localFolderFileStore(root)
      expect(yield* store.get(KEY)).toBeNull()
      yield* store.put(KEY, PNG, "image/png")
      expect(existsSync(path.join(root, "images"))).toBe(true)
      expect(yield* store.get(KEY)).toEqual({ bytes: PNG, contentType: "image/png" })
      // No half-written file is left beside it.
      expect(readdirSync(path.join(root, "images"))).toEqual([`${"cd".repeat(32)}.png`])
    }),
  )

  it.effect("replaces on put, and deletes (a missing file too)", () =>
    Effect.gen(function* () {
      const store = localFolderFileStore(path.join(parent, "replace"))
      yield* store.put(KEY, PNG, "image/png")
      yield* store.put(KEY, new Uint8Array([1, 2]), "image/gif")
      expect(yield* store.get(KEY)).toEqual({
        bytes: new Uint8Array([1, 2]),
        contentType: "image/gif",
      })
      yield* store.delete(KEY)
      yield* store.delete(KEY)
      expect(yield* store.get(KEY)).toBeNull()
    }),
  )

  it.effect("never reads or writes outside its folder", () =>
    Effect.gen(function* () {
      const store = localFolderFileStore(path.join(parent, "inside"))
      for (const key of [
        "../outside.png",
        "images/../../outside.png",
        "/etc/passwd",
        ".content-types/x",
      ]) {
        const error = yield* Effect.flip(store.put(key, PNG, "image/png"))
        expect(error).toMatchObject({ _tag: "FileStoreError", cause: "not a file key" })
      }
      expect(existsSync(path.join(parent, "outside.png"))).toBe(false)
    }),
  )

  it.effect("fails, rather than pretending, when the folder cannot be made", () =>
    Effect.gen(function* () {
      // A file where the folder should be: no permission trick, which root would ignore.
      const blocker = path.join(parent, "a-file")
      writeFileSync(blocker, "not a folder")
      const store = localFolderFileStore(path.join(blocker, "files"))
      expect(yield* Effect.flip(store.put(KEY, PNG, "image/png"))).toMatchObject({
        _tag: "FileStoreError",
        operation: "put",
      })
    }),
  )
})
