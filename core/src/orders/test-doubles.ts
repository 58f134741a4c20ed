/**
 * In-memory doubles of the ports the basket use cases need. They keep the
 * behaviour the services rely on (one item per competition, tickets held per
 * customer and competition, a customer's credit balance) and nothing else.
 */
import { Effect, Layer } from "effect"
import { CustomerNotFound } from "../accounts/errors"
import type { Customer } from "../accounts/model"
import { CompetitionNotFound } from "../competitions/errors"
import type { Competition } from "../competitions/model"
import { CustomerRepo } from "../ports/accounts"
import { CompetitionRepo } from "../ports/catalogue"
import { BasketRepo, TicketAllocator } from "../ports/orders"
import { type Pence, pence, ZERO_PENCE } from "../rules/money"
import { Baskets } from "./baskets"
import { BasketCheckedOut, BasketItemNotFound, BasketNotFound } from "./errors"
import type { Basket, Promotion } from "./model"

export interface OrderStore {
  readonly baskets: Map<string, Basket>
  readonly competitions: Map<string, Competition>
  readonly promotions: Map<string, Promotion>
  /** Key `${customerId}/${competitionId}`. */
  readonly held: Map<string, number>
  readonly creditBalances: Map<string, Pence>
}

export const emptyOrderStore = (): OrderStore => ({
  baskets: new Map(),
  competitions: new Map(),
  promotions: new Map(),
  held: new Map(),
  creditBalances: new Map(),
})

let nextId = 0
const newId = (prefix: string) => {
  nextId += 1
  return `${prefix}-${nextId}`
}

const unused = (name: string) => () => Effect.die(`${name} is not used by the basket tests`)

export const orderDoublesOver = (store: OrderStore) => {
  const find = (basketId: string) => {
    const basket = store.baskets.get(basketId)
    return basket === undefined
      ? Effect.fail(new BasketNotFound({ basketId }))
      : Effect.succeed(basket)
  }
  const write = (basketId: string, update: (basket: Basket) => Basket) =>
    Effect.map(find(basketId), (basket) => {
      const changed = update(basket)
      store.baskets.set(basketId, changed)
      return changed
    })
  /** As the real repository: a checked-out basket takes no more changes. */
  const change = (basketId: string, update: (basket: Basket) => Basket) =>
    Effect.flatMap(
      find(basketId),
      (basket): Effect.Effect<Basket, BasketNotFound | BasketCheckedOut> =>
        basket.orderId === null
          ? write(basketId, update)
          : Effect.fail(new BasketCheckedOut({ basketId, orderId: basket.orderId })),
    )

  const basketRepo = Layer.succeed(BasketRepo, {
    create: (customerId) =>
      Effect.sync(() => {
        const basket: Basket = {
          id: newId("basket"),
          customerId,
          items: [],
          promotionCodes: [],
          autoRoundup: false,
          siteCreditRequested: ZERO_PENCE,
          orderId: null,
        }
        store.baskets.set(basket.id, basket)
        return basket
      }),
    byId: find,
    holdForCheckout: find,
    setItem: (basketId, competitionId, quantity) =>
      change(basketId, (basket) => {
        const existing = basket.items.find((i) => i.competitionId === competitionId)
        return {
          ...basket,
          items:
            existing === undefined
              ? [...basket.items, { id: newId("item"), competitionId, quantity }]
              : basket.items.map((i) => (i === existing ? { ...i, quantity } : i)),
        }
      }),
    removeItem: (basketId, itemId) =>
      Effect.flatMap(
        find(basketId),
        (basket): Effect.Effect<Basket, BasketNotFound | BasketItemNotFound | BasketCheckedOut> =>
          basket.items.some((i) => i.id === itemId)
            ? change(basketId, (b) => ({ ...b, items: b.items.filter((i) => i.id !== itemId) }))
            : Effect.fail(new BasketItemNotFound({ basketId, itemId })),
      ),
    setPromotionCodes: (basketId, codes) =>
      change(basketId, (basket) => ({ ...basket, promotionCodes: [...codes] })),
    setExtras: (basketId, extras) => change(basketId, (basket) => ({ ...basket, ...extras })),
    setCustomer: (basketId, customerId) =>
      change(basketId, (basket) => ({ ...basket, customerId })),
    recordBought: (basketId, bought) =>
      write(basketId, (basket) => ({
        ...basket,
        items: basket.items.flatMap((item) => {
          const quantity =
            bought.find((b) => b.competitionId === item.competitionId)?.quantity ?? item.quantity
          return quantity > 0 ? [{ ...item, quantity }] : []
        }),
      })),
    promotionByCode: (code) => Effect.sync(() => store.promotions.get(code) ?? null),
  })

  const competitionRepo = Layer.succeed(CompetitionRepo, {
    list: unused("CompetitionRepo.list"),
    instantWinTickets: unused("CompetitionRepo.instantWinTickets"),
    byId: (competitionId, options) => {
      const competition = store.competitions.get(competitionId)
      return competition === undefined ||
        (options.visibleOnly && competition.visibilityStatus !== "Visible")
        ? Effect.fail(new CompetitionNotFound({ competitionId }))
        : Effect.succeed(competition)
    },
  })

  const allocator = Layer.succeed(TicketAllocator, {
    allocate: unused("TicketAllocator.allocate"),
    release: unused("TicketAllocator.release"),
    ticketsHeld: (customerId, competitionId) =>
      Effect.sync(() => store.held.get(`${customerId}/${competitionId}`) ?? 0),
  })

  const customers = Layer.succeed(CustomerRepo, {
    register: unused("CustomerRepo.register"),
    update: unused("CustomerRepo.update"),
    list: unused("CustomerRepo.list"),
    byId: (customerId) => {
      const balance = store.creditBalances.get(customerId)
      if (balance === undefined) return Effect.fail(new CustomerNotFound({ customerId }))
      const customer: Customer = {
        customerId,
        userId: `user-of-${customerId}`,
        firstName: "Ann",
        lastName: "Buyer",
        email: "ann@example.com",
        emailVerified: true,
        dateOfBirth: "1990-01-01",
        telephoneNumber: "07700900000",
        defaultBillingAddress: null,
        defaultShippingAddress: null,
        allowMarketingByEmail: false,
        allowMarketingByPhone: false,
        allowMarketingByText: false,
        allowMarketingByPost: false,
        siteCreditAccountBalance: balance,
      }
      return Effect.succeed(customer)
    },
  })

  return Layer.mergeAll(basketRepo, competitionRepo, allocator, customers)
}

export const basketServicesOver = (store: OrderStore) =>
  Baskets.Default.pipe(Layer.provide(orderDoublesOver(store)))

export const competition = (overrides: Partial<Competition> = {}): Competition => ({
  id: newId("competition"),
  name: "A car",
  description: "<p>A car</p>",
  ticketPrice: pence(250),
  totalTickets: 1000,
  ticketsSoldToDate: 0,
  maxTicketsPerCustomer: 10,
  defaultTicketSaleQuantity: 1,
  cashAlternativeValue: null,
  startDateTimeUtc: new Date("2026-06-01T00:00:00Z"),
  closeDateTimeUtc: new Date("2026-07-01T00:00:00Z"),
  drawDateTimeUtc: new Date("2026-07-02T00:00:00Z"),
  drawType: "Automatic",
  visibilityStatus: "Visible",
  categoryIds: [],
  attributes: [],
  imageGroup: null,
  instantWinGroups: [],
  ...overrides,
})
