/**
 * The site's resources (docs/product/api.md) in memory: the storefront's ResourceRepo
 * and staff's ResourceWriter over one map, so what staff put is what the
 * storefront reads, as with the one `resources` table.
 */
import { Effect, Layer } from "effect"
import { ResourceNotFound } from "../competitions/errors.js"
import { ResourceRepo, type ResourceRepoShape } from "../ports/catalogue.js"
import { ResourceWriter, type ResourceWriterShape } from "../ports/site-content.js"

/** Resource values by key. */
export type MemoryResourceStore = Map<string, string>

export const makeMemoryResourceRepo = (store: MemoryResourceStore): ResourceRepoShape => ({
  byKey: (key) =>
    Effect.suspend(() => {
      const value = store.get(key)
      return value === undefined
        ? Effect.fail(new ResourceNotFound({ key }))
        : Effect.succeed(value)
    }),
})

export const makeMemoryResourceWriter = (store: MemoryResourceStore): ResourceWriterShape => ({
  current: (key) => Effect.sync(() => store.get(key) ?? null),
  put: (key, value) => Effect.sync(() => void store.set(key, value)),
})

/** Both ports over one store. */
export const memoryResources = (store: MemoryResourceStore = new Map()) =>
  Layer.merge(
    Layer.succeed(ResourceRepo, makeMemoryResourceRepo(store)),
    Layer.succeed(ResourceWriter, makeMemoryResourceWriter(store)),
  )
