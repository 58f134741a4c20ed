/**
 * In-memory doubles of the ports the basket use cases need. They keep the
 * behaviour the services rely on (one item per competition, the owner a
 * change was meant for, tickets held per customer and competition and
 * allocated within the stock and the maximum, voucher uses within their
 * limits). Customers are the whole in-memory CustomerRepo over the store's
 * records, their balance read from the store's site-credit ledger.
 */
import { Effect, Layer } from "effect"
import type { Customer, MailMessage, UserWithPassword } from "../accounts/model.js"
import { addCustomer } from "../accounts/user-and-customer-doubles.js"
import { makeMemoryCompetitionRepo } from "../competitions/competition-repo-doubles.js"
import type { Competition } from "../competitions/model.js"
import { CustomerRepo } from "../ports/accounts.js"
import { CompetitionRepo } from "../ports/catalogue.js"
import { type BasketKey, BasketRepo, TicketAllocator } from "../ports/orders.js"
import { type NumberHold, PickedNumberStore } from "../ports/picked-numbers.js"
import { PromotionUses } from "../ports/promotions.js"
import type {
  AccountNotInGoodStanding,
  AgeNotVerified,
} from "../responsible-play/standing-errors.js"
import { mayUseBasketOwnedBy } from "../rules/basket.js"
import { type Pence, pence, ZERO_PENCE } from "../rules/money.js"
import { testBrandLayer } from "../testing/mail-and-limits.js"
import { memoryTicketAllocator } from "./allocator-doubles.js"
import { Baskets } from "./baskets.js"
import { Charities, type Charity } from "./charities.js"
import { BasketCheckedOut, BasketItemNotFound, BasketNotFound } from "./errors.js"
import type { InstantWinRow } from "./instant-win-doubles.js"
import type { Basket, Order, Promotion } from "./model.js"
import type { ExpiryPutOff } from "./order-repo-doubles.js"
import { memoryPickedNumberStore, type NumberHoldRow } from "./picked-number-doubles.js"
import { memoryPromotionUses } from "./promotion-uses-doubles.js"
import { memoryCustomerRepoOverLedger, type SiteCreditLine } from "./site-credit-doubles.js"

export interface OrderStore {
  /** Customers the purchase gate refuses (on a break, closed, not verified 18+; decision 0043). */
  purchaseRefusals?: Map<string, AccountNotInGoodStanding | AgeNotVerified>
  readonly baskets: Map<string, Basket>
  readonly competitions: Map<string, Competition>
  readonly promotions: Map<string, Promotion>
  /**
   * Tickets a customer holds beyond the pool this store numbers, key
   * `${customerId}/${competitionId}`: a test's seeded sales without an
   * order, which count towards the maximum as core's rule counts such sales
   * (rules/per-person-maximum). What the store's own orders and postal
   * entries hold is counted from `allocated`.
   */
  readonly held: Map<string, number>
  /**
   * Customers and their sign-ins (user-and-customer-doubles): a customer id
   * with no record here is CustomerNotFound, as the database answers.
   */
  users: UserWithPassword[]
  customers: Customer[]
  /** The site-credit ledger's lines (site-credit-doubles): every balance is their sum. */
  readonly ledger: SiteCreditLine[]
  /** Checkout's orders (checkout-doubles), by id. */
  readonly orders: Map<string, Order>
  /** One entry per voucher use an order holds. */
  readonly promotionUses: { orderId: string; customerId: string; code: string }[]
  /** The outbox: what checkout-doubles' Mailer was handed, in order. */
  readonly mail: MailMessage[]
  /** Numbers the allocator gave each order: key `${orderId}/${competitionId}`. */
  readonly allocated: Map<string, readonly number[]>
  /**
   * Each competition's numbers in the order the allocator hands them out,
   * once a release has changed it from 1..totalTickets (allocator-doubles).
   */
  readonly poolOrder: Map<string, readonly number[]>
  /** Who the allocator gave each order's tickets to (orderId → customerId), for release. */
  readonly ticketHolders: Map<string, string>
  /** Free postal entries holding a number of the pool (entry id → customerId), as orders do. */
  readonly postalEntries: Map<string, string>
  /**
   * Free postal entries made without an account (entry id → the email on
   * the postcard): no customer holds them, and they count against whoever
   * signs in with that address (rules/per-person-maximum).
   */
  readonly postalEmails: Map<string, string>
  /** Competitions drawn (id → when): nothing more is sold, whatever the close date says. */
  readonly drawn: Map<string, Date>
  /** Expiries put off by the expiry job (orderId → attempts and when to try again). */
  readonly expiryPutOffs: Map<string, ExpiryPutOff>
  /** The instant-win numbers of the competitions (checkout-doubles' InstantWinRepo). */
  readonly instantWins: InstantWinRow[]
  /** Picked numbers' holds (picked-number-doubles), made on first use. */
  pickHolds?: {
    readonly numbers: Map<string, NumberHoldRow>
    readonly picks: Map<string, NumberHold>
  }
}

