import { randomUUID } from "node:crypto"
import {
  addCustomer,
  checkoutDoublesOver,
  claimForPostalEntry,
  emptyOrderStore,
  orderCustomer,
  sampleCompetition,
} from "@howzat/core/testing"
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
      const email = store.customers.find((c) => c.customerId === customerId)?.email ?? ""
      const number = claimForPostalEntry(store, {
        entryId: randomUUID(),
        competitionId,
        customerId,
        email,
        at: NOW,
      })
      if (number === null) throw new Error("no ticket left for the postal entry")
      return number
    },
    postalEntryWithoutAccount: async (email, competitionId) => {
      const number = claimForPostalEntry(store, {
        entryId: randomUUID(),
        competitionId,
        customerId: null,
        email,
        at: NOW,
      })
      if (number === null) throw new Error("no ticket left for the postal entry")
      return number
    },
    close: async () => {},
  }
}
