import { CompetitionRepoLive, CompetitionWriterLive } from "@howzat/postgres"
import { Layer } from "effect"
import type { CompetitionWriterSeed } from "./competition-writer.contract"
import type { ContractDatabase } from "./harness"

/** The writer's harness on a real database: categories as rows. */
export const competitionWriterOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CompetitionWriterSeed = {
    category: async (name) =>
      (
        await db
          .insertInto("categories")
          .values({ name, description: "", visibilityStatus: "Visible" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
  }
  return {
    layer: Layer.merge(CompetitionRepoLive, CompetitionWriterLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}
