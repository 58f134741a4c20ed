import { PaymentRepoLive } from "@howzat/postgres"
import { newCustomer, newOrder } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { PaymentsSeed } from "./payments.contract"

/** The payments harness on a real database: each order a new customer's, written to the table. */
export const paymentsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: PaymentsSeed = {
    order: async (status) =>
      newOrder(db, await newCustomer(db), { status, orderTotalPence: 1_250 }),
  }
  return { layer: PaymentRepoLive.pipe(Layer.provide(dbLayer)), seed, close }
}
