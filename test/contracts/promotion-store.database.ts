import { PromotionStoreLive } from "@howzat/postgres"
import { competitionOnSale, newClub, newCustomer, newOrder } from "@howzat/postgres/testing"
import { Layer } from "effect"
import { sql } from "kysely"
import type { ContractDatabase } from "./harness"
import type { PromotionStoreSeed } from "./promotion-store.contract"

/** The vouchers harness on a real database: competitions, clubs and an order's use as rows. */
export const promotionStoreOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: PromotionStoreSeed = {
    competition: () => competitionOnSale(db),
    club: () => newClub(db),
    useOnce: async (promotionId) => {
      const customerId = await newCustomer(db)
      const orderId = await newOrder(db, customerId, { orderTotalPence: 1_000 })
      await db.insertInto("promotionUses").values({ orderId, promotionId, customerId }).execute()
      await db
        .updateTable("promotions")
        .set({ usageCount: sql`usage_count + 1` })
        .where("id", "=", promotionId)
        .execute()
    },
  }
  return { layer: PromotionStoreLive.pipe(Layer.provide(dbLayer)), seed, close }
}
