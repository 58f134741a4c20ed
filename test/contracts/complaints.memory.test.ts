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
    close: async () => {},
  }
})
