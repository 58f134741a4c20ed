import { PaymentRepoLive } from "@howzat/postgres"
import { NOW, newBasket, newCustomer } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { PaymentsSeed } from "./payments.contract"

/** The payments harness on a real database: each order a new customer's, written to the table. */
export const paymentsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: PaymentsSeed = {
    order: async (status) => {
      const customerId = await newCustomer(db)
      const { id } = await db
        .insertInto("orders")
        .values({
          basketId: await newBasket(db, customerId),
          customerId,
          status,
          orderTotalPence: 1_250,
          siteCreditDebitPence: 0,
          allocationExceptions: "[]",
          createdAt: NOW,
          expiresAt: NOW,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      return id
    },
  }
  return { layer: PaymentRepoLive.pipe(Layer.provide(dbLayer)), seed, close }
}
