import { randomUUID } from "node:crypto"
import { HarmSignalFacts } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeHarmSignalFacts,
  makeResponsiblePlayEvents,
  newBasket,
  newCustomer,
} from "@howzat/postgres/testing"
import { Effect, Layer } from "effect"
import type { HarmSignalFactsWorld } from "./harm-signal-facts.contract"

const DAY = 24 * 60 * 60 * 1000

/**
 * The harm-signal facts contract's world on a real database (PGlite or
 * PostgreSQL): events through the real log, orders, lines, payments and
 * refused referrals written straight to their tables.
 */
export const harmSignalFactsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<HarmSignalFactsWorld> => {
    const { db, close } = await open()
    const competitionId = await competitionOnSale(db)
    const log = makeResponsiblePlayEvents(db)
    return {
      layer: Layer.succeed(HarmSignalFacts, makeHarmSignalFacts(db)),
      newCustomer: async ({ firstName, lastName, email }) => {
        const customerId = await newCustomer(db)
        const { userId } = await db
          .selectFrom("customers")
          .select("userId")
          .where("id", "=", customerId)
          .executeTakeFirstOrThrow()
        await db
          .updateTable("users")
          .set({ firstName, lastName, email })
          .where("id", "=", userId)
          .execute()
        return customerId
      },
      recordEvent: (event) => Effect.runPromise(log.record(event)),
      placeOrder: async (customerId, order) => {
        const { id: orderId } = await db
          .insertInto("orders")
          .values({
            basketId: await newBasket(db, customerId),
            customerId,
            status: order.status,
            createdAt: order.at,
            expiresAt: new Date(order.at.getTime() + DAY),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        // One line per competition: each amount after the first gets its own.
        for (const [index, pence] of order.lineTotals.entries()) {
          await db
            .insertInto("orderLines")
            .values({
              orderId,
              competitionId: index === 0 ? competitionId : await competitionOnSale(db),
              quantityRequested: 1,
              quantity: 1,
              unitPricePence: pence,
              preDiscountTotalPence: pence,
              lineTotalPence: pence,
            })
            .execute()
        }
        if (order.payment !== undefined) {
          await db
            .insertInto("payments")
            .values({
              orderId,
              amountPence: 100,
              status: order.payment,
              provider: "sandbox",
              providerReference: `ref-${randomUUID()}`,
              clientToken: null,
              failureDetail: order.payment === "Failed" ? "Declined" : null,
              updatedAt: order.at,
            })
            .execute()
        }
      },
      refuseReferral: async ({ friendCustomerId, referrerCustomerId, at, matches }) => {
        await db
          .insertInto("referrals")
          .values({
            friendCustomerId,
            referrerCustomerId,
            joinedAt: new Date(at.getTime() - DAY),
            refusedAt: at,
            refusedBecause: matches.join(","),
          })
          .execute()
      },
      close,
    }
  }
