import { SpendLimitStoreLive } from "@howzat/postgres"
import { newCustomer, newOrder } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { SpendLimitSeed } from "./spend-limits.contract"

/** The spend-limit harness on a real database (PGlite or PostgreSQL): rows written straight to the tables. */
export const spendLimitsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: SpendLimitSeed = {
    customer: () => newCustomer(db),
    order: async (customerId, order) => {
      const id = await newOrder(db, customerId, {
        status: order.status,
        orderTotalPence: order.orderTotal,
        siteCreditDebitPence: order.siteCreditDebit,
        createdAt: order.createdAt,
      })
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
