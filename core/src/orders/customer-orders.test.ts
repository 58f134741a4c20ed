import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer, TestClock } from "effect"
import type { Principal } from "../accounts/model.js"
import { CompetitionNotFound } from "../competitions/errors.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { CustomerTicketRepo, TicketAllocator } from "../ports/orders.js"
import { pence } from "../rules/money.js"
import { OrderStatus } from "../rules/order-status.js"
import { CustomerOrders } from "./customer-orders.js"
import { instantWinRow } from "./instant-win-doubles.js"
import type { Order, OrderLine } from "./model.js"
import {
  ANN,
  awaitingOrder,
  BOB,
  emptyPaymentStore,
  paymentDoublesOver,
} from "./payment-doubles.js"
import { sampleCompetition } from "./test-doubles.js"

const STAFF: Principal = { ...ANN, userId: "user-sam", role: "Staff", customerId: null }

const car = sampleCompetition({ id: "car", name: "A car" })
const annsOrder = awaitingOrder({
  status: "Completed",
  lines: [
    {
      competitionId: car.id,
      competitionName: car.name,
      quantity: 3,
      price: car.ticketPrice,
      preDiscountTotal: car.ticketPrice,
      lineTotal: car.ticketPrice,
      ticketNumbers: [40, 7, 12],
    },
  ],
})
const bobsOrder = awaitingOrder({ customerId: "customer-bob" })

const services = (more: readonly Order[] = []) => {
  const store = emptyPaymentStore()
  for (const order of [annsOrder, bobsOrder, ...more]) store.orders.set(order.id, order)
  // 12 has won Ann a ball; 40 would pay £5 of credit, not won yet; 99 is nobody's here.
  store.instantWins.push(
    instantWinRow({ competitionId: car.id, ticketNumber: 12, siteCredit: null, wonAt: new Date() }),
    instantWinRow({ competitionId: car.id, ticketNumber: 40, siteCredit: pence(500) }),
    instantWinRow({ competitionId: car.id, ticketNumber: 99, siteCredit: pence(500) }),
  )
  store.ledger.push({
    customerId: ANN.customerId ?? "",
    orderId: null,
    amount: pence(500),
    reason: "InstantWin",
    description: "Instant win: £5 Site Credit, ticket 3 (A car)",
    instantWinTicketId: "instant-win-old",
  })
  const tickets = Layer.succeed(CustomerTicketRepo, {
    competitions: ({ customerId, drawn, page }) =>
      Effect.succeed({
        items:
          customerId === ANN.customerId && !drawn
            ? [{ competitionId: car.id, ticketNumbers: [7, 12, 40] }]
            : [],
        pageNumber: page.pageNumber,
        pageSize: page.pageSize,
        totalCount: customerId === ANN.customerId && !drawn ? 1 : 0,
      }),
    ticketsIn: (customerId, competitionId) =>
      Effect.succeed(customerId === ANN.customerId && competitionId === car.id ? [7, 12, 40] : []),
    // Open at the test clock's start (the epoch), closed at any later moment asked about.
    openCompetitionIds: (customerId, now, limit) =>
      Effect.succeed(
        customerId === ANN.customerId && now.getTime() === 0 && limit > 0 ? [car.id] : [],
      ),
  })
  const competitions = Layer.succeed(CompetitionRepo, {
    list: () => Effect.die("unused"),
    instantWinTickets: () => Effect.die("unused"),
    datesOf: () => Effect.die("unused"),
    byId: (competitionId) =>
      competitionId === car.id
        ? Effect.succeed(car)
        : Effect.fail(new CompetitionNotFound({ competitionId })),
  })
  // Ann holds 2 in the car: one completed order and one still unpaid.
  const allocator = Layer.succeed(TicketAllocator, {
    allocate: () => Effect.die("unused"),
    release: () => Effect.die("unused"),
    ticketsHeld: (customerId, competitionId) =>
      Effect.succeed(customerId === ANN.customerId && competitionId === car.id ? 2 : 0),
  })
  return CustomerOrders.Default.pipe(
    Layer.provide(Layer.mergeAll(paymentDoublesOver(store), tickets, competitions, allocator)),
  )
}

