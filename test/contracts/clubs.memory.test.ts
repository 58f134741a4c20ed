import { randomUUID } from "node:crypto"
import { OrderStatus } from "@howzat/core/rules"
import { emptyClubs, memoryClubDirectory, memoryClubs } from "@howzat/core/testing"
import { Layer } from "effect"
import { clubsContract } from "./clubs.contract"

clubsContract("clubs in memory (the ClubStore and ClubDirectory doubles)", async () => {
  const state = emptyClubs()
  return {
    layer: Layer.merge(memoryClubs(state), memoryClubDirectory(state)),
    voucher: async (code, validFrom) => {
      const id = randomUUID()
      state.vouchers.push({
        id,
        code,
        description: "10% off",
        clubId: null,
        usageCount: 0,
        validFrom: validFrom ?? null,
        validTo: null,
      })
      return id
    },
    use: async (promotionId) => {
      for (const v of state.vouchers) if (v.id === promotionId) v.usageCount += 1
    },
    staff: async () => randomUUID(),
    credit: async (clubId, amount, at) => {
      const orderId = randomUUID()
      state.ledger.push({ clubId, at, kind: "Credit", orderId, amount, reference: null })
      return orderId
    },
    // Once per club and order, as the refund's unique key has it.
    reverse: async (orderId, at) => {
      for (const entry of [...state.ledger]) {
        const reversed = state.ledger.some(
          (e) => e.kind === "Reversal" && e.orderId === orderId && e.clubId === entry.clubId,
        )
        if (entry.kind === "Credit" && entry.orderId === orderId && !reversed)
          state.ledger.push({ ...entry, at, kind: "Reversal", amount: -entry.amount })
      }
    },
    relink: async (promotionId, clubId) => {
      for (const v of state.vouchers) if (v.id === promotionId) v.clubId = clubId
    },
    orderPaying: async (promotionId) => {
      const order = { promotionId, status: OrderStatus.Pending as OrderStatus }
      state.ordersUsingVouchers.push(order)
      return {
        cancel: async () => {
          order.status = OrderStatus.Cancelled
        },
      }
    },
    orderUsing: async (promotionId, status) => {
      state.ordersUsingVouchers.push({ promotionId, status })
    },
    close: async () => {},
  }
})
