import { Effect } from "effect"
import {
  InstantWinRepo,
  type TicketHolding,
  type TicketRef,
  type WonInstantWin,
} from "../ports/instant-wins.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { instantWinCreditDescription, winnerDisplayName } from "../rules/instant-wins.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import type { Order } from "./model.js"

/** Every ticket of the order, competition by competition. */
export const ticketsOf = (order: Order): readonly TicketRef[] =>
  order.lines.flatMap((line) =>
    line.ticketNumbers.map((ticketNumber) => ({ competitionId: line.competitionId, ticketNumber })),
  )

const byCompetitionThenNumber = (a: WonInstantWin, b: WonInstantWin) =>
  a.competitionName.localeCompare(b.competitionName) || a.ticketNumber - b.ticketNumber

/** What a holding's tickets may win, and who for. */
export interface InstantWinEntry {
  readonly holding: TicketHolding
  /** Null for a postal entrant without an account: nothing can be credited to them. */
  readonly customerId: string | null
  readonly winner: { readonly firstName: string; readonly lastName: string }
  readonly tickets: readonly TicketRef[]
}

/**
 * What a holding's tickets win: each instant-win number among them is won,
 * in the caller's transaction, with the winner, the holding and the time.
 * A prize of site credit is credited at once and marked processed when the
 * winner has an account; any other prize, or credit for a postal entrant
 * without one, waits unprocessed for staff to hand it over. The repository
 * claims each number once, and the ledger credits each ticket once, so
 * running this twice wins and pays nothing more. Answers what this run won,
 * for the winner's email.
 */
export const instantWinAwards = Effect.gen(function* () {
  const instantWins = yield* InstantWinRepo
  const ledger = yield* SiteCreditLedger
  return (entry: InstantWinEntry, at: Date) =>
    Effect.gen(function* () {
      if (entry.tickets.length === 0) return []
      const won = yield* instantWins.claim({
        holding: entry.holding,
        customerId: entry.customerId,
        winnerDisplayName: winnerDisplayName(entry.winner.firstName, entry.winner.lastName),
        tickets: entry.tickets,
        at,
      })
      const customerId = entry.customerId
      const credited = won.filter((prize) => prize.siteCredit !== null)
      if (customerId !== null && credited.length > 0) {
        yield* Effect.forEach(
          credited,
          (prize) =>
            ledger.creditInstantWin(
              customerId,
              {
                instantWinTicketId: prize.instantWinTicketId,
                amount: prize.siteCredit ?? pence(0),
                description: instantWinCreditDescription(prize),
              },
              at,
            ),
          { discard: true },
        )
        yield* instantWins.markProcessed(
          credited.map((prize) => prize.instantWinTicketId),
          at,
        )
      }
      return [...won].sort(byCompetitionThenNumber)
    })
})

/**
 * What a paid order's tickets win. Only a paid order wins: an unpaid
 * order's numbers stay in the pool, still winning, for whoever pays for
 * them (its own customer, or someone else after it is cancelled).
 */
export const orderInstantWinAwards = Effect.map(
  instantWinAwards,
  (award) =>
    (order: Order, winner: { readonly firstName: string; readonly lastName: string }, at: Date) =>
      order.status === OrderStatus.Completed
        ? award(
            {
              holding: { kind: "Order", orderId: order.id },
              customerId: order.customerId,
              winner,
              tickets: ticketsOf(order),
            },
            at,
          )
        : Effect.succeed([]),
)