const run = <A, E>(test: Effect.Effect<A, E, CustomerOrders>, more: readonly Order[] = []) =>
  Effect.provide(test, services(more))

/** Ann's order of one ticket, 99, an instant-win number (£5 of credit), in any status. */
const annsOrderOf99 = (status: OrderStatus) =>
  awaitingOrder({
    id: `order-99-${status}`,
    status,
    lines: [{ ...(annsOrder.lines[0] as OrderLine), quantity: 1, ticketNumbers: [99] }],
  })

describe("CustomerOrders", () => {
  it.effect("shows a customer their own order and hides anyone else's", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        expect((yield* orders.order(ANN, annsOrder.id)).order.id).toBe(annsOrder.id)
        expect((yield* orders.order(STAFF, bobsOrder.id)).order.id).toBe(bobsOrder.id)
        const hidden = yield* Effect.either(orders.order(ANN, bobsOrder.id))
        expect(Either.isLeft(hidden) && hidden.left._tag).toBe("OrderNotFound")
      }),
    ),
  )

  it.effect("lists a customer's own orders by default and refuses someone else's list", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        const page = { pageNumber: 1, pageSize: 20 }
        const own = yield* orders.list(ANN, { page })
        expect(own.items.map((i) => i.order.id)).toEqual([annsOrder.id])
        expect(own.totalCount).toBe(1)
        const other = yield* Effect.either(orders.list(ANN, { customerId: "customer-bob", page }))
        expect(Either.isLeft(other) && other.left._tag).toBe("NotStaff")
        const everyone = yield* orders.list(STAFF, { page })
        expect(everyone.totalCount).toBe(2)
      }),
    ),
  )

  it.effect("lets staff search everyone's orders by reference, name or email address", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        const page = { pageNumber: 1, pageSize: 20 }
        const found = (search: string) =>
          Effect.map(orders.list(STAFF, { search, page }), (p) => p.items.map((i) => i.order.id))
        expect(yield* found(bobsOrder.orderRef.toLowerCase())).toEqual([bobsOrder.id])
        expect(yield* found("  bob   BATTER ")).toEqual([bobsOrder.id])
        expect(yield* found("ANN@EXAMPLE")).toEqual([annsOrder.id])
        expect(yield* found("nobody")).toEqual([])
        // Only white space is no search: everyone's orders.
        expect((yield* found("   ")).length).toBe(2)
        // Beside a customer filter, the search narrows that customer's orders.
        const annsBobs = yield* orders.list(STAFF, {
          customerId: ANN.customerId ?? "",
          search: "bob",
          page,
        })
        expect(annsBobs.totalCount).toBe(0)
      }),
    ),
  )

  it.effect("refuses a customer's search, even within their own orders", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        const page = { pageNumber: 1, pageSize: 20 }
        for (const request of [
          { search: "bob", page },
          { search: annsOrder.orderRef, page },
          { customerId: ANN.customerId ?? "", search: "ann", page },
        ]) {
          const refused = yield* Effect.either(orders.list(ANN, request))
          expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
        }
        // A blank box is no search, so their own list still answers.
        expect((yield* orders.list(ANN, { search: " ", page })).totalCount).toBe(1)
      }),
    ),
  )

  it.effect("lists an order's tickets in ascending order", () =>
    run(
      Effect.gen(function* () {
        const tickets = yield* (yield* CustomerOrders).orderTickets(ANN, annsOrder.id)
        expect(tickets.map((t) => t.ticketNumber)).toEqual([7, 12, 40])
        expect(tickets[0]).toEqual({
          competitionId: car.id,
          competitionName: car.name,
          ticketNumber: 7,
          instantWin: null,
        })
      }),
    ),
  )

  it.effect("filters a paid order's tickets by TicketStatus: all sold, none unsold", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        const listed = (ticketStatus: "All" | "Sold" | "Unsold") =>
          Effect.map(
            orders.orderTickets(ANN, annsOrder.id, { instantWinsOnly: false, ticketStatus }),
            (tickets) => tickets.map((t) => t.ticketNumber),
          )
        expect(yield* listed("All")).toEqual([7, 12, 40])
        expect(yield* listed("Sold")).toEqual([7, 12, 40])
        expect(yield* listed("Unsold")).toEqual([])
      }),
    ),
  )

  it.effect(
    "marks the order's instant-win tickets with their prize, and lists only those when asked",
    () =>
      run(
        Effect.gen(function* () {
          const orders = yield* CustomerOrders
          const all = yield* orders.orderTickets(ANN, annsOrder.id)
          expect(all.map((t) => [t.ticketNumber, t.instantWin])).toEqual([
            [7, null],
            [
              12,
              { won: true, instantWinGroupId: "group-prize", prizeName: "Kookaburra Match Ball" },
            ],
            [40, { won: false, instantWinGroupId: "group-credit", prizeName: "£5 Site Credit" }],
          ])
          const onlyWins = yield* orders.orderTickets(ANN, annsOrder.id, {
            competitionId: car.id,
            instantWinsOnly: true,
          })
          expect(onlyWins.map((t) => t.ticketNumber)).toEqual([12, 40])
          expect(
            yield* orders.orderTickets(ANN, annsOrder.id, {
              competitionId: "elsewhere",
              instantWinsOnly: false,
            }),
          ).toEqual([])
          const hidden = yield* Effect.either(orders.orderTickets(BOB, annsOrder.id))
          expect(Either.isLeft(hidden) && hidden.left._tag).toBe("OrderNotFound")
        }),
      ),
  )

  it.effect(
    "gives a customer no number or instant-win flag of an order until it is paid; staff see them",
    () => {
      const unpaid = [
        OrderStatus.AwaitingPayment,
        OrderStatus.Pending,
        OrderStatus.Cancelled,
        OrderStatus.SystemCancelled,
      ].map(annsOrderOf99)
      const paid = [OrderStatus.Completed, OrderStatus.Refunded].map(annsOrderOf99)
      return run(
        Effect.gen(function* () {
          const orders = yield* CustomerOrders
          const instantWin = {
            won: false,
            instantWinGroupId: "group-credit",
            prizeName: "£5 Site Credit",
          }
          for (const order of unpaid) {
            const read = (yield* orders.order(ANN, order.id)).order
            expect(
              read.lines.map((l) => [l.quantity, l.ticketNumbers]),
              order.status,
            ).toEqual([[1, []]])
            expect(yield* orders.orderTickets(ANN, order.id)).toEqual([])
            expect(
              yield* orders.orderTickets(ANN, order.id, {
                competitionId: car.id,
                instantWinsOnly: true,
              }),
            ).toEqual([])
            // The back office reads the same order whole, flag and all.
            expect((yield* orders.order(STAFF, order.id)).order).toEqual(order)
            expect(
              (yield* orders.orderTickets(STAFF, order.id)).map((t) => [
                t.ticketNumber,
                t.instantWin,
              ]),
            ).toEqual([[99, instantWin]])
          }
          for (const order of paid) {
            expect((yield* orders.order(ANN, order.id)).order).toEqual(order)
            expect(
              (yield* orders.orderTickets(ANN, order.id)).map((t) => [
                t.ticketNumber,
                t.instantWin,
              ]),
            ).toEqual([[99, instantWin]])
          }
          const listed = yield* orders.list(ANN, { page: { pageNumber: 1, pageSize: 20 } })
          for (const { order } of listed.items) {
            const numbers = order.lines.flatMap((line) => line.ticketNumbers)
            expect(numbers.length > 0, order.status).toBe(
              order.status === OrderStatus.Completed || order.status === OrderStatus.Refunded,
            )
          }
          const everyone = yield* orders.list(STAFF, { page: { pageNumber: 1, pageSize: 20 } })
          for (const order of unpaid) {
            expect(everyone.items.find((item) => item.order.id === order.id)?.order).toEqual(order)
          }
        }),
        [...unpaid, ...paid],
      )
    },
  )

  it.effect("shows a customer their site-credit account, entries and all, and nobody else", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        const page = { pageNumber: 1, pageSize: 20 }
        const account = yield* orders.siteCreditAccount(ANN, "customer-ann", page)
        expect(account.balance).toBe(500)
        expect(account.entries.items.map((e) => [e.description, e.amount])).toEqual([
          ["Instant win: £5 Site Credit, ticket 3 (A car)", 500],
        ])
        expect((yield* orders.siteCreditAccount(STAFF, "customer-ann", page)).balance).toBe(500)
        const hidden = yield* Effect.either(orders.siteCreditAccount(BOB, "customer-ann", page))
        expect(Either.isLeft(hidden) && hidden.left._tag).toBe("CustomerNotFound")
      }),
    ),
  )

  it.effect("answers the customer's competitions with their numbers, and nobody else's", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        const page = { pageNumber: 1, pageSize: 20 }
        const upcoming = yield* orders.customerCompetitions(ANN, "customer-ann", false, page)
        expect(upcoming.items).toEqual([
          {
            competition: car,
            ticketNumbers: [7, 12, 40],
            instantWins: [
              {
                competitionId: car.id,
                ticketNumber: 12,
                instantWinGroupId: "group-prize",
                prizeName: "Kookaburra Match Ball",
                won: true,
              },
              {
                competitionId: car.id,
                ticketNumber: 40,
                instantWinGroupId: "group-credit",
                prizeName: "£5 Site Credit",
                won: false,
              },
            ],
          },
        ])
        const hidden = yield* Effect.either(
          orders.customerCompetitions(BOB, "customer-ann", false, page),
        )
        expect(Either.isLeft(hidden) && hidden.left._tag).toBe("CustomerNotFound")
        expect(yield* orders.competitionTickets(ANN, "customer-ann", "elsewhere")).toEqual([])
        expect(
          (yield* orders.competitionTickets(ANN, "customer-ann", car.id)).map(
            (t) => t.ticketNumber,
          ),
        ).toEqual([7, 12, 40])
        const wins = yield* orders.competitionTickets(ANN, "customer-ann", car.id, {
          instantWinsOnly: true,
        })
        expect(wins.map((t) => [t.ticketNumber, t.instantWin?.won])).toEqual([
          [12, true],
          [40, false],
        ])
      }),
    ),
  )

  it.effect("tells a customer how many tickets they hold in a competition, and nobody else", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        expect(yield* orders.ticketsHeld(ANN, "customer-ann", car.id)).toBe(2)
        expect(yield* orders.ticketsHeld(ANN, "customer-ann", "elsewhere")).toBe(0)
        expect(yield* orders.ticketsHeld(STAFF, "customer-ann", car.id)).toBe(2)
        const hidden = yield* Effect.either(orders.ticketsHeld(BOB, "customer-ann", car.id))
        expect(Either.isLeft(hidden) && hidden.left._tag).toBe("CustomerNotFound")
      }),
    ),
  )

  it.effect("names the open competitions a customer holds tickets in, to them and staff only", () =>
    run(
      Effect.gen(function* () {
        const orders = yield* CustomerOrders
        expect(yield* orders.openCompetitionsHeld(ANN, "customer-ann")).toEqual([car.id])
        expect(yield* orders.openCompetitionsHeld(STAFF, "customer-ann")).toEqual([car.id])
        const hidden = yield* Effect.either(orders.openCompetitionsHeld(BOB, "customer-ann"))
        expect(Either.isLeft(hidden) && hidden.left._tag).toBe("CustomerNotFound")
        // Asked at the clock's time: once it has moved on past the close, none.
        yield* TestClock.adjust("1 second")
        expect(yield* orders.openCompetitionsHeld(ANN, "customer-ann")).toEqual([])
      }),
    ),
  )
})