export const emptyOrderStore = (): OrderStore => ({
  baskets: new Map(),
  competitions: new Map(),
  promotions: new Map(),
  held: new Map(),
  users: [],
  customers: [],
  ledger: [],
  orders: new Map(),
  promotionUses: [],
  mail: [],
  allocated: new Map(),
  poolOrder: new Map(),
  ticketHolders: new Map(),
  postalEntries: new Map(),
  postalEmails: new Map(),
  drawn: new Map(),
  expiryPutOffs: new Map(),
  instantWins: [],
})

let nextId = 0
const newId = (prefix: string) => {
  nextId += 1
  return `${prefix}-${nextId}`
}

export const orderDoublesOver = (store: OrderStore) => {
  const find = (basketId: string) => {
    const basket = store.baskets.get(basketId)
    return basket === undefined
      ? Effect.fail(new BasketNotFound({ basketId }))
      : Effect.succeed(basket)
  }
  // Written last, listed last: the map's order is the order baskets were last changed.
  const write = (basketId: string, update: (basket: Basket) => Basket) =>
    Effect.map(find(basketId), (basket) => {
      const changed = update(basket)
      store.baskets.delete(basketId)
      store.baskets.set(basketId, changed)
      return changed
    })
  /**
   * As the real repository: the change is made only while the basket still
   * has the owner core expected, and never to a checked-out basket.
   */
  const change = (
    basketId: string,
    ownerMayBe: (owner: string | null) => boolean,
    update: (basket: Basket) => Basket,
  ) =>
    Effect.flatMap(
      find(basketId),
      (basket): Effect.Effect<Basket, BasketNotFound | BasketCheckedOut> =>
        !ownerMayBe(basket.customerId)
          ? Effect.fail(new BasketNotFound({ basketId }))
          : basket.orderId === null
            ? write(basketId, update)
            : Effect.fail(new BasketCheckedOut({ basketId, orderId: basket.orderId })),
    )
  const changeKeyed = (key: BasketKey, update: (basket: Basket) => Basket) =>
    change(key.basketId, (owner) => owner === key.owner, update)

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
          siteCreditPurchase: ZERO_PENCE,
          orderId: null,
        }
        store.baskets.set(basket.id, basket)
        return basket
      }),
    byId: find,
    holdForCheckout: find,
    setItem: (key, competitionId, quantity) =>
      changeKeyed(key, (basket) => {
        const existing = basket.items.find((i) => i.competitionId === competitionId)
        return {
          ...basket,
          items:
            existing === undefined
              ? [...basket.items, { id: newId("item"), competitionId, quantity }]
              : basket.items.map((i) => (i === existing ? { ...i, quantity } : i)),
        }
      }),
    // The owner and checkout are checked first, then the item, as the database does.
    removeItem: (key, itemId) => {
      let removed = false
      return changeKeyed(key, (basket) => {
        removed = basket.items.some((i) => i.id === itemId)
        return { ...basket, items: basket.items.filter((i) => i.id !== itemId) }
      }).pipe(
        Effect.filterOrFail(
          () => removed,
          () => new BasketItemNotFound({ basketId: key.basketId, itemId }),
        ),
      )
    },
    // Codes of promotions that exist, in the order given (the database keeps no others).
    setPromotionCodes: (key, codes) =>
      changeKeyed(key, (basket) => ({
        ...basket,
        promotionCodes: codes.filter((code) => store.promotions.has(code)),
      })),
    // Never below nothing: the database clamps the amounts as this does.
    setExtras: (key, extras) =>
      changeKeyed(key, (basket) => ({
        ...basket,
        autoRoundup: extras.autoRoundup,
        siteCreditRequested: pence(Math.max(0, extras.siteCreditRequested)),
      })),
    setSiteCreditPurchase: (key, amount) =>
      changeKeyed(key, (basket) => ({ ...basket, siteCreditPurchase: pence(Math.max(0, amount)) })),
    claim: (basketId, customerId) =>
      change(
        basketId,
        (owner) => mayUseBasketOwnedBy(customerId, owner),
        (basket) => ({ ...basket, customerId }),
      ),
    openOf: (customerId, limit) =>
      Effect.sync(() =>
        [...store.baskets.values()]
          .filter((basket) => basket.customerId === customerId && basket.orderId === null)
          .reverse()
          .slice(0, Math.max(0, limit)),
      ),
    absorb: (into, fromBasketId, combine) =>
      Effect.flatMap(
        find(into.basketId),
        (target): Effect.Effect<Basket, BasketNotFound | BasketCheckedOut> => {
          if (target.customerId !== into.owner)
            return Effect.fail(new BasketNotFound({ basketId: into.basketId }))
          if (target.orderId !== null)
            return Effect.fail(
              new BasketCheckedOut({ basketId: into.basketId, orderId: target.orderId }),
            )
          const source = store.baskets.get(fromBasketId)
          if (
            source === undefined ||
            source.id === target.id ||
            source.customerId !== into.owner ||
            source.orderId !== null
          )
            return Effect.succeed(target)
          const contents = combine(target, source)
          // The emptied basket first, so the merged one is the last changed.
          return Effect.zipRight(
            write(source.id, (basket) => ({
              ...basket,
              items: [],
              promotionCodes: [],
              siteCreditPurchase: ZERO_PENCE,
            })),
            write(target.id, (basket) => ({
              ...basket,
              items: contents.items.map((line) => ({
                id:
                  basket.items.find((i) => i.competitionId === line.competitionId)?.id ??
                  newId("item"),
                ...line,
              })),
              promotionCodes: contents.promotionCodes.filter((code) => store.promotions.has(code)),
              siteCreditPurchase: pence(Math.max(0, contents.siteCreditPurchase)),
            })),
          )
        },
      ),
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

  // The one in-memory CompetitionRepo, over this store's competitions and instant wins.
  const competitionRepo = Layer.succeed(
    CompetitionRepo,
    makeMemoryCompetitionRepo({
      competitions: () => store.competitions.values(),
      instantWinNumbers: () =>
        store.instantWins.map((row) => ({
          competitionId: row.competitionId,
          instantWinGroupId: row.instantWinGroupId,
          ticketNumber: row.ticketNumber,
          wonAt: row.wonAt,
          winnerDisplayName: row.winnerDisplayName,
          isVisible: true,
        })),
    }),
  )

  const allocator = Layer.succeed(TicketAllocator, memoryTicketAllocator(store))

  const customers = Layer.succeed(CustomerRepo, memoryCustomerRepoOverLedger(store))

  // The basket tests never pay an order, so no club credit is kept between layers.
  const promotionUses = Layer.succeed(
    PromotionUses,
    memoryPromotionUses(
      { promotions: store.promotions, promotionUses: store.promotionUses, clubCredits: new Map() },
      (orderId) => store.orders.get(orderId)?.customerId,
    ),
  )

  const picks = Layer.succeed(PickedNumberStore, memoryPickedNumberStore(store))

  return Layer.mergeAll(
    basketRepo,
    competitionRepo,
    allocator,
    customers,
    promotionUses,
    picks,
    testBrandLayer,
  )
}

