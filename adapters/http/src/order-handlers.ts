import { HttpApiBuilder } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import { pageInfo } from "@howzat/contracts/paging"
import { CurrentUser } from "@howzat/contracts/security"
import type { Principal } from "@howzat/core/accounts"
import { Catalogue } from "@howzat/core/competitions"
import {
  CustomerOrders,
  type OrderTicket,
  type OrderWithPayments,
  Payments,
  StaffOrders,
  type TicketInstantWin,
} from "@howzat/core/orders"
import { Effect } from "effect"
import { spendLimitReachedProblem, spendLimitUnansweredProblem } from "./basket-problems"
import { presentOrder, presentOrders } from "./order-presenter"
import { orderProblem } from "./order-problems"
import { paymentToWire, ticketNumbersText } from "./order-wire"
import { isPurchaseRefusal, purchaseRefusal } from "./standing-problems"
import { competitionToWire } from "./wire"

const present = (
  principal: Principal,
  { order, payments, siteCreditReturned }: OrderWithPayments,
) => presentOrder(order, principal, {}, payments.map(paymentToWire), siteCreditReturned)

/** docs/product/entities.md's ticket.instantWin: the prize as its group, and whether it is won. */
const instantWinToWire = (instantWin: TicketInstantWin) => ({
  won: instantWin.won,
  instantWinGroup: { id: instantWin.instantWinGroupId, name: instantWin.prizeName },
})

const ticketsToWire = (tickets: readonly OrderTicket[]) => ({
  tickets: tickets.map((ticket) => ({
    competitionId: ticket.competitionId,
    competitionName: ticket.competitionName,
    ticketNumber: ticket.ticketNumber,
    instantWin: ticket.instantWin === null ? null : instantWinToWire(ticket.instantWin),
  })),
})

/**
 * docs/product/api.md's orders: the customer's own (staff may read anyone's), paying by
 * card, the browser's return from the card form and cancelling. Every
 * answer is the whole order with its payments, so the payment pages need
 * one call.
 */
export const OrderHandlersLive = HttpApiBuilder.group(HowzatApi, "orders", (handlers) =>
  Effect.gen(function* () {
    const payments = yield* Payments
    const customerOrders = yield* CustomerOrders
    const staffOrders = yield* StaffOrders

    /** Runs a payment step for the signed-in caller and answers with the order as it now stands. */
    const act = <E, R>(step: (principal: Principal) => Effect.Effect<OrderWithPayments, E, R>) =>
      Effect.gen(function* () {
        const principal = yield* CurrentUser
        return { order: yield* present(principal, yield* step(principal)) }
      })

    return handlers
      .handle("list", ({ urlParams }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          const page = yield* customerOrders.list(principal, {
            customerId: urlParams.CustomerId,
            status: urlParams.OrderStatus,
            createdFrom: urlParams["OrderCreatedDateRange.FromDate"],
            createdTo: urlParams["OrderCreatedDateRange.ToDate"],
            search: urlParams.Search,
            page: { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
          })
          // The whole page in one go: no read per order (order-presenter.ts).
          const orders = yield* presentOrders(
            principal,
            page.items.map(({ order, payments, siteCreditReturned }) => ({
              order,
              payments: payments.map(paymentToWire),
              siteCreditReturned,
            })),
          )
          return { orders, ...pageInfo(page) }
        }).pipe(Effect.catchAll(orderProblem)),
      )
      .handle("byId", ({ path }) =>
        act((principal) => customerOrders.order(principal, path.orderId)).pipe(
          Effect.catchAll(orderProblem),
        ),
      )
      .handle("cancel", ({ path }) =>
        act((principal) =>
          // Staff cancel any unpaid order through core's authorized, audited path.
          principal.role === "Customer"
            ? payments.cancel(principal, path.orderId)
            : staffOrders.cancel(principal, path.orderId),
        ).pipe(Effect.catchAll(orderProblem)),
      )
      .handle("complete", ({ path }) =>
        act((principal) => payments.complete(principal, path.orderId)).pipe(
          Effect.catchAll(orderProblem),
        ),
      )
      .handle("startPayment", ({ path, urlParams }) =>
        act((principal) => payments.startPayment(principal, path.orderId, urlParams.method)).pipe(
          // On a break, closed or not verified 18+ since the order was placed (0043);
          // the spend-limit question not answered yet, or the limit answered reached (0041).
          Effect.catchAll((error) =>
            error._tag === "SpendLimitUnanswered"
              ? Effect.fail(spendLimitUnansweredProblem(error))
              : error._tag === "SpendLimitReached"
                ? Effect.fail(spendLimitReachedProblem(error))
                : isPurchaseRefusal(error)
                  ? purchaseRefusal(error)
                  : orderProblem(error),
          ),
        ),
      )
      .handle("byPayment", ({ path }) =>
        act((principal) => payments.orderOfPayment(principal, path.provider, path.reference)).pipe(
          Effect.catchAll(orderProblem),
        ),
      )
      .handle("tickets", ({ path, urlParams }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          return ticketsToWire(
            yield* customerOrders.orderTickets(principal, path.orderId, {
              instantWinsOnly: urlParams.InstantWinTicketsOnly,
              ticketStatus: urlParams.TicketStatus,
            }),
          )
        }).pipe(Effect.catchAll(orderProblem)),
      )
      .handle("competitionTickets", ({ path, urlParams }) =>
        Effect.gen(function* () {
          const principal = yield* CurrentUser
          return ticketsToWire(
            yield* customerOrders.orderTickets(principal, path.orderId, {
              competitionId: path.competitionId,
              instantWinsOnly: urlParams.InstantWinTicketsOnly,
              ticketStatus: urlParams.TicketStatus,
            }),
          )
        }).pipe(Effect.catchAll(orderProblem)),
      )
  }),
)

