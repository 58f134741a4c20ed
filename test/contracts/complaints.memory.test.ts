import { randomUUID } from "node:crypto"
import {
  complaintStoreOver,
  complaintTransactionsOver,
  emptyComplaints,
} from "@howzat/core/testing"
import { Layer } from "effect"
import { complaintsContract } from "./complaints.contract"

complaintsContract("complaints in memory (the ComplaintStore double)", async () => {
  const state = emptyComplaints()
  return {
    layer: Layer.merge(complaintStoreOver(state), complaintTransactionsOver(state)),
    removeAll: async () => {
      state.complaints.length = 0
    },
    // References as the orders table makes them: ten upper-case hex digits.
    addOrder: async (email) => {
      const reference = randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()
      const customerId = randomUUID()
      state.orders.push({ reference, customerId, email })
      return { reference, customerId }
    },
    close: async () => {},
  }
})
