import { Effect } from "effect"
import { mayRead } from "../accounts/customer-accounts.js"
import { CustomerNotFound } from "../accounts/errors.js"
import type { Principal } from "../accounts/model.js"
import type { Competition, Page, PageRequest } from "../competitions/model.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { now } from "../ports/clock.js"
import { type InstantWinNumber, InstantWinRepo, type TicketRef } from "../ports/instant-wins.js"
import { CustomerTicketRepo, OrderRepo, TicketAllocator } from "../ports/orders.js"
import { PaymentRepo, type SiteCreditEntry, SiteCreditLedger } from "../ports/payments.js"
import type { Pence } from "../rules/money.js"
import { orderSearchTerm } from "../rules/order-search.js"
import { OrderStatus } from "../rules/order-status.js"
import { matchesTicketStatus, type TicketStatus } from "../rules/ticket-status.js"
import { orderAsReadBy } from "../rules/ticket-visibility.js"
import { authorize } from "../staff/permissions.js"
import { OrderNotFound } from "./errors.js"
import {
  asReadBy,
  mayReadOrder,
  type OrderWithPayments,
  orderReaderOf,
  readOrdersWithPayments,
  readOrderWithPayments,
} from "./payments.js"

export interface OrderListRequest {
  /** Omitted: a customer's own orders; staff must name a customer or see everyone's. */
  readonly customerId?: string | undefined
  readonly status?: OrderStatus | undefined
  readonly createdFrom?: Date | undefined
  readonly createdTo?: Date | undefined
  /** The back office's search box (rules/order-search): staff who manage orders only. */
  readonly search?: string | undefined
  readonly page: PageRequest
}

/** What a ticket that is an instant-win number is for, and whether it has won it. */
export interface TicketInstantWin {
  readonly won: boolean
  readonly instantWinGroupId: string
  readonly prizeName: string
}

export interface OrderTicket {
  readonly competitionId: string
  readonly competitionName: string
  readonly ticketNumber: number
  /** Null for a ticket that is no instant-win number. */
  readonly instantWin: TicketInstantWin | null
}

export interface CustomerCompetition {
  readonly competition: Competition
  /** Ascending; completed orders only. */
  readonly ticketNumbers: readonly number[]
  /** Those of the numbers that are instant-win numbers, ascending. */
  readonly instantWins: readonly InstantWinNumber[]
}

export interface TicketQuery {
  /** Only the tickets that are instant-win numbers (docs/product/api.md's instant-win flag). */
  readonly instantWinsOnly: boolean
  /**
   * Sold, unsold or either (core/src/rules/ticket-status.ts); undefined is
   * "All". An order's tickets are sold once it is paid (Completed): an
   * unpaid order's, which only staff read, and a refunded one's are not.
   * A customer's tickets in a competition are all sold (paid orders and
   * postal entries), so Unsold lists none of them.
   */
  readonly ticketStatus?: TicketStatus | undefined
}

export interface SiteCreditAccount {
  readonly balance: Pence
  /** Newest first. */
  readonly entries: Page<SiteCreditEntry>
}

/** More open competitions than the storefront ever shows at once. */
export const OPEN_COMPETITIONS_HELD_LIMIT = 500

const key = (ticket: TicketRef) => `${ticket.competitionId}/${ticket.ticketNumber}`

/**
 * What a customer reads about their orders and tickets (/Account/Orders,
 * /Account/Order/{id}, /Account/Tickets). Someone else's order or tickets
 * are answered exactly like ones that don't exist. An order's ticket
 * numbers, and so its instant-win flags, reach its customer only once it
 * is paid (rules/ticket-visibility); /Account/Tickets reads completed
 * orders only (CustomerTicketRepo), so it never holds an unpaid number.
 */
