import { CategoryRepoLive } from "@howzat/postgres"
import { Layer } from "effect"
import type { CategoriesSeed } from "./categories.contract"
import type { ContractDatabase } from "./harness"

/** The categories' harness on a real database: categories as rows. */
export const categoriesOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CategoriesSeed = {
    category: async (category) =>
      (await db.insertInto("categories").values(category).returning("id").executeTakeFirstOrThrow())
        .id,
  }
  return { layer: CategoryRepoLive.pipe(Layer.provide(dbLayer)), seed, close }
}
