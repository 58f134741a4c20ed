import { PromotionStore } from "@howzat/core/ports"
import { emptyPromotionShelf, memoryPromotionStore } from "@howzat/core/testing"
import { Layer } from "effect"
import { memoryId } from "./harness"
import { promotionStoreContract } from "./promotion-store.contract"

promotionStoreContract("vouchers in memory (memoryPromotionStore)", async () => {
  const shelf = emptyPromotionShelf()
  return {
    layer: Layer.succeed(PromotionStore, memoryPromotionStore(shelf)),
    seed: {
      competition: async () => {
        const id = memoryId("competition")
        shelf.competitions.add(id)
        return id
      },
      club: async () => {
        const id = memoryId("club")
        shelf.clubs.add(id)
        return id
      },
      useOnce: async (promotionId) => {
        const promotion = shelf.promotions.get(promotionId)
        if (promotion === undefined) throw new Error(`no voucher ${promotionId}`)
        shelf.promotions.set(promotionId, { ...promotion, usageCount: promotion.usageCount + 1 })
      },
    },
    close: async () => {},
  }
})