/** /Account/Tickets and the ticket selector: what a customer holds, and the numbers. */
export const CustomerTicketHandlersLive = HttpApiBuilder.group(
  HowzatApi,
  "customerTickets",
  (handlers) =>
    Effect.gen(function* () {
      const customerOrders = yield* CustomerOrders
      const catalogue = yield* Catalogue

      return handlers
        .handle("competitions", ({ path, urlParams }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            const page = yield* customerOrders.customerCompetitions(
              principal,
              path.customerId,
              // docs/product/api.md's status codes: 1 UPCOMING, 3 DRAWN.
              urlParams.Status === "3",
              { pageNumber: urlParams.PageNumber, pageSize: urlParams.PageSize },
            )
            const now = yield* catalogue.now
            return {
              competitions: page.items.map((entry) => ({
                competition: competitionToWire(entry.competition, now),
                ticketCount: entry.ticketNumbers.length,
                ticketNumbers: ticketNumbersText(entry.ticketNumbers),
                instantWins: entry.instantWins.map((number) => ({
                  ticketNumber: number.ticketNumber,
                  ...instantWinToWire(number),
                })),
              })),
              ...pageInfo(page),
            }
          }).pipe(Effect.catchAll(orderProblem)),
        )
        .handle("competitionTickets", ({ path, urlParams }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            return ticketsToWire(
              yield* customerOrders.competitionTickets(
                principal,
                path.customerId,
                path.competitionId,
                {
                  instantWinsOnly: urlParams.InstantWinTicketsOnly,
                  ticketStatus: urlParams.TicketStatus,
                },
              ),
            )
          }).pipe(Effect.catchAll(orderProblem)),
        )
        .handle("siteCreditAccount", ({ path, urlParams }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            const account = yield* customerOrders.siteCreditAccount(principal, path.customerId, {
              pageNumber: urlParams.PageNumber,
              pageSize: urlParams.PageSize,
            })
            return {
              siteCreditAccount: {
                balance: account.balance,
                accountEntries: account.entries.items.map((entry) => ({
                  transactionDateTime: entry.at,
                  description: entry.description,
                  amount: entry.amount,
                })),
                ...pageInfo(account.entries),
              },
            }
          }).pipe(Effect.catchAll(orderProblem)),
        )
        .handle("openCompetitionsHeld", ({ path }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            const competitionIds = yield* customerOrders.openCompetitionsHeld(
              principal,
              path.customerId,
            )
            return { competitionIds: [...competitionIds] }
          }).pipe(Effect.catchAll(orderProblem)),
        )
        .handle("ticketsHeld", ({ path }) =>
          Effect.gen(function* () {
            const principal = yield* CurrentUser
            const held = yield* customerOrders.ticketsHeld(
              principal,
              path.customerId,
              path.competitionId,
            )
            return { competitionId: path.competitionId, ticketsHeld: held }
          }).pipe(Effect.catchAll(orderProblem)),
        )
    }),
)
