import { randomUUID } from "node:crypto"
import { CompetitionAdminStoreLive, TransactionsLive } from "@howzat/postgres"
import { Layer } from "effect"
import type { CompetitionAdminSeed } from "./competition-admin.contract"
import type { ContractDatabase } from "./harness"

/** The staff competitions' harness on a real database: what a draft names, as rows. */
export const competitionAdminOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CompetitionAdminSeed = {
    category: async () =>
      (
        await db
          .insertInto("categories")
          // One name per category (categories_name_unique_idx): each seeded one its own.
          .values({ name: `Kit ${randomUUID()}`, description: "", visibilityStatus: "Visible" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    attributeType: async (description) =>
      (
        await db
          .insertInto("attributeTypes")
          .values({ description })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    imageGroup: async () =>
      (
        await db
          .insertInto("imageGroups")
          .values({ name: "Bat" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
  }
  return {
    layer: Layer.merge(CompetitionAdminStoreLive, TransactionsLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}
