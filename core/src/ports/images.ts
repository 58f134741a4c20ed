import { Context, type Effect } from "effect"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"

/** An image of the library, as staff manage it. */
export interface LibraryImage {
  readonly id: string
  readonly url: string
  readonly description: string
  /** The position in its group; 0 outside one. */
  readonly sortOrder: number
  /** Null until staff put it in a group. */
  readonly imageGroupId: string | null
  /** Where its bytes are in the file store; null for an image known only by its URL (the seed's). */
  readonly fileKey: string | null
  readonly directory: string
  readonly contentType: string | null
  readonly byteSize: number | null
  readonly createdAt: Date | null
}

export interface NewImage {
  readonly url: string
  readonly description: string
  readonly fileKey: string
  readonly directory: string
  readonly contentType: string
  readonly byteSize: number
  readonly createdAt: Date
}

export interface StaffImageGroup {
  readonly id: string
  readonly name: string
  readonly description: string
  /** In their order. */
  readonly images: readonly LibraryImage[]
}

/** Who shows an image group: competitions and instant-win groups, by name. */
export interface ImageGroupUsers {
  readonly competitions: readonly string[]
  readonly instantWinGroups: readonly string[]
}

export interface ImageGroupFields {
  readonly name: string
  readonly description: string
}

/**
 * Images and image groups in the database. Writes run inside
 * `Transactions.within`; `lockFile` holds a lock on a file key until the
 * transaction ends, so an upload and the deletion of the last image with
 * the same bytes take turns (docs/decisions/0028).
 */
export interface ImageStoreShape {
  readonly listImages: (query: {
    readonly description?: string | undefined
    readonly page: PageRequest
  }) => Effect.Effect<Page<LibraryImage>, RepositoryError>
  readonly image: (imageId: string) => Effect.Effect<LibraryImage | null, RepositoryError>
  /** Locks the image's row until the transaction ends. */
  readonly lockImage: (imageId: string) => Effect.Effect<LibraryImage | null, RepositoryError>
  readonly insertImage: (image: NewImage) => Effect.Effect<LibraryImage, RepositoryError>
  readonly updateImage: (
    imageId: string,
    fields: { readonly description: string; readonly sortOrder: number },
  ) => Effect.Effect<void, RepositoryError>
  readonly removeImage: (imageId: string) => Effect.Effect<void, RepositoryError>
  readonly lockFile: (fileKey: string) => Effect.Effect<void, RepositoryError>
  /** How many images keep their bytes under the key. */
  readonly imagesWithFile: (fileKey: string) => Effect.Effect<number, RepositoryError>

  readonly listGroups: (query: {
    readonly name?: string | undefined
    readonly page: PageRequest
  }) => Effect.Effect<Page<StaffImageGroup>, RepositoryError>
  readonly group: (imageGroupId: string) => Effect.Effect<StaffImageGroup | null, RepositoryError>
  /** Locks the group's row until the transaction ends. */
  readonly lockGroup: (
    imageGroupId: string,
  ) => Effect.Effect<StaffImageGroup | null, RepositoryError>
  readonly insertGroup: (fields: ImageGroupFields) => Effect.Effect<string, RepositoryError>
  readonly updateGroup: (
    imageGroupId: string,
    fields: ImageGroupFields,
  ) => Effect.Effect<void, RepositoryError>
  /**
   * Makes `imageIds` the group's images in that order; images it held
   * before and no longer lists go back to the library (no group).
   */
  readonly setGroupImages: (
    imageGroupId: string,
    imageIds: readonly string[],
  ) => Effect.Effect<void, RepositoryError>
  /** Deletes the group; its images stay in the library. */
  readonly removeGroup: (imageGroupId: string) => Effect.Effect<void, RepositoryError>
  readonly groupUsers: (imageGroupId: string) => Effect.Effect<ImageGroupUsers, RepositoryError>
}
export class ImageStore extends Context.Tag("@howzat/core/ImageStore")<
  ImageStore,
  ImageStoreShape
>() {}
