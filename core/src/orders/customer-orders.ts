import { Effect } from "effect"
import { isStaff, mayRead } from "../accounts/customer-accounts"
import { CustomerNotFound, NotStaff } from "../accounts/errors"
import type { Principal } from "../accounts/model"
import type { Competition, Page, PageRequest } from "../competitions/model"
import { CompetitionRepo } from "../ports/catalogue"
import { CustomerTicketRepo, OrderRepo, TicketAllocator } from "../ports/orders"
import { PaymentRepo, SiteCreditLedger } from "../ports/payments"
import type { OrderStatus } from "../rules/order-status"
import { OrderNotFound } from "./errors"
import { mayReadOrder, type OrderWithPayments, readOrderWithPayments } from "./payments"

export interface OrderListRequest {
  /** Omitted: a customer's own orders; staff must name a customer or see everyone's. */
  readonly customerId?: string | undefined
  readonly status?: OrderStatus | undefined
  readonly createdFrom?: Date | undefined
  readonly createdTo?: Date | undefined
  readonly page: PageRequest
}

export interface OrderTicket {
  readonly competitionId: string
  readonly competitionName: string
  readonly ticketNumber: number
}

export interface CustomerCompetition {
  readonly competition: Competition
  /** Ascending; completed orders only. */
  readonly ticketNumbers: readonly number[]
}

/**
 * What a customer reads about their orders and tickets (/Account/Orders,
 * /Account/Order/{id}, /Account/Tickets). Someone else's order or tickets
 * are answered exactly like ones that don't exist.
 */
export class CustomerOrders extends Effect.Service<CustomerOrders>()(
  "@howzat/core/CustomerOrders",
  {
    effect: Effect.gen(function* () {
      const orders = yield* OrderRepo
      const payments = yield* PaymentRepo
      const withPayments = readOrderWithPayments(payments, yield* SiteCreditLedger)
      const tickets = yield* CustomerTicketRepo
      const competitions = yield* CompetitionRepo
      const allocator = yield* TicketAllocator

      const readable = (principal: Principal, orderId: string) =>
        Effect.filterOrFail(
          orders.byId(orderId),
          (order) => mayReadOrder(principal, order),
          () => new OrderNotFound({ orderId }),
        )

      const order = (principal: Principal, orderId: string) =>
        Effect.gen(function* () {
          return yield* withPayments(yield* readable(principal, orderId))
        })

      const list = (principal: Principal, request: OrderListRequest) =>
        Effect.gen(function* () {
          const customerId = request.customerId ?? principal.customerId
          if (customerId === null ? !isStaff(principal) : !mayRead(principal, customerId)) {
            return yield* new NotStaff()
          }
          const page = yield* orders.list({
            customerId,
            status: request.status,
            createdFrom: request.createdFrom,
            createdTo: request.createdTo,
            page: request.page,
          })
          const items = yield* Effect.forEach(page.items, withPayments)
          return { ...page, items } satisfies Page<OrderWithPayments>
        })

      const orderTickets = (principal: Principal, orderId: string) =>
        Effect.map(readable(principal, orderId), (found) =>
          found.lines.flatMap((line) =>
            [...line.ticketNumbers]
              .sort((a, b) => a - b)
              .map(
                (ticketNumber): OrderTicket => ({
                  competitionId: line.competitionId,
                  competitionName: line.competitionName,
                  ticketNumber,
                }),
              ),
          ),
        )

      const ownTickets = (principal: Principal, customerId: string) =>
        mayRead(principal, customerId)
          ? Effect.void
          : Effect.fail(new CustomerNotFound({ customerId }))

      const customerCompetitions = (
        principal: Principal,
        customerId: string,
        drawn: boolean,
        page: PageRequest,
      ) =>
        Effect.gen(function* () {
          yield* ownTickets(principal, customerId)
          const held = yield* tickets.competitions({ customerId, drawn, page })
          const items = yield* Effect.forEach(held.items, (entry) =>
            Effect.map(
              competitions.byId(entry.competitionId, { visibleOnly: false }),
              (competition): CustomerCompetition => ({
                competition,
                ticketNumbers: entry.ticketNumbers,
              }),
            ),
          )
          return { ...held, items } satisfies Page<CustomerCompetition>
        })

      const competitionTickets = (
        principal: Principal,
        customerId: string,
        competitionId: string,
      ) =>
        Effect.gen(function* () {
          yield* ownTickets(principal, customerId)
          const numbers = yield* tickets.ticketsIn(customerId, competitionId)
          if (numbers.length === 0) return []
          const competition = yield* competitions.byId(competitionId, { visibleOnly: false })
          return numbers.map(
            (ticketNumber): OrderTicket => ({
              competitionId,
              competitionName: competition.name,
              ticketNumber,
            }),
          )
        })

      /**
       * The count the per-person maximum is checked against when tickets are
       * added and allocated (completed and unpaid orders), so the ticket
       * selector can offer exactly what the server will accept (SPEC §5),
       * also before the basket has a line for the competition.
       */
      const ticketsHeld = (principal: Principal, customerId: string, competitionId: string) =>
        Effect.zipRight(
          ownTickets(principal, customerId),
          allocator.ticketsHeld(customerId, competitionId),
        )

      return {
        order,
        list,
        /** Every ticket of the order, by competition then number. */
        orderTickets,
        /** /Account/Tickets: UPCOMING (`drawn` false) or DRAWN, with the numbers held. */
        customerCompetitions,
        competitionTickets,
        ticketsHeld,
      }
    }),
  },
) {}
