/**
 * In-memory doubles of the ports checkout needs beyond the basket's: orders
 * (memoryOrderRepo over the basket store, its numbers read from the pool),
 * the customer's tickets, the customer's site credit (memorySiteCreditLedger
 * over the store's ledger), and transactions that roll the store back when
 * the work fails, as the database would.
 */
import { Effect, Layer } from "effect"
import { Mailer } from "../ports/mailer.js"
import { CustomerTicketRepo, OrderRepo } from "../ports/orders.js"
import { SiteCreditLedger } from "../ports/payments.js"
import { ShopLinks } from "../ports/shop-links.js"
import { Transactions } from "../ports/transactions.js"
import { PurchaseGate } from "../responsible-play/purchase-gate.js"
import {
  responsiblePlayEventsOver,
  type SpendLimitDoubleState,
  spendLimitState,
  spendLimitStoreOver,
} from "../responsible-play/spend-limit-doubles.js"
import { testBrandLayer } from "../testing/mail-and-limits.js"
import { orderTicketNumbers, releaseOrderTickets } from "./allocator-doubles.js"
import { Checkout } from "./checkout.js"
import { memoryCustomerTicketRepo } from "./customer-ticket-doubles.js"
import { instantWinRepoOver } from "./instant-win-doubles.js"
import { customerSearchFields, memoryOrderRepo } from "./order-repo-doubles.js"
import { memorySiteCreditLedger } from "./site-credit-doubles.js"
import { type OrderStore, orderDoublesOver } from "./test-doubles.js"

/** Everything the store holds, copied so a failed transaction can put it back. */
const snapshot = (store: OrderStore) => ({
  baskets: new Map(store.baskets),
  competitions: new Map(store.competitions),
  promotions: new Map(store.promotions),
  held: new Map(store.held),
  users: [...store.users],
  customers: [...store.customers],
  ledger: [...store.ledger],
  orders: new Map(store.orders),
  promotionUses: [...store.promotionUses],
  mail: [...store.mail],
  allocated: new Map(store.allocated),
  poolOrder: new Map(store.poolOrder),
  ticketHolders: new Map(store.ticketHolders),
  postalEntries: new Map(store.postalEntries),
  postalEmails: new Map(store.postalEmails),
  drawn: new Map(store.drawn),
  expiryPutOffs: new Map(store.expiryPutOffs),
  instantWins: [...store.instantWins],
})

const restore = (store: OrderStore, saved: ReturnType<typeof snapshot>) => {
  for (const key of Object.keys(saved) as (keyof typeof saved)[]) {
    const target = store[key]
    if (Array.isArray(target))
      (target as unknown[]).splice(0, target.length, ...(saved[key] as unknown[]))
    else {
      const map = target as Map<unknown, unknown>
      map.clear()
      for (const [k, v] of saved[key] as Map<unknown, unknown>) map.set(k, v)
    }
  }
}

export const checkoutDoublesOver = (
  store: OrderStore,
  spendLimits: SpendLimitDoubleState = spendLimitState(),
) => {
  const orders = Layer.succeed(
    OrderRepo,
    memoryOrderRepo(store, {
      basketCheckedOut: (basketId, orderId) => {
        const basket = store.baskets.get(basketId)
        if (basket !== undefined) store.baskets.set(basketId, { ...basket, orderId })
      },
      competitionName: (competitionId) => store.competitions.get(competitionId)?.name ?? "",
      ticketNumbers: (orderId, competitionId) => orderTicketNumbers(store, orderId, competitionId),
      releaseTickets: (orderId) => void releaseOrderTickets(store, orderId),
      customerOf: customerSearchFields(store),
    }),
  )

  const ledger = Layer.succeed(
    SiteCreditLedger,
    memorySiteCreditLedger(store, { orderRefOf: (orderId) => store.orders.get(orderId)?.orderRef }),
  )

  // The outbox is written in the checkout's transaction: a rolled-back checkout mails nothing.
  const mailer = Layer.succeed(Mailer, {
    send: (message) => Effect.sync(() => void store.mail.push(message)),
  })
  const links = Layer.succeed(ShopLinks, { origin: "https://shop.example" })

  const transactions = Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const saved = snapshot(store)
        const events = spendLimits.events.length
        return Effect.tapErrorCause(effect, () =>
          Effect.sync(() => {
            restore(store, saved)
            spendLimits.events.splice(events)
          }),
        )
      }),
  })

  const gate = Layer.succeed(
    PurchaseGate,
    PurchaseGate.make({
      check: (customerId) => {
        const refusal = store.purchaseRefusals?.get(customerId)
        return refusal === undefined ? Effect.void : Effect.fail(refusal)
      },
    }),
  )

  return Layer.mergeAll(
    orderDoublesOver(store),
    gate,
    orders,
    Layer.succeed(CustomerTicketRepo, memoryCustomerTicketRepo(store)),
    ledger,
    transactions,
    mailer,
    testBrandLayer,
    links,
    instantWinRepoOver(store.instantWins),
    spendLimitStoreOver(store, spendLimits),
    responsiblePlayEventsOver(spendLimits),
  )
}

export const checkoutServicesOver = (store: OrderStore) =>
  Checkout.Default.pipe(Layer.provide(checkoutDoublesOver(store)))
