import {
  addCompetition,
  customerRecord,
  emptyPostalStore,
  postalDoublesOver,
  userOf,
} from "@howzat/core/testing"
import { postalEntriesContract } from "./postal-entries.contract"

postalEntriesContract("postal entries in memory (the PostalEntryRepo double)", async () => {
  const store = emptyPostalStore()
  let competitions = 0
  return {
    layer: postalDoublesOver(store),
    newCompetition: async ({ name, totalTickets, ...dates }) => {
      const competitionId = `competition-${++competitions}`
      const order = Array.from({ length: totalTickets }, (_, index) => index + 1)
      addCompetition(store, { competitionId, competitionName: name, ...dates }, order)
      return competitionId
    },
    newCustomer: async (email) => {
      const customer = customerRecord({ email })
      store.customers.push(customer)
      store.users.push(userOf(customer))
      return customer.customerId
    },
    buyTickets: async (customerId, competitionId, quantity) => {
      store.pool.get(competitionId)?.splice(0, quantity)
      const key = `${customerId}/${competitionId}`
      store.bought.set(key, (store.bought.get(key) ?? 0) + quantity)
      store.sold.set(competitionId, (store.sold.get(competitionId) ?? 0) + quantity)
    },
    ticketsSold: async (competitionId) => store.sold.get(competitionId) ?? 0,
    close: async () => {},
  }
})
