import { randomUUID } from "node:crypto"
import {
  addCustomer,
  checkoutDoublesOver,
  emptyOrderStore,
  memoryTicketAllocator,
  orderCustomer,
  sampleCompetition,
} from "@howzat/core/testing"
import { Effect } from "effect"
import { DAY, NOW, type OrdersWorld } from "./orders.world"

/**
 * The orders contracts' world in memory: the doubles core's checkout tests
 * run on (`checkoutDoublesOver`), seeded straight into their store. Ids are
 * uuids, as the database's, so orderings by id compare alike.
 */
export const ordersInMemory = async (): Promise<OrdersWorld> => {
  const store = emptyOrderStore()
  return {
    layer: checkoutDoublesOver(store),
    customer: async (named = {}) => {
      const customerId = randomUUID()
      addCustomer(store, orderCustomer(customerId, named))
      return customerId
    },
    competition: async (seed = {}) => {
      const made = sampleCompetition({
        id: randomUUID(),
        name: seed.name ?? "Test competition",
        ...(seed.ticketPrice === undefined ? {} : { ticketPrice: seed.ticketPrice }),
        totalTickets: seed.totalTickets ?? 20,
        maxTicketsPerCustomer: seed.maxTicketsPerCustomer ?? 10,
        startDateTimeUtc: seed.opensAt ?? new Date(NOW.getTime() - DAY),
        closeDateTimeUtc: seed.closesAt ?? new Date(NOW.getTime() + 10 * DAY),
        drawDateTimeUtc:
          seed.drawAt === undefined ? new Date(NOW.getTime() + 11 * DAY) : seed.drawAt,
      })
      store.competitions.set(made.id, made)
      return made.id
    },
    promotion: async (promotion) => {
      store.promotions.set(promotion.code, promotion)
    },
    draw: async (competitionId, at) => {
      store.drawn.set(competitionId, at)
    },
    postalEntry: async (customerId, competitionId) => {
      const entryId = randomUUID()
      const { lines } = await Effect.runPromise(
        memoryTicketAllocator(store).allocate({
          orderId: entryId,
          customerId,
          at: NOW,
          lines: [{ competitionId, quantity: 1 }],
        }),
      )
      store.postalEntries.set(entryId, customerId)
      const number = lines[0]?.ticketNumbers[0]
      if (number === undefined) throw new Error("no ticket left for the postal entry")
      return number
    },
    close: async () => {},
  }
}
