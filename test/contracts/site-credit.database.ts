import { SiteCreditLedgerLive } from "@howzat/postgres"
import { competitionOnSale, NOW, newBasket, newCustomer } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { SiteCreditSeed } from "./site-credit.contract"

/** The site-credit harness on a real database: customers, orders and instant-win tickets as rows. */
export const siteCreditOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: SiteCreditSeed = {
    customer: () => newCustomer(db),
    order: async (customerId) =>
      db
        .insertInto("orders")
        .values({
          basketId: await newBasket(db, customerId),
          customerId,
          status: "AwaitingPayment",
          orderTotalPence: 1_000,
          siteCreditDebitPence: 0,
          allocationExceptions: "[]",
          createdAt: NOW,
          expiresAt: NOW,
        })
        .returning(["id", "orderRef"])
        .executeTakeFirstOrThrow(),
    instantWinTicket: async () => {
      const competitionId = await competitionOnSale(db)
      const group = await db
        .insertInto("instantWinGroups")
        .values({ competitionId, name: "£5 Site Credit" })
        .returning("id")
        .executeTakeFirstOrThrow()
      const { id } = await db
        .insertInto("instantWinTickets")
        .values({ competitionId, instantWinGroupId: group.id, ticketNumber: 1 })
        .returning("id")
        .executeTakeFirstOrThrow()
      return id
    },
  }
  return { layer: SiteCreditLedgerLive.pipe(Layer.provide(dbLayer)), seed, close }
}
