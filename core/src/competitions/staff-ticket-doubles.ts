/**
 * An in-memory StaffTicketReads over the instant-win groups' memory store
 * (instant-win-group-doubles): each competition's `sold` tickets with their
 * holders, and its groups' numbers and wins. It passes the contract of
 * test/contracts/staff-tickets.*.
 */
import { Effect, Layer } from "effect"
import { CompetitionNotFound, InstantWinGroupNotFound } from "../competitions/errors.js"
import {
  type SoldTicket,
  type SoldTicketQuery,
  StaffTicketReads,
} from "../ports/instant-win-groups.js"
import { matchesTicketStatus } from "../rules/ticket-status.js"
import { memoryPage } from "../testing/paging.js"
import type { MemoryCompetition, MemoryStore } from "./instant-win-group-doubles.js"

const ticketOf = (competition: MemoryCompetition, ticketNumber: number): SoldTicket => {
  const group = competition.groups.find((g) => g.ticketNumbers.includes(ticketNumber))
  return {
    ticketNumber,
    holder: competition.sold?.get(ticketNumber) ?? null,
    instantWin:
      group === undefined
        ? null
        : {
            instantWinGroupId: group.id,
            instantWinGroupName: group.name,
            won: (group.wonTicketNumbers ?? []).includes(ticketNumber),
          },
  }
}

const chosen = (query: SoldTicketQuery, competition: MemoryCompetition) => (ticket: SoldTicket) =>
  matchesTicketStatus(query.ticketStatus, competition.sold?.has(ticket.ticketNumber) === true) &&
  (query.fromTicketNumber === undefined || ticket.ticketNumber >= query.fromTicketNumber) &&
  (query.toTicketNumber === undefined || ticket.ticketNumber <= query.toTicketNumber) &&
  (query.status === "All" || (ticket.instantWin?.won === true) === (query.status === "Won"))

const ascending = (a: number, b: number) => a - b

export const memoryStaffTicketReads = (store: MemoryStore) => {
  const find = (competitionId: string) => {
    const found = store.competitions.find((c) => c.competitionId === competitionId)
    return found === undefined
      ? Effect.fail(new CompetitionNotFound({ competitionId }))
      : Effect.succeed(found)
  }
  return Layer.succeed(StaffTicketReads, {
    soldTickets: (competitionId, query) =>
      Effect.map(find(competitionId), (competition) =>
        memoryPage(
          query.page,
          [...(competition.sold?.keys() ?? [])]
            .sort(ascending)
            .map((n) => ticketOf(competition, n))
            .filter(chosen(query, competition)),
        ),
      ),
    instantWinTickets: (competitionId, instantWinGroupId, query) =>
      Effect.flatMap(find(competitionId), (competition) => {
        const groups = competition.groups.filter(
          (g) => instantWinGroupId === undefined || g.id === instantWinGroupId,
        )
        if (instantWinGroupId !== undefined && groups.length === 0)
          return Effect.fail(new InstantWinGroupNotFound({ competitionId, instantWinGroupId }))
        return Effect.succeed(
          memoryPage(
            query.page,
            groups
              .flatMap((g) => g.ticketNumbers)
              .sort(ascending)
              .map((n) => ticketOf(competition, n))
              .filter(chosen(query, competition)),
          ),
        )
      }),
  })
}
