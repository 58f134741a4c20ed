/**
 * An in-memory InstantWinRepo over a list of instant-win numbers: a number
 * is claimed once (the first claim wins, a replay gets nothing), and a
 * processed prize keeps its time. Given the pool (who holds each ticket),
 * a claim wins only the tickets its holding holds, as the real repository's
 * does; without one (core's use-case doubles keep no pool) the claim's
 * tickets are taken to be the holding's own. With a pool it passes the
 * contract of test/contracts/instant-wins.*.
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

/** Who holds each ticket in the pool: an order's or a postal entry's id, by `instantWinPoolKey`. */
export type InstantWinTicketPool = ReadonlyMap<string, string>
export const instantWinPoolKey = (ticket: TicketRef) =>
  `${ticket.competitionId}/${ticket.ticketNumber}`

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

const byTicket = (a: TicketRef, b: TicketRef) =>
  a.competitionId < b.competitionId
    ? -1
    : a.competitionId > b.competitionId
      ? 1
      : a.ticketNumber - b.ticketNumber

export const instantWinRepoOver = (numbers: InstantWinRow[], pool?: InstantWinTicketPool) =>
  Layer.succeed(InstantWinRepo, {
    claim: (claim) =>
      Effect.sync(() => {
        const holderId =
          claim.holding.kind === "Order" ? claim.holding.orderId : claim.holding.postalEntryId
        const held = (row: TicketRef) =>
          pool === undefined || pool.get(instantWinPoolKey(row)) === holderId
        const won: WonInstantWin[] = []
        numbers.forEach((row, index) => {
          if (row.wonAt !== null || !held(row)) return
          if (!claim.tickets.some((ticket) => matches(row, ticket))) return
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
          .sort(byTicket)
          .map((row) => ({
            competitionId: row.competitionId,
            ticketNumber: row.ticketNumber,
            instantWinGroupId: row.instantWinGroupId,
            prizeName: row.prizeName,
            won: row.wonAt !== null,
          })),
      ),
  })
