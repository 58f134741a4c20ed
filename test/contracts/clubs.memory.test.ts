import { randomUUID } from "node:crypto"
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
    relink: async (promotionId, clubId) => {
      for (const v of state.vouchers) if (v.id === promotionId) v.clubId = clubId
    },
    close: async () => {},
  }
})