export class CustomerOrders extends Effect.Service<CustomerOrders>()(
  "@howzat/core/CustomerOrders",
  {
    effect: Effect.gen(function* () {
      const orders = yield* OrderRepo
      const payments = yield* PaymentRepo
      const withPayments = readOrderWithPayments(payments, yield* SiteCreditLedger)
      const withPaymentsOfPage = readOrdersWithPayments(payments, yield* SiteCreditLedger)
      const tickets = yield* CustomerTicketRepo
      const competitions = yield* CompetitionRepo
      const allocator = yield* TicketAllocator
      const instantWins = yield* InstantWinRepo
      const ledger = yield* SiteCreditLedger

      /** Each ticket with the instant-win prize it is, if any; filtered to those when asked. */
      const withInstantWins = (
        tickets: readonly Omit<OrderTicket, "instantWin">[],
        query: TicketQuery,
      ) =>
        Effect.map(instantWins.numbersAmong(tickets), (numbers) => {
          const byTicket = new Map(numbers.map((n) => [key(n), n]))
          return tickets.flatMap((ticket): OrderTicket[] => {
            const number = byTicket.get(key(ticket))
            if (number === undefined && query.instantWinsOnly) return []
            const instantWin =
              number === undefined
                ? null
                : {
                    won: number.won,
                    instantWinGroupId: number.instantWinGroupId,
                    prizeName: number.prizeName,
                  }
            return [{ ...ticket, instantWin }]
          })
        })

      const readable = (principal: Principal, orderId: string) =>
        Effect.filterOrFail(
          orders.byId(orderId),
          (order) => mayReadOrder(principal, order),
          () => new OrderNotFound({ orderId }),
        )

      const order = (principal: Principal, orderId: string) =>
        Effect.gen(function* () {
          return asReadBy(principal)(yield* withPayments(yield* readable(principal, orderId)))
        })

      const list = (principal: Principal, request: OrderListRequest) =>
        Effect.gen(function* () {
          const customerId = request.customerId ?? principal.customerId
          const search = orderSearchTerm(request.search)
          // Another customer's orders, or everyone's, are the back office's,
          // and so is searching: a customer has their own few orders to read,
          // and a search by name or email is a way into other people's.
          if (customerId === null || customerId !== principal.customerId || search !== undefined) {
            yield* authorize(principal, "ManageOrders")
          }
          const page = yield* orders.list({
            customerId,
            status: request.status,
            createdFrom: request.createdFrom,
            createdTo: request.createdTo,
            search,
            page: request.page,
          })
          // Two reads for the whole page, not two per order (docs/decisions/0090).
          const items = (yield* withPaymentsOfPage(page.items)).map(asReadBy(principal))
          return { ...page, items } satisfies Page<OrderWithPayments>
        })

      const orderTickets = (
        principal: Principal,
        orderId: string,
        query: TicketQuery & { readonly competitionId?: string | undefined } = {
          instantWinsOnly: false,
        },
      ) =>
        Effect.flatMap(readable(principal, orderId), (read) => {
          // An unpaid order's tickets are not listed to its customer at all.
          const found = orderAsReadBy(orderReaderOf(principal), read)
          if (!matchesTicketStatus(query.ticketStatus, read.status === OrderStatus.Completed))
            return Effect.succeed([])
          return withInstantWins(
            found.lines
              .filter(
                (line) =>
                  query.competitionId === undefined || line.competitionId === query.competitionId,
              )
              .flatMap((line) =>
                [...line.ticketNumbers]
                  .sort((a, b) => a - b)
                  .map((ticketNumber) => ({
                    competitionId: line.competitionId,
                    competitionName: line.competitionName,
                    ticketNumber,
                  })),
              ),
            query,
          )
        })

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
          // One read for the whole page's numbers, however many competitions.
          const numbers = yield* instantWins.numbersAmong(
            held.items.flatMap((entry) =>
              entry.ticketNumbers.map((ticketNumber) => ({
                competitionId: entry.competitionId,
                ticketNumber,
              })),
            ),
          )
          const items = yield* Effect.forEach(held.items, (entry) =>
            Effect.map(
              competitions.byId(entry.competitionId, { visibleOnly: false }),
              (competition): CustomerCompetition => ({
                competition,
                ticketNumbers: entry.ticketNumbers,
                instantWins: numbers
                  .filter((n) => n.competitionId === entry.competitionId)
                  .sort((a, b) => a.ticketNumber - b.ticketNumber),
              }),
            ),
          )
          return { ...held, items } satisfies Page<CustomerCompetition>
        })

      const competitionTickets = (
        principal: Principal,
        customerId: string,
        competitionId: string,
        query: TicketQuery = { instantWinsOnly: false },
      ) =>
        Effect.gen(function* () {
          yield* ownTickets(principal, customerId)
          // What a customer holds is sold (paid orders and postal entries): none is unsold.
          if (!matchesTicketStatus(query.ticketStatus, true)) return []
          const numbers = yield* tickets.ticketsIn(customerId, competitionId)
          if (numbers.length === 0) return []
          const competition = yield* competitions.byId(competitionId, { visibleOnly: false })
          return yield* withInstantWins(
            numbers.map((ticketNumber) => ({
              competitionId,
              competitionName: competition.name,
              ticketNumber,
            })),
            query,
          )
        })

      /** /Account/SiteCredit: the balance and every entry behind it, newest first. */
      const siteCreditAccount = (principal: Principal, customerId: string, page: PageRequest) =>
        Effect.gen(function* () {
          yield* ownTickets(principal, customerId)
          return {
            balance: yield* ledger.balance(customerId),
            entries: yield* ledger.entries(customerId, page),
          } satisfies SiteCreditAccount
        })

      /**
       * The count the per-person maximum is checked against when tickets are
       * added and allocated (completed and unpaid orders), so the ticket
       * selector can offer exactly what the server will accept (docs/product/validation.md),
       * also before the basket has a line for the competition.
       */
      const ticketsHeld = (principal: Principal, customerId: string, competitionId: string) =>
        Effect.zipRight(
          ownTickets(principal, customerId),
          allocator.ticketsHeld(customerId, competitionId),
        )

      /**
       * The competitions still open in which the customer owns tickets: the
       * storefront's tiles invite them, and only them, to buy more. A
       * customer in more than the limit's worth at once sees the plain
       * invitation on the rest, which costs nothing but a word.
       */
      const openCompetitionsHeld = (principal: Principal, customerId: string) =>
        Effect.gen(function* () {
          yield* ownTickets(principal, customerId)
          return yield* tickets.openCompetitionIds(
            customerId,
            yield* now,
            OPEN_COMPETITIONS_HELD_LIMIT,
          )
        })

      return {
        order,
        list,
        openCompetitionsHeld,
        /** Every ticket of the order (or of one of its competitions), by competition then number. */
        orderTickets,
        /** /Account/Tickets: UPCOMING (`drawn` false) or DRAWN, with the numbers held. */
        customerCompetitions,
        competitionTickets,
        ticketsHeld,
        siteCreditAccount,
      }
    }),
  },
) {}
