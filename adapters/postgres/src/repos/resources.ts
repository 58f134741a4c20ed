import { ResourceNotFound } from "@howzat/core/competitions/errors"
import { ResourceRepo, type ResourceRepoShape } from "@howzat/core/ports/catalogue"
import { Effect, Layer } from "effect"
import type { Kysely } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
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
