import { CreditCardSpendLive, PaymentRepoLive } from "@howzat/postgres"
import { competitionOnSale, newCustomer, newOrder } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { CreditCardSpendSeed } from "./credit-card-spend.contract"
import type { ContractDatabase } from "./harness"

/** The credit-card harness on a real database: orders and their lines written to the tables. */
export const creditCardSpendOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: CreditCardSpendSeed = {
    customer: () => newCustomer(db),
    order: async (customerId, { instantWin }) => {
      const competitionId = await competitionOnSale(db)
      if (instantWin)
        await db
          .insertInto("instantWinGroups")
          .values({ competitionId, name: "£5 Site Credit" })
          .execute()
      const id = await newOrder(db, customerId, {
        status: "AwaitingPayment",
        orderTotalPence: 1000,
      })
      await db
        .insertInto("orderLines")
        .values({
          orderId: id,
          competitionId,
          quantityRequested: 1,
          quantity: 1,
          unitPricePence: 1000,
          preDiscountTotalPence: 1000,
          lineTotalPence: 1000,
        })
        .execute()
      return id
    },
  }
  return {
    layer: Layer.merge(CreditCardSpendLive, PaymentRepoLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}
