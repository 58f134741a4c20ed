import {
  CatalogueAdminStoreLive,
  CompetitionRepoLive,
  createCompetition,
  TransactionsLive,
} from "@howzat/postgres"
import { Layer } from "effect"
import type { CatalogueAdminSeed } from "./catalogue-admin.contract"
import { newCompetition } from "./competitions.fixtures"
import type { ContractDatabase } from "./harness"

/** The staff catalogue's harness on a real database: competitions made as the seed makes them. */
export const catalogueAdminOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CatalogueAdminSeed = {
    competition: (attributes = {}) =>
      createCompetition(db, newCompetition({ visibilityStatus: "Hidden", attributes })),
  }
  return {
    layer: Layer.mergeAll(CatalogueAdminStoreLive, CompetitionRepoLive, TransactionsLive).pipe(
      Layer.provide(dbLayer),
    ),
    seed,
    close,
  }
}
