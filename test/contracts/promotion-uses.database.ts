import { PromotionUsesLive } from "@howzat/postgres"
import { newClub, newCustomer, newOrder } from "@howzat/postgres/testing"
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
      await db
        .insertInto("promotions")
        .values({
          code: voucher.code,
          description: voucher.description,
          discountKind: voucher.discount.kind,
          percent: voucher.discount.kind === "Percentage" ? voucher.discount.percent : null,
          amountPence: voucher.discount.kind === "Fixed" ? voucher.discount.amount : null,
          competitionId: voucher.competitionId,
          validFrom: voucher.validFrom,
          validTo: voucher.validTo,
          usageLimit: voucher.usageLimit,
          perCustomerLimit: voucher.perCustomerLimit,
          minimumSpendPence: voucher.minimumSpend,
          freeEntry: voucher.freeEntry,
          clubId: voucher.clubId,
        })
        .execute()
      return { ...voucher, usageCount: 0 }
    },
  }
  return { layer: PromotionUsesLive.pipe(Layer.provide(dbLayer)), seed, close }
}
