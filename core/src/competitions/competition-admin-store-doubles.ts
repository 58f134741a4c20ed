/**
 * Staff's competitions in memory (CompetitionAdminStore), over the staff
 * catalogue of catalogue-admin-doubles. As the database: the description is
 * sanitised on every write, a draft naming a category, attribute type or
 * image group that does not exist is refused (the foreign keys), and so is
 * an update of nothing; `lock` lists categories and attributes by id.
 * Nothing runs at once in memory, so the lock itself is the database's
 * business. test/contracts/competition-admin.* holds it to Postgres.
 */
import { Effect } from "effect"
import type { CompetitionAdminStoreShape, LockedCompetition } from "../ports/competition-admin.js"
import type { CompetitionDraft } from "../rules/competition-admin.js"
import { sanitiseRichTextInMemory } from "../site-content/rich-text-doubles.js"
import type { MemoryCatalogue } from "./catalogue-admin-doubles.js"
import { CompetitionNotFound, RepositoryError } from "./errors.js"

let ids = 0
const newId = () => {
  ids += 1
  return `00000000-0000-4000-9000-${String(ids).padStart(12, "0")}`
}

const distinct = (values: readonly string[]) => [...new Set(values)]
const byId =
  <A>(key: (a: A) => string) =>
  (a: A, b: A) =>
    key(a) < key(b) ? -1 : 1

/** A draft as stored: its description sanitised, its links in the order the database lists them. */
const stored = (draft: CompetitionDraft): CompetitionDraft => ({
  ...draft,
  description: sanitiseRichTextInMemory(draft.description),
  categoryIds: [...draft.categoryIds].sort(),
  attributes: [...draft.attributes].sort(byId((a) => a.attributeTypeId)),
})

export const makeMemoryCompetitionAdminStore = (
  memory: MemoryCatalogue,
): CompetitionAdminStoreShape => {
  const find = (id: string) => memory.competitions.find((c) => c.id === id)
  const missing = (draft: CompetitionDraft) => ({
    categoryIds: distinct(draft.categoryIds).filter(
      (id) => !memory.categories.some((c) => c.id === id),
    ),
    attributeTypeIds: distinct(draft.attributes.map((a) => a.attributeTypeId)).filter(
      (id) => !memory.attributeTypes.some((t) => t.id === id),
    ),
    imageGroup: draft.imageGroupId !== null && !memory.imageGroupIds.includes(draft.imageGroupId),
  })
  /** What the foreign keys and primary keys would refuse, or null. */
  const refusal = (draft: CompetitionDraft): string | null => {
    const absent = missing(draft)
    if (absent.categoryIds.length > 0 || absent.attributeTypeIds.length > 0 || absent.imageGroup)
      return "names something that does not exist"
    if (distinct(draft.categoryIds).length !== draft.categoryIds.length) return "a category twice"
    if (distinct(draft.attributes.map((a) => a.attributeTypeId)).length !== draft.attributes.length)
      return "an attribute type twice"
    return null
  }
  const refused = (operation: string, cause: string) =>
    Effect.fail(new RepositoryError({ operation: `competitionAdmin.${operation}`, cause }))

  return {
    lock: (competitionId) =>
      Effect.suspend(() => {
        const found = find(competitionId)
        return found === undefined
          ? Effect.fail(new CompetitionNotFound({ competitionId }))
          : Effect.succeed(structuredClone(found))
      }),
    missing: (draft) => Effect.sync(() => missing(draft)),
    create: (draft, _secrets, instantWinGroups) =>
      Effect.suspend(() => {
        const why = refusal(draft)
        if (why !== null) return refused("create", why)
        const numbers = instantWinGroups.flatMap((g) => g.ticketNumbers)
        if (
          numbers.some((n) => n < 1 || n > draft.totalTickets) ||
          distinct(numbers.map(String)).length !== numbers.length
        )
          return refused("create", "an instant-win number outside the pool or twice")
        const competition: LockedCompetition = {
          ...stored(draft),
          id: newId(),
          ticketsSold: 0,
          openOrders: 0,
          drawBroughtForward: null,
          drawn: false,
          highestInstantWinNumber: numbers.length === 0 ? null : Math.max(...numbers),
          ordered: false,
          instantWinGroups: instantWinGroups.map((g) => ({
            name: g.name,
            ticketCount: g.ticketNumbers.length,
            imageUrls: g.imageUrls,
            prizeSiteCredit: g.prizeSiteCredit,
          })),
        }
        memory.competitions.push(competition)
        return Effect.succeed(competition.id)
      }),
    update: (competitionId, draft) =>
      Effect.suspend(() => {
        if (find(competitionId) === undefined) return refused("update", "no such competition")
        const why = refusal(draft)
        if (why !== null) return refused("update", why)
        memory.competitions = memory.competitions.map((c) =>
          c.id === competitionId ? { ...c, ...stored(draft) } : c,
        )
        return Effect.void
      }),
    remove: (competitionId) =>
      Effect.sync(() => {
        memory.competitions = memory.competitions.filter((c) => c.id !== competitionId)
      }),
    moveDraw: (competitionId, moved) =>
      Effect.suspend(() => {
        if (find(competitionId) === undefined) return refused("moveDraw", "no such competition")
        memory.competitions = memory.competitions.map((c) =>
          c.id === competitionId ? { ...c, ...moved } : c,
        )
        return Effect.void
      }),
    soldOutAwaitingClose: (now, limit) =>
      Effect.sync(() =>
        memory.competitions
          .filter(
            (c) =>
              c.drawType === "Automatic" &&
              c.drawOnSellOut &&
              !c.drawn &&
              (c.drawDateTimeUtc ?? c.closeDateTimeUtc) > now &&
              c.ticketsSold >= c.totalTickets &&
              c.openOrders === 0,
          )
          .map((c) => c.id)
          .sort()
          .slice(0, limit),
      ),
  }
}
