import { randomUUID } from "node:crypto"
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises"
import path from "node:path"
import { FileStoreError, type FileStoreShape } from "@howzat/core/ports"
import { isFileKey } from "@howzat/core/rules"
import { Effect } from "effect"

/** Content types live beside the files, in a folder no key can name (keys start with a letter or digit). */
const META = ".content-types"

const isMissing = (cause: unknown) => (cause as NodeJS.ErrnoException)?.code === "ENOENT"

/**
 * Files in a folder (by default `.data/files`, beside the embedded
 * database), made on first use. A key is checked before it becomes a path,
 * so nothing outside the folder is ever read or written; a file is written
 * under a temporary name and renamed, so a reader never sees half of one.
 */
export const localFolderFileStore = (root: string): FileStoreShape => {
  const folder = path.resolve(root)
  const pathOf = (key: string) => path.join(folder, ...key.split("/"))
  const typePathOf = (key: string) => path.join(folder, META, ...key.split("/"))

  const attempt = <A>(
    operation: "put" | "get" | "delete",
    key: string,
    run: () => Promise<A>,
  ): Effect.Effect<A, FileStoreError> =>
    isFileKey(key)
      ? Effect.tryPromise({
          try: run,
          catch: (cause) => new FileStoreError({ operation, key, cause }),
        })
      : Effect.fail(new FileStoreError({ operation, key, cause: "not a file key" }))

  const writeAtomically = async (target: string, data: Uint8Array | string) => {
    await mkdir(path.dirname(target), { recursive: true })
    const temporary = `${target}.${randomUUID()}.partial`
    await writeFile(temporary, data)
    await rename(temporary, target)
  }

  return {
    put: (key, bytes, contentType) =>
      attempt("put", key, async () => {
        await writeAtomically(typePathOf(key), contentType)
        await writeAtomically(pathOf(key), bytes)
      }),
    get: (key) =>
      attempt("get", key, async () => {
        try {
          const [bytes, contentType] = await Promise.all([
            readFile(pathOf(key)),
            readFile(typePathOf(key), "utf8").catch((cause) =>
              isMissing(cause) ? "application/octet-stream" : Promise.reject(cause),
            ),
          ])
          return { bytes: new Uint8Array(bytes), contentType }
        } catch (cause) {
          if (isMissing(cause)) return null
          throw cause
        }
      }),
    delete: (key) =>
      attempt("delete", key, async () => {
        await rm(pathOf(key), { force: true })
        await rm(typePathOf(key), { force: true })
      }),
  }
}
