export {
  type DatabaseConfig,
  type DatabaseHandle,
  Db,
  DbLive,
  makeDatabase,
} from "./database"
export { MigrationFailed, makeMigrator, migrateToLatest, migrations } from "./migrations"
export { PGliteDialect } from "./pglite-dialect"
export { CategoryRepoLive, makeCategoryRepo } from "./repos/categories"
export {
  CompetitionWriterLive,
  createCompetition,
  makeCompetitionWriter,
} from "./repos/competition-writer"
export { CompetitionRepoLive, makeCompetitionRepo } from "./repos/competitions"
export { DrawRepoLive, makeDrawRepo } from "./repos/draws"
export { PostgresCatalogueLive } from "./repos/index"
export { makeResourceRepo, ResourceRepoLive, upsertResource } from "./repos/resources"
export type { Database } from "./schema"
export { NodeSecureRandomLive } from "./secure-random-node"
export { DEMO_SOLD_ORDER_ID, type DemoSeedResult, seedDemoData } from "./seed/demo"
