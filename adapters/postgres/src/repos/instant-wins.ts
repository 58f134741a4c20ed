import {
  type InstantWinNumber,
  InstantWinRepo,
  type InstantWinRepoShape,
  type TicketRef,
  type WonInstantWin,
} from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"

/** The tickets as two parallel arrays, for unnest: one parameter each however many tickets. */
const asArrays = (tickets: readonly TicketRef[]) => {
  const seen = new Set<string>()
  const competitionIds: string[] = []
  const ticketNumbers: number[] = []
  for (const ticket of tickets) {
    const key = `${ticket.competitionId}/${ticket.ticketNumber}`
    if (seen.has(key) || !isUuid(ticket.competitionId)) continue
    seen.add(key)
    competitionIds.push(ticket.competitionId)
    ticketNumbers.push(ticket.ticketNumber)
  }
  return { competitionIds, ticketNumbers }
}

interface ClaimedRow {
  readonly id: string
  readonly competitionId: string
  readonly competitionName: string
  readonly ticketNumber: number
  readonly instantWinGroupId: string
  readonly prizeName: string
  readonly prizeSiteCreditPence: number | null
}

export const makeInstantWinRepo = (db: Kysely<Database>): InstantWinRepoShape => ({
  claim: (claim) =>
    runQuery(db, "instantWins.claim", async (q) => {
      const { competitionIds, ticketNumbers } = asArrays(claim.tickets)
      const { holding } = claim
      // A postal entry holds its pool ticket under its own id (decision 0022).
      const holderId = holding.kind === "Order" ? holding.orderId : holding.postalEntryId
      if (competitionIds.length === 0 || !isUuid(holderId)) return []
      const orderId = holding.kind === "Order" ? holderId : null
      const postalEntryId = holding.kind === "PostalEntry" ? holderId : null
      // One statement: only numbers still unwon, and only while the pool says
      // the holding holds the ticket, so a replay or a stale list wins nothing.
      const { rows } = await sql<ClaimedRow>`
        update instant_win_tickets w
        set won_at = ${claim.at}, winner_customer_id = ${claim.customerId}::uuid,
          order_id = ${orderId}::uuid, postal_entry_id = ${postalEntryId}::uuid,
          winner_display_name = ${claim.winnerDisplayName}
        from unnest(${competitionIds}::uuid[], ${ticketNumbers}::int[])
            as wanted (competition_id, ticket_number),
          tickets t, instant_win_groups g, competitions c
        where w.competition_id = wanted.competition_id
          and w.ticket_number = wanted.ticket_number
          and w.won_at is null
          and t.competition_id = w.competition_id and t.ticket_number = w.ticket_number
          and t.order_id = ${holderId}::uuid
          and g.id = w.instant_win_group_id
          and c.id = w.competition_id
        returning w.id, w.competition_id, c.name as competition_name, w.ticket_number,
          g.id as instant_win_group_id, g.name as prize_name, g.prize_site_credit_pence
      `.execute(q)
      return rows.map(
        (row): WonInstantWin => ({
          instantWinTicketId: row.id,
          competitionId: row.competitionId,
          competitionName: row.competitionName,
          ticketNumber: row.ticketNumber,
          instantWinGroupId: row.instantWinGroupId,
          prizeName: row.prizeName,
          siteCredit: row.prizeSiteCreditPence === null ? null : pence(row.prizeSiteCreditPence),
        }),
      )
    }),

  markProcessed: (ids, at) =>
    runQuery(db, "instantWins.markProcessed", async (q) => {
      const valid = ids.filter(isUuid)
      if (valid.length === 0) return
      await q
        .updateTable("instantWinTickets")
        .set({ processedAt: at })
        .where("id", "in", valid)
        .where("processedAt", "is", null)
        .execute()
    }),

  numbersAmong: (tickets) =>
    runQuery(db, "instantWins.numbersAmong", async (q) => {
      const { competitionIds, ticketNumbers } = asArrays(tickets)
      if (competitionIds.length === 0) return []
      const { rows } = await sql<{
        competitionId: string
        ticketNumber: number
        instantWinGroupId: string
        prizeName: string
        won: boolean
      }>`
        select w.competition_id, w.ticket_number, g.id as instant_win_group_id,
          g.name as prize_name, w.won_at is not null as won
        from unnest(${competitionIds}::uuid[], ${ticketNumbers}::int[])
            as wanted (competition_id, ticket_number)
        join instant_win_tickets w
          on w.competition_id = wanted.competition_id and w.ticket_number = wanted.ticket_number
        join instant_win_groups g on g.id = w.instant_win_group_id
        order by w.competition_id, w.ticket_number
      `.execute(q)
      return rows.map(
        (row): InstantWinNumber => ({
          competitionId: row.competitionId,
          ticketNumber: row.ticketNumber,
          instantWinGroupId: row.instantWinGroupId,
          prizeName: row.prizeName,
          won: row.won,
        }),
      )
    }),
})

export const InstantWinRepoLive: Layer.Layer<InstantWinRepo, never, Db> = Layer.effect(
  InstantWinRepo,
  Effect.map(Db, makeInstantWinRepo),
)
