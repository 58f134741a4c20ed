import type { Promotion } from "@howzat/core/orders"
import {
  BasketRepo,
  type CustomerTicketRepo,
  OrderRepo,
  type PickedNumberStore,
  TicketAllocator,
} from "@howzat/core/ports"
import { OrderStatus, orderTransitions, type Pence } from "@howzat/core/rules"
import { Effect, type Layer } from "effect"

/** The instant the orders contracts buy at; seeded competitions are open at it. */
export const NOW = new Date("2026-06-15T12:00:00.000Z")
export const HOUR = 3_600_000
export const DAY = 24 * HOUR

/** Who a seeded customer is: each part left out is made up (the address unique). */
export interface CustomerNames {
  readonly firstName?: string
  readonly lastName?: string
  readonly email?: string
}

/** A competition as the orders contracts seed it: open at NOW unless told otherwise. */
export interface CompetitionSeed {
  readonly name?: string
  readonly ticketPrice?: Pence
  readonly totalTickets?: number
  readonly maxTicketsPerCustomer?: number
  readonly opensAt?: Date
  readonly closesAt?: Date
  /** Null: the competition has no draw date (it is placed by its close date). */
  readonly drawAt?: Date | null
}

/**
 * The ports of a basket's life (BasketRepo, TicketAllocator, OrderRepo,
 * CustomerTicketRepo) over one backend, and the seeding their contracts
 * need, written the backend's own way: customers, competitions with their
 * pool, promotions, a draw made, a free postal entry holding a number.
 * One world serves the four contracts, as the ports share their rows
 * (an order checks its basket out; its lines read the pool's numbers).
 */
export interface OrdersWorld {
  readonly layer: Layer.Layer<
    BasketRepo | TicketAllocator | OrderRepo | CustomerTicketRepo | PickedNumberStore
  >
  /** A customer; named so for the back office's search, otherwise made up. */
  readonly customer: (named?: CustomerNames) => Promise<string>
  readonly competition: (seed?: CompetitionSeed) => Promise<string>
  readonly promotion: (promotion: Promotion) => Promise<void>
  /** The competition is drawn at `at`: it sells nothing more and its tickets are DRAWN. */
  readonly draw: (competitionId: string, at: Date) => Promise<void>
  /** A free postal entry of the customer's: answers the number it holds. */
  readonly postalEntry: (customerId: string, competitionId: string) => Promise<number>
  /**
   * A free postal entry of someone without an account, under `email` as the
   * postcard carries it (case and spacing kept): answers the number it holds.
   */
  readonly postalEntryWithoutAccount: (email: string, competitionId: string) => Promise<number>
  readonly close: () => Promise<void>
}

/** The moves from Pending to `status`, read from the machine itself (breadth first). */
export const pathTo = (status: OrderStatus): readonly OrderStatus[] => {
  const queue: (readonly OrderStatus[])[] = [[]]
  const seen = new Set<OrderStatus>([OrderStatus.Pending])
  while (queue.length > 0) {
    const path = queue.shift() ?? []
    const at = path.at(-1) ?? OrderStatus.Pending
    if (at === status) return path
    for (const next of orderTransitions[at]) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push([...path, next])
    }
  }
  throw new Error(`The machine never reaches ${status}`)
}

/** Runs effects on a world's ports; the world is opened by the suite's beforeAll. */
export const runOn =
  (world: () => OrdersWorld) =>
  <A, E>(
    effect: Effect.Effect<
      A,
      E,
      BasketRepo | TicketAllocator | OrderRepo | CustomerTicketRepo | PickedNumberStore
    >,
  ): Promise<A> =>
    Effect.runPromise(Effect.provide(effect, world().layer))

/**
 * An order made through the ports as checkout makes one: a basket of the
 * customer's, its order, the tickets claimed, then moved along the machine
 * to `status`. Answers the order's id and the numbers each competition gave.
 */
export const placeOrder = (
  customerId: string,
  lines: readonly { readonly competitionId: string; readonly quantity: number }[],
  options: {
    readonly status?: OrderStatus
    readonly createdAt?: Date
    readonly expiresAt?: Date
  } = {},
) =>
  Effect.gen(function* () {
    const baskets = yield* BasketRepo
    const orders = yield* OrderRepo
    const allocator = yield* TicketAllocator
    const basket = yield* baskets.create(customerId)
    const createdAt = options.createdAt ?? NOW
    const { order } = yield* orders.createForBasket({
      basketId: basket.id,
      customerId,
      createdAt,
      expiresAt: options.expiresAt ?? new Date(createdAt.getTime() + HOUR),
    })
    const allocated =
      lines.length === 0
        ? { lines: [] }
        : yield* allocator.allocate({ orderId: order.id, customerId, at: NOW, lines })
    for (const to of pathTo(options.status ?? OrderStatus.Pending))
      yield* orders.transition(order.id, to)
    return {
      orderId: order.id,
      basketId: basket.id,
      numbers: new Map(allocated.lines.map((l) => [l.competitionId, [...l.ticketNumbers]])),
      lines: allocated.lines,
    }
  })
