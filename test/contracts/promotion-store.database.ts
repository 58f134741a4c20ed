import { PromotionStoreLive } from "@howzat/postgres"
import { competitionOnSale, NOW, newBasket, newCustomer } from "@howzat/postgres/testing"
import { Layer } from "effect"
import { sql } from "kysely"
import type { ContractDatabase } from "./harness"
import type { PromotionStoreSeed } from "./promotion-store.contract"

/** The vouchers harness on a real database: competitions, clubs and an order's use as rows. */
export const promotionStoreOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  let clubs = 0
  const seed: PromotionStoreSeed = {
    competition: () => competitionOnSale(db),
    club: async () => {
      clubs += 1
      const { id } = await db
        .insertInto("clubs")
        .values({ name: `Club ${clubs} ${Date.now()}` })
        .returning("id")
        .executeTakeFirstOrThrow()
      return id
    },
    useOnce: async (promotionId) => {
      const customerId = await newCustomer(db)
      const { id: orderId } = await db
        .insertInto("orders")
        .values({
          basketId: await newBasket(db, customerId),
          customerId,
          status: "Pending",
          orderTotalPence: 1_000,
          siteCreditDebitPence: 0,
          allocationExceptions: "[]",
          createdAt: NOW,
          expiresAt: NOW,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
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
