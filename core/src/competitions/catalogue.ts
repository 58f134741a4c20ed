import { Effect } from "effect"
import type { CategoryQuery, WinnerQuery } from "../ports/catalogue"
import { CategoryRepo, CompetitionRepo, DrawRepo, ResourceRepo } from "../ports/catalogue"
import { now } from "../ports/clock"
import { nextLiveDrawSlot } from "../rules/competition"
import type { CompetitionQuery } from "./model"

/**
 * What a visitor browses: competitions, categories, draws and content. Time
 * comes from Effect's Clock so tests can pin it; the repositories are ports.
 */
export class Catalogue extends Effect.Service<Catalogue>()("@howzat/core/Catalogue", {
  effect: Effect.gen(function* () {
    const competitions = yield* CompetitionRepo
    const categories = yield* CategoryRepo
    const draws = yield* DrawRepo
    const resources = yield* ResourceRepo

    return {
      now,
      listCompetitions: (query: Omit<CompetitionQuery, "now">) =>
        Effect.flatMap(now, (at) => competitions.list({ ...query, now: at })),
      competition: (competitionId: string) =>
        competitions.byId(competitionId, { visibleOnly: true }),
      listCategories: (query: CategoryQuery) => categories.list(query),
      category: (categoryId: string) => categories.byId(categoryId, { visibleOnly: true }),
      /**
       * The stream runs every Thursday at 8:30pm whether or not a live
       * competition is due, so with none scheduled the next slot is shown.
       */
      nextLiveDraw: Effect.flatMap(now, (at) =>
        Effect.map(draws.nextDrawDate("Live", at), (date) => date ?? nextLiveDrawSlot(at)),
      ),
      nextAutoDraw: Effect.flatMap(now, (at) => draws.nextDrawDate("Automatic", at)),
      winners: (query: WinnerQuery) => draws.winners(query),
      resource: (key: string) => resources.byKey(key),
    }
  }),
}) {}
