import type { CompetitionListParams } from "@howzat/contracts/catalogue"
import { pageInfo } from "@howzat/contracts/paging"
import type { Principal } from "@howzat/core/accounts"
import type { Catalogue } from "@howzat/core/competitions"
import { Effect } from "effect"
import { competitionToWire } from "./wire"

/**
 * What `GET /api/Competitions` and `GET /api/Competitions/{id}` answer
 * before encoding, for one caller: the HttpApi handlers (catalogue-handlers.ts)
 * and the direct route (direct-catalogue-reads.ts) both answer with these, so
 * the two ways cannot drift apart. Who may see what is core's Catalogue's.
 */
export const competitionListAs = (
  catalogue: Catalogue,
  params: typeof CompetitionListParams.Type,
  who: Principal | null,
) =>
  Effect.gen(function* () {
    const now = yield* catalogue.now
    const page = yield* catalogue.listCompetitionsAs(
      {
        categoryId: params.CategoryId,
        name: params.Name,
        description: params.Description,
        timePeriod: params.TimePeriod,
        sort: params.SortBy,
        type: params.Type,
        page: { pageNumber: params.PageNumber, pageSize: params.PageSize },
      },
      params.VisibilityStatus,
      who,
    )
    return {
      competitions: page.items.map((c) => competitionToWire(c, now)),
      ...pageInfo(page),
    }
  })

export const competitionAs = (catalogue: Catalogue, competitionId: string, who: Principal | null) =>
  Effect.gen(function* () {
    const now = yield* catalogue.now
    const competition = yield* catalogue.competitionAs(competitionId, who)
    return { competition: competitionToWire(competition, now) }
  })
