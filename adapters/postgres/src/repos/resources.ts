import { ResourceNotFound } from "@howzat/core/competitions"
import {
  ResourceRepo,
  type ResourceRepoShape,
  ResourceWriter,
  type ResourceWriterShape,
} from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { attempt } from "./shared"

export const makeResourceRepo = (db: Kysely<Database>): ResourceRepoShape => ({
  byKey: (key) =>
    Effect.flatMap(
      attempt("resources.byKey", () =>
        db.selectFrom("resources").select("value").where("key", "=", key).executeTakeFirst(),
      ),
      (row) => (row ? Effect.succeed(row.value) : Effect.fail(new ResourceNotFound({ key }))),
    ),
})

/** Creates or replaces a resource; the seed and, later, the back office write through this. */
export const upsertResource = (db: Kysely<Database>, key: string, value: string) =>
  db
    .insertInto("resources")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute()

export const ResourceRepoLive: Layer.Layer<ResourceRepo, never, Db> = Layer.effect(
  ResourceRepo,
  Effect.map(Db, makeResourceRepo),
)

/** Staff's edits (core's SiteContent), joining the caller's transaction. */
export const makeResourceWriter = (db: Kysely<Database>): ResourceWriterShape => ({
  current: (key) =>
    runQuery(db, "resources.current", async (q) => {
      const row = await q
        .selectFrom("resources")
        .select("value")
        .where("key", "=", key)
        .forUpdate()
        .executeTakeFirst()
      return row?.value ?? null
    }),
  put: (key, value) =>
    runQuery(db, "resources.put", (q) => upsertResource(q, key, value)).pipe(Effect.asVoid),
})

export const ResourceWriterLive: Layer.Layer<ResourceWriter, never, Db> = Layer.effect(
  ResourceWriter,
  Effect.map(Db, makeResourceWriter),
)
