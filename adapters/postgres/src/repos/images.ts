import {
  type ImageGroupFields,
  ImageStore,
  type ImageStoreShape,
  type LibraryImage,
  type StaffImageGroup,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, ImagesTable } from "../schema"
import { runQuery } from "../transactions"
import { containsPattern, isUuid, normalisePage, pageOffset, toPage } from "./shared"

const toImage = (row: Selectable<ImagesTable>): LibraryImage => ({
  id: row.id,
  url: row.url,
  description: row.description,
  sortOrder: row.sortOrder,
  imageGroupId: row.imageGroupId,
  fileKey: row.fileKey,
  directory: row.directory,
  contentType: row.contentType,
  byteSize: row.byteSize,
  createdAt: row.createdAt,
})

const groupsWithImages = async (
  q: Kysely<Database>,
  groups: readonly { id: string; name: string; description: string }[],
): Promise<StaffImageGroup[]> => {
  if (groups.length === 0) return []
  const images = await q
    .selectFrom("images")
    .selectAll()
    .where(
      "imageGroupId",
      "in",
      groups.map((g) => g.id),
    )
    .orderBy("sortOrder")
    .orderBy("id")
    .execute()
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    images: images.filter((i) => i.imageGroupId === g.id).map(toImage),
  }))
}

/**
 * Images and image groups on Postgres. Ids come from URLs: a malformed one
 * is simply an image that does not exist. `lockFile` is a transaction-scoped
 * advisory lock on the key's hash, so an upload of some bytes and the
 * deletion of the last image with them never interleave (decision 0028).
 */
