/**
 * The one in-memory CompetitionRepo. Every in-memory store of competitions
 * (the catalogue's, the basket tests', the staff's) reads through it, so the
 * storefront's browsing rules (phases, list orders, paging, the public
 * view of instant-win numbers) are written once here, from core's own rules,
 * and the contract in test/contracts/competitions.* holds it to Postgres.
 */
import { Effect } from "effect"
import type { CompetitionRepoShape, InstantWinTicketFilter } from "../ports/catalogue.js"
import { compareForListing, listingOf, listOrder } from "../rules/catalogue-order.js"
import { inTimePeriod } from "../rules/competition.js"
import { matchesSearchText, memoryPage } from "../testing/paging.js"
import { CompetitionNotFound, InstantWinGroupNotFound } from "./errors.js"
import type { Competition, CompetitionQuery, InstantWinTicket, Page } from "./model.js"

/** One instant-win number as an in-memory store keeps it. */
export interface MemoryInstantWinNumber {
  readonly competitionId: string
  readonly instantWinGroupId: string
  readonly ticketNumber: number
  readonly wonAt: Date | null
  readonly winnerDisplayName: string | null
  /** False when staff keep the winner's name private (decision 0035): still shown as won. */
  readonly isVisible: boolean
}

/** Where the in-memory CompetitionRepo reads from: called on every read, so it sees changes. */
export interface MemoryCompetitionSource {
  readonly competitions: () => Iterable<Competition>
  readonly instantWinNumbers: () => Iterable<MemoryInstantWinNumber>
}

const matches = (c: Competition, q: CompetitionQuery): boolean =>
  (!q.visibleOnly || c.visibilityStatus === "Visible") &&
  (!q.hiddenOnly || c.visibilityStatus === "Hidden") &&
  (q.categoryId === undefined || c.categoryIds.includes(q.categoryId)) &&
  matchesSearchText(c.name, q.name) &&
  matchesSearchText(c.description, q.description) &&
  (q.type === "All" || c.instantWinGroups.length > 0 === (q.type === "InstantWin")) &&
  inTimePeriod(listingOf(c), q.timePeriod, q.now)

/** Core's order for the query (catalogue-order.ts), which ends with the id so paging is stable. */
const inListOrder = (q: CompetitionQuery) => {
  const compare = compareForListing(listOrder(q), q.now)
  return (a: Competition, b: Competition): number => compare(listingOf(a), listingOf(b))
}

const ticketMatches = (n: MemoryInstantWinNumber, filter: InstantWinTicketFilter) =>
  (filter.instantWinGroupId === undefined || n.instantWinGroupId === filter.instantWinGroupId) &&
  (filter.fromTicketNumber === undefined || n.ticketNumber >= filter.fromTicketNumber) &&
  (filter.toTicketNumber === undefined || n.ticketNumber <= filter.toTicketNumber) &&
  (filter.status === "All" || (n.wonAt !== null) === (filter.status === "Won"))

export const makeMemoryCompetitionRepo = (
  source: MemoryCompetitionSource,
): CompetitionRepoShape => {
  const find = (competitionId: string) =>
    [...source.competitions()].find((c) => c.id === competitionId)
  return {
    list: (query) =>
      Effect.sync(() =>
        memoryPage(
          query.page,
          [...source.competitions()].filter((c) => matches(c, query)).sort(inListOrder(query)),
        ),
      ),
    byId: (competitionId, { visibleOnly }) =>
      Effect.suspend(() => {
        const found = find(competitionId)
        return found === undefined || (visibleOnly && found.visibilityStatus !== "Visible")
          ? Effect.fail(new CompetitionNotFound({ competitionId }))
          : Effect.succeed(found)
      }),
    datesOf: (competitionIds, { visibleOnly }) =>
      Effect.sync(() => {
        const wanted = new Set(competitionIds)
        return [...source.competitions()]
          .filter((c) => wanted.has(c.id) && (!visibleOnly || c.visibilityStatus === "Visible"))
          .map((c) => ({
            competitionId: c.id,
            closeDateTimeUtc: c.closeDateTimeUtc,
            drawDateTimeUtc: c.drawDateTimeUtc,
          }))
      }),
    instantWinTickets: (competitionId, filter, page) =>
      Effect.suspend(
        (): Effect.Effect<
          Page<InstantWinTicket>,
          CompetitionNotFound | InstantWinGroupNotFound
        > => {
          const competition = find(competitionId)
          if (competition === undefined)
            return Effect.fail(new CompetitionNotFound({ competitionId }))
          const groupId = filter.instantWinGroupId
          const group = competition.instantWinGroups.find((g) => g.id === groupId)
          if (groupId !== undefined && group === undefined)
            return Effect.fail(
              new InstantWinGroupNotFound({ competitionId, instantWinGroupId: groupId }),
            )
          const names = new Map(competition.instantWinGroups.map((g) => [g.id, g.name]))
          const tickets = [...source.instantWinNumbers()]
            .filter((n) => n.competitionId === competitionId && ticketMatches(n, filter))
            .sort((a, b) => a.ticketNumber - b.ticketNumber)
            .map(
              (n): InstantWinTicket => ({
                ticketNumber: n.ticketNumber,
                instantWinGroupId: n.instantWinGroupId,
                instantWinGroupName: names.get(n.instantWinGroupId) ?? "",
                won: n.wonAt !== null,
                winnerDisplayName: n.isVisible ? n.winnerDisplayName : null,
              }),
            )
          return Effect.succeed(memoryPage(page, tickets))
        },
      ),
  }
}