/**
 * A customer of the order tests, signed in as `customerId@example.com`
 * (unique, as the database keeps addresses), named Ann Buyer unless told.
 */
export const orderCustomer = (customerId: string, overrides: Partial<Customer> = {}): Customer => ({
  customerId,
  userId: `user-of-${customerId}`,
  firstName: "Ann",
  lastName: "Buyer",
  email: `${customerId}@example.com`,
  emailVerified: true,
  dateOfBirth: "1990-01-01",
  telephoneNumber: "07700900000",
  defaultBillingAddress: null,
  defaultShippingAddress: null,
  allowMarketingByEmail: false,
  allowMarketingByPhone: false,
  allowMarketingByText: false,
  allowMarketingByPost: false,
  siteCreditAccountBalance: ZERO_PENCE,
  ...overrides,
})

/** Site credit given to a customer (a Grant line of the store's ledger), as staff give it. */
export const giveSiteCredit = (store: OrderStore, customerId: string, amount: Pence) => {
  if (amount > 0) {
    store.ledger.push({
      customerId,
      orderId: null,
      amount,
      reason: "Grant",
      description: "Given by the test",
    })
  }
}

/** Makes `customerId` a customer of the shop (record and sign-in) holding `siteCredit`. */
export const addOrderCustomer = (
  store: OrderStore,
  customerId: string,
  siteCredit: Pence = ZERO_PENCE,
) => {
  addCustomer(store, orderCustomer(customerId))
  giveSiteCredit(store, customerId, siteCredit)
}

/** A charity for tests of the round-up, which is priced only when the brand has one. */
export const A_CHARITY: Charity = { name: "Lord's Taverners", url: "https://example.org" }

export const basketServicesOver = (store: OrderStore, charities: readonly Charity[] = []) =>
  Baskets.Default.pipe(
    Layer.provide(orderDoublesOver(store)),
    Layer.provide(Layer.succeed(Charities, { list: charities })),
  )

export const sampleCompetition = (overrides: Partial<Competition> = {}): Competition => ({
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
  drawCommitment: "0000000000000000000000000000000000000000000000000000000000000000",
  drawResult: null,
  drawOnSellOut: false,
  drawBroughtForward: null,
  instantWinCommitment: null,
  ...overrides,
})

/** A whole-basket voucher of 10% off with no limits, unless overridden. */
export const samplePromotion = (overrides: Partial<Promotion> = {}): Promotion => ({
  code: "SUMMER10",
  description: "10% off",
  discount: { kind: "Percentage", percent: 10 },
  competitionId: null,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usageCount: 0,
  minimumSpend: null,
  perCustomerLimit: null,
  freeEntry: false,
  clubId: null,
  ...overrides,
})
