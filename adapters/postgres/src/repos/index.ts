import { Layer } from "effect"
import { CategoryRepoLive } from "./categories"
import { CompetitionWriterLive } from "./competition-writer"
import { CompetitionRepoLive } from "./competitions"
import { DrawRepoLive } from "./draws"
import { ResourceRepoLive } from "./resources"

/** Every catalogue port on one database: needs the Db tag. */
export const PostgresCatalogueLive = Layer.mergeAll(
  CompetitionRepoLive,
  CategoryRepoLive,
  DrawRepoLive,
  ResourceRepoLive,
  CompetitionWriterLive,
)
