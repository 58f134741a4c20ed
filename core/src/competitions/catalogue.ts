import { Effect } from "effect"
import { NotStaff } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import type { CategoryQuery, CompetitionDates, WinnerQuery } from "../ports/catalogue.js"
import { CategoryRepo, CompetitionRepo, DrawRepo, ResourceRepo } from "../ports/catalogue.js"
import { now } from "../ports/clock.js"
import { ClubDirectory } from "../ports/club-store.js"
import { CLUBS_RESOURCE_KEY, clubsResourceValue } from "../rules/clubs.js"
import { nextLiveDrawSlot } from "../rules/competition.js"
import { authorize, can } from "../staff/permissions.js"
import type { CompetitionQuery, VisibilityFilter } from "./model.js"

/**
 * What a list may show the viewer: visitors only visible records; hidden
 * ones are for staff who may see the back office (401 to nobody, 403 to a
 * customer).
 */
const visibilityFor = (visibility: VisibilityFilter, viewer: Principal | null) =>
  visibility === "VisibleOnly"
    ? Effect.succeed({ visibleOnly: true, hiddenOnly: false })
    : viewer === null
      ? Effect.fail(new NotStaff())
      : Effect.as(authorize(viewer, "ViewBackOffice"), {
          visibleOnly: false,
          hiddenOnly: visibility === "HiddenOnly",
        })

/** Staff who may see the back office open hidden records too; everyone else, visible ones. */
const seesHidden = (viewer: Principal | null) => viewer !== null && can(viewer, "ViewBackOffice")

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
    const clubs = yield* ClubDirectory

    return {
      now,
      listCompetitions: (query: Omit<CompetitionQuery, "now">) =>
        Effect.flatMap(now, (at) => competitions.list({ ...query, now: at })),
      competition: (competitionId: string) =>
        competitions.byId(competitionId, { visibleOnly: true }),
      /**
       * The dates of the visible competitions among `competitionIds`, in one
       * read, by id; a hidden or vanished one is simply absent.
       */
      competitionDates: (competitionIds: readonly string[]) =>
        competitions
          .datesOf([...new Set(competitionIds)], { visibleOnly: true })
          .pipe(
            Effect.map(
              (dates): ReadonlyMap<string, CompetitionDates> =>
                new Map(dates.map((d) => [d.competitionId, d])),
            ),
          ),
      listCategories: (query: CategoryQuery) => categories.list(query),
      /** A list with staff's VisibilityStatus filter; anything but VisibleOnly needs staff. */
      listCompetitionsAs: (
        query: Omit<CompetitionQuery, "now" | "visibleOnly" | "hiddenOnly">,
        visibility: VisibilityFilter,
        viewer: Principal | null,
      ) =>
        Effect.gen(function* () {
          const filter = yield* visibilityFor(visibility, viewer)
          return yield* competitions.list({ ...query, ...filter, now: yield* now })
        }),
      listCategoriesAs: (
        query: Omit<CategoryQuery, "visibleOnly" | "hiddenOnly">,
        visibility: VisibilityFilter,
        viewer: Principal | null,
      ) =>
        Effect.flatMap(visibilityFor(visibility, viewer), (filter) =>
          categories.list({ ...query, ...filter }),
        ),
      competitionAs: (competitionId: string, viewer: Principal | null) =>
        competitions.byId(competitionId, { visibleOnly: !seesHidden(viewer) }),
      categoryAs: (categoryId: string, viewer: Principal | null) =>
        categories.byId(categoryId, { visibleOnly: !seesHidden(viewer) }),
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
      /** The club-perks list follows the clubs table, so it can never name a club or code that is gone. */
      resource: (key: string) =>
        key === CLUBS_RESOURCE_KEY
          ? Effect.map(Effect.flatMap(now, clubs.listed), clubsResourceValue)
          : resources.byKey(key),
    }
  }),
}) {}
