import { PromotionUsesLive } from "@howzat/postgres"
import { newClub, newCustomer, newOrder, newPromotion } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { PromotionUsesSeed } from "./promotion-uses.contract"

/** The voucher-uses harness on a real database: orders, clubs and vouchers as rows. */
export const promotionUsesOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: PromotionUsesSeed = {
    customer: () => newCustomer(db),
    order: (customerId) => newOrder(db, customerId, { orderTotalPence: 1_000 }),
    club: () => newClub(db),
    promotion: async (voucher) => {
      const unused = { ...voucher, usageCount: 0 }
      await newPromotion(db, unused)
      return unused
    },
  }
  return { layer: PromotionUsesLive.pipe(Layer.provide(dbLayer)), seed, close }
}
