import { randomUUID } from "node:crypto"
import { addHarmOrder, emptyHarm, harmSignalFactsOver } from "@howzat/core/testing"
import { harmSignalFactsContract } from "./harm-signal-facts.contract"

harmSignalFactsContract("harm-signal facts in memory (the HarmSignalFacts double)", async () => {
  const state = emptyHarm()
  return {
    layer: harmSignalFactsOver(state),
    newCustomer: async ({ firstName, lastName, email }) => {
      const customerId = randomUUID()
      state.customers.push({ customerId, name: `${firstName} ${lastName}`, email })
      return customerId
    },
    recordEvent: async (event) => {
      state.events.push({ ...event, id: String(state.events.length + 1) })
    },
    placeOrder: async (customerId, order) => addHarmOrder(state, customerId, order),
    refuseReferral: async (refusal) => {
      state.referralRefusals.push({ ...refusal, matches: [...refusal.matches] })
    },
    close: async () => {},
  }
})
