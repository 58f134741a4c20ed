import { Effect } from "effect"
import { InstantWinRepo, type TicketRef, type WonInstantWin } from "../ports/instant-wins"
import { SiteCreditLedger } from "../ports/payments"
import { instantWinCreditDescription, winnerDisplayName } from "../rules/instant-wins"
import { pence } from "../rules/money"
import { OrderStatus } from "../rules/order-status"
import type { Order } from "./model"

/** Every ticket of the order, competition by competition. */
export const ticketsOf = (order: Order): readonly TicketRef[] =>
  order.lines.flatMap((line) =>
    line.ticketNumbers.map((ticketNumber) => ({ competitionId: line.competitionId, ticketNumber })),
  )

const byCompetitionThenNumber = (a: WonInstantWin, b: WonInstantWin) =>
  a.competitionName.localeCompare(b.competitionName) || a.ticketNumber - b.ticketNumber

/**
 * What a paid order's tickets win: each instant-win number among them is
 * won, in the completing transaction, with the customer, the order and the
 * time. A prize of site credit is credited at once and marked processed;
 * any other waits, unprocessed, for staff to hand it over. Only a paid
 * order wins: an unpaid order's numbers stay in the pool, still winning,
 * for whoever pays for them (its own customer, or someone else after it
 * is cancelled). The repository claims each number once, and the ledger
 * credits each ticket once, so running this twice wins and pays nothing
 * more. Answers what this run won, for the winner's email.
 */
export const instantWinAwards = Effect.gen(function* () {
  const instantWins = yield* InstantWinRepo
  const ledger = yield* SiteCreditLedger
  return (
    order: Order,
    winner: { readonly firstName: string; readonly lastName: string },
    at: Date,
  ) =>
    Effect.gen(function* () {
      const tickets = ticketsOf(order)
      if (order.status !== OrderStatus.Completed || tickets.length === 0) return []
      const won = yield* instantWins.claim({
        orderId: order.id,
        customerId: order.customerId,
        winnerDisplayName: winnerDisplayName(winner.firstName, winner.lastName),
        tickets,
        at,
      })
      const credited = won.filter((prize) => prize.siteCredit !== null)
      yield* Effect.forEach(
        credited,
        (prize) =>
          ledger.creditInstantWin(
            order.customerId,
            {
              instantWinTicketId: prize.instantWinTicketId,
              amount: prize.siteCredit ?? pence(0),
              description: instantWinCreditDescription(prize),
            },
            at,
          ),
        { discard: true },
      )
      if (credited.length > 0) {
        yield* instantWins.markProcessed(
          credited.map((prize) => prize.instantWinTicketId),
          at,
        )
      }
      return [...won].sort(byCompetitionThenNumber)
    })
})