export const makeImageStore = (db: Kysely<Database>): ImageStoreShape => {
  const one = (operation: string, imageId: string, forUpdate: boolean) =>
    isUuid(imageId)
      ? runQuery(db, operation, async (q) => {
          const query = q.selectFrom("images").selectAll().where("id", "=", imageId)
          const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst()
          return row === undefined ? null : toImage(row)
        })
      : Effect.succeed(null)

  const oneGroup = (operation: string, imageGroupId: string, forUpdate: boolean) =>
    isUuid(imageGroupId)
      ? runQuery(db, operation, async (q) => {
          const query = q
            .selectFrom("imageGroups")
            .select(["id", "name", "description"])
            .where("id", "=", imageGroupId)
          const row = await (forUpdate ? query.forUpdate() : query).executeTakeFirst()
          return row === undefined ? null : ((await groupsWithImages(q, [row]))[0] ?? null)
        })
      : Effect.succeed(null)

  return {
    listImages: ({ description, page }) =>
      runQuery(db, "images.list", async (q) => {
        let filtered = q.selectFrom("images")
        if (description)
          filtered = filtered.where("description", "ilike", containsPattern(description))
        const { pageSize } = normalisePage(page)
        const [rows, count] = await Promise.all([
          filtered
            .selectAll()
            .orderBy("createdAt", "desc")
            .orderBy("id")
            .limit(pageSize)
            .offset(pageOffset(page))
            .execute(),
          filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        ])
        return toPage(page, rows.map(toImage), Number(count.n))
      }),
    image: (imageId) => one("images.byId", imageId, false),
    lockImage: (imageId) => one("images.lock", imageId, true),
    insertImage: (image) =>
      runQuery(db, "images.insert", async (q) =>
        toImage(
          await q
            .insertInto("images")
            .values({
              url: image.url,
              description: image.description,
              fileKey: image.fileKey,
              directory: image.directory,
              contentType: image.contentType,
              byteSize: image.byteSize,
              createdAt: image.createdAt,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
        ),
      ),
    updateImage: (imageId, fields) =>
      runQuery(db, "images.update", (q) =>
        q
          .updateTable("images")
          .set({ description: fields.description, sortOrder: fields.sortOrder })
          .where("id", "=", imageId)
          .execute(),
      ).pipe(Effect.asVoid),
    removeImage: (imageId) =>
      runQuery(db, "images.remove", (q) =>
        q.deleteFrom("images").where("id", "=", imageId).execute(),
      ).pipe(Effect.asVoid),
    lockFile: (fileKey) =>
      runQuery(db, "images.lockFile", (q) =>
        sql`select pg_advisory_xact_lock(hashtextextended(${`howzat-file:${fileKey}`}, 0))`.execute(
          q,
        ),
      ).pipe(Effect.asVoid),
    imagesWithFile: (fileKey) =>
      runQuery(db, "images.withFile", async (q) => {
        const row = await q
          .selectFrom("images")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("fileKey", "=", fileKey)
          .executeTakeFirstOrThrow()
        return Number(row.n)
      }),

    listGroups: ({ name, page }) =>
      runQuery(db, "imageGroups.list", async (q) => {
        let filtered = q.selectFrom("imageGroups")
        if (name) filtered = filtered.where("name", "ilike", containsPattern(name))
        const { pageSize } = normalisePage(page)
        const [rows, count] = await Promise.all([
          filtered
            .select(["id", "name", "description"])
            .orderBy("name")
            .orderBy("id")
            .limit(pageSize)
            .offset(pageOffset(page))
            .execute(),
          filtered.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
        ])
        return toPage(page, await groupsWithImages(q, rows), Number(count.n))
      }),
    group: (imageGroupId) => oneGroup("imageGroups.byId", imageGroupId, false),
    lockGroup: (imageGroupId) => oneGroup("imageGroups.lock", imageGroupId, true),
    insertGroup: (fields: ImageGroupFields) =>
      runQuery(db, "imageGroups.insert", async (q) => {
        const row = await q
          .insertInto("imageGroups")
          .values({ name: fields.name, description: fields.description })
          .returning("id")
          .executeTakeFirstOrThrow()
        return row.id
      }),
    updateGroup: (imageGroupId, fields) =>
      runQuery(db, "imageGroups.update", (q) =>
        q
          .updateTable("imageGroups")
          .set({ name: fields.name, description: fields.description })
          .where("id", "=", imageGroupId)
          .execute(),
      ).pipe(Effect.asVoid),
    setGroupImages: (imageGroupId, imageIds) =>
      runQuery(db, "imageGroups.setImages", async (q) => {
        const kept = imageIds.filter(isUuid)
        let dropped = q
          .updateTable("images")
          .set({ imageGroupId: null, sortOrder: 0 })
          .where("imageGroupId", "=", imageGroupId)
        if (kept.length > 0) dropped = dropped.where("id", "not in", kept)
        await dropped.execute()
        for (const [sortOrder, imageId] of kept.entries()) {
          await q
            .updateTable("images")
            .set({ imageGroupId, sortOrder })
            .where("id", "=", imageId)
            .execute()
        }
      }),
    removeGroup: (imageGroupId) =>
      runQuery(db, "imageGroups.remove", async (q) => {
        // The foreign key would take the images with the group: they belong to the library.
        await q
          .updateTable("images")
          .set({ imageGroupId: null, sortOrder: 0 })
          .where("imageGroupId", "=", imageGroupId)
          .execute()
        await q.deleteFrom("imageGroups").where("id", "=", imageGroupId).execute()
      }),
    groupUsers: (imageGroupId) =>
      runQuery(db, "imageGroups.users", async (q) => {
        const [competitions, instantWinGroups] = await Promise.all([
          q
            .selectFrom("competitions")
            .select("name")
            .where("imageGroupId", "=", imageGroupId)
            .orderBy("name")
            .execute(),
          q
            .selectFrom("instantWinGroups")
            .select("name")
            .where("imageGroupId", "=", imageGroupId)
            .orderBy("name")
            .execute(),
        ])
        return {
          competitions: competitions.map((c) => c.name),
          instantWinGroups: instantWinGroups.map((g) => g.name),
        }
      }),
  }
}

export const ImageStoreLive: Layer.Layer<ImageStore, never, Db> = Layer.effect(
  ImageStore,
  Effect.map(Db, makeImageStore),
)
