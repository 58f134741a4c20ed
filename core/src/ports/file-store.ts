import { Context, Data, type Effect } from "effect"

/** The bytes under a key, with the content type they were stored with. */
export interface StoredFile {
  readonly bytes: Uint8Array
  readonly contentType: string
}

/**
 * The store could not be reached or refused the operation: worth a retry,
 * never the caller's fault. `key` names the file, never its content.
 */
export class FileStoreError extends Data.TaggedError("FileStoreError")<{
  readonly operation: "put" | "get" | "delete"
  readonly key: string
  readonly cause: unknown
}> {}

/**
 * Where uploaded files live (decision 0028): a folder beside the embedded
 * database, or an S3-compatible bucket. Keys are paths of lower-case names
 * ("images/ab12….png"); `put` of an existing key replaces it, `delete` of a
 * missing key succeeds, `get` of a missing key is null.
 */
export interface FileStoreShape {
  readonly put: (
    key: string,
    bytes: Uint8Array,
    contentType: string,
  ) => Effect.Effect<void, FileStoreError>
  readonly get: (key: string) => Effect.Effect<StoredFile | null, FileStoreError>
  readonly delete: (key: string) => Effect.Effect<void, FileStoreError>
}
export class FileStore extends Context.Tag("@howzat/core/FileStore")<FileStore, FileStoreShape>() {}
