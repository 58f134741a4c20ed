import { PromotionUses } from "@howzat/core/ports"
import { emptyPromotionUseBook, memoryPromotionUses } from "@howzat/core/testing"
import { Layer } from "effect"
import { memoryId } from "./harness"
import { promotionUsesContract } from "./promotion-uses.contract"

promotionUsesContract("voucher uses in memory (memoryPromotionUses)", async () => {
  const book = emptyPromotionUseBook()
  const customers = new Map<string, string>()
  return {
    layer: Layer.succeed(
      PromotionUses,
      memoryPromotionUses(book, (orderId) => customers.get(orderId)),
    ),
    seed: {
      customer: async () => memoryId("customer"),
      order: async (customerId) => {
        const orderId = memoryId("order")
        customers.set(orderId, customerId)
        return orderId
      },
      club: async () => memoryId("club"),
      promotion: async (voucher) => {
        const saved = { ...voucher, usageCount: 0 }
        book.promotions.set(saved.code, saved)
        return saved
      },
    },
    close: async () => {},
  }
})
