import { SpendLimitStoreLive } from "@howzat/postgres"
import { newBasket, newCustomer } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { SpendLimitSeed } from "./spend-limits.contract"

/** The spend-limit harness on a real database (PGlite or PostgreSQL): rows written straight to the tables. */
export const spendLimitsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: SpendLimitSeed = {
    customer: () => newCustomer(db),
    order: async (customerId, order) => {
      const basketId = await newBasket(db, customerId)
      const { id } = await db
        .insertInto("orders")
        .values({
          basketId,
          customerId,
          status: order.status,
          orderTotalPence: order.orderTotal,
          siteCreditDebitPence: order.siteCreditDebit,
          allocationExceptions: "[]",
          createdAt: order.createdAt,
          expiresAt: order.createdAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      if (order.creditBought)
        await db
          .insertInto("orderCreditItems")
          .values({
            orderId: id,
            position: 0,
            description: "Site credit",
            lineTotalPence: order.creditBought,
          })
          .execute()
      return id
    },
  }
  return { layer: SpendLimitStoreLive.pipe(Layer.provide(dbLayer)), seed, close }
}
