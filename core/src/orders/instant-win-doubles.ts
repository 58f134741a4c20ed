/**
 * An in-memory InstantWinRepo over a list of instant-win numbers, keeping
 * what the use cases rely on: a number is claimed once (the first claim
 * wins, a replay gets nothing), and a processed prize keeps its time. The
 * real repository also checks that the holding holds the ticket in the
 * pool; here the claim's tickets come from the holding itself.
 */
import { Effect, Layer } from "effect"
import { InstantWinRepo, type TicketRef, type WonInstantWin } from "../ports/instant-wins.js"
import type { Pence } from "../rules/money.js"

export interface InstantWinRow extends TicketRef {
  readonly id: string
  readonly competitionName: string
  readonly instantWinGroupId: string
  readonly prizeName: string
  readonly siteCredit: Pence | null
  readonly wonAt: Date | null
  readonly winnerCustomerId: string | null
  readonly winnerDisplayName: string | null
  readonly orderId: string | null
  readonly postalEntryId: string | null
  readonly processedAt: Date | null
}

let rows = 0

/** An unwon instant-win number: a £5 site-credit prize unless overridden. */
export const instantWinRow = (
  overrides: Partial<InstantWinRow> & TicketRef & { readonly siteCredit: Pence | null },
): InstantWinRow => {
  rows += 1
  return {
    id: `instant-win-${rows}`,
    competitionName: "A car",
    instantWinGroupId: overrides.siteCredit === null ? "group-prize" : "group-credit",
    prizeName: overrides.siteCredit === null ? "Kookaburra Match Ball" : "£5 Site Credit",
    wonAt: null,
    winnerCustomerId: null,
    winnerDisplayName: null,
    orderId: null,
    postalEntryId: null,
    processedAt: null,
    ...overrides,
  }
}

const matches = (row: TicketRef, ticket: TicketRef) =>
  row.competitionId === ticket.competitionId && row.ticketNumber === ticket.ticketNumber

const prizeOf = (row: InstantWinRow): WonInstantWin => ({
  instantWinTicketId: row.id,
  competitionId: row.competitionId,
  competitionName: row.competitionName,
  ticketNumber: row.ticketNumber,
  instantWinGroupId: row.instantWinGroupId,
  prizeName: row.prizeName,
  siteCredit: row.siteCredit,
})

export const instantWinRepoOver = (numbers: InstantWinRow[]) =>
  Layer.succeed(InstantWinRepo, {
    claim: (claim) =>
      Effect.sync(() => {
        const won: WonInstantWin[] = []
        numbers.forEach((row, index) => {
          if (row.wonAt !== null || !claim.tickets.some((ticket) => matches(row, ticket))) return
          const claimed: InstantWinRow = {
            ...row,
            wonAt: claim.at,
            winnerCustomerId: claim.customerId,
            winnerDisplayName: claim.winnerDisplayName,
            orderId: claim.holding.kind === "Order" ? claim.holding.orderId : null,
            postalEntryId:
              claim.holding.kind === "PostalEntry" ? claim.holding.postalEntryId : null,
          }
          numbers[index] = claimed
          won.push(prizeOf(claimed))
        })
        return won
      }),
    markProcessed: (ids, at) =>
      Effect.sync(() => {
        numbers.forEach((row, index) => {
          if (ids.includes(row.id) && row.processedAt === null) {
            numbers[index] = { ...row, processedAt: at }
          }
        })
      }),
    numbersAmong: (tickets) =>
      Effect.sync(() =>
        numbers
          .filter((row) => tickets.some((ticket) => matches(row, ticket)))
          .map((row) => ({
            competitionId: row.competitionId,
            ticketNumber: row.ticketNumber,
            instantWinGroupId: row.instantWinGroupId,
            prizeName: row.prizeName,
            won: row.wonAt !== null,
          })),
      ),
  })
