import { ReferralRepo } from "@howzat/core/ports/referrals"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import {
  competitionOnSale,
  makeReferralRepo,
  migrateToLatest,
  newBasket,
  newCustomer,
  NOW as ORDERS_NOW,
} from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ReferralsWorld } from "./referrals.contract"

/**
 * The referrals contract's world on a real database (PGlite or PostgreSQL):
 * customers, orders with their lines and payment, and the ledger's
 * referral-reward entries, written and read straight from the tables.
 */
export const referralsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<ReferralsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    const competitionId = await competitionOnSale(db)
    return {
      layer: Layer.succeed(ReferralRepo, makeReferralRepo(db)),
      newCustomer: async (customer = {}) => {
        const customerId = await newCustomer(db)
        const { userId } = await db
          .updateTable("customers")
          .set({
            billingLine1: customer.billing?.line1 ?? null,
            billingPostCode: customer.billing?.postCode ?? null,
            shippingLine1: customer.shipping?.line1 ?? null,
            shippingPostCode: customer.shipping?.postCode ?? null,
          })
          .where("id", "=", customerId)
          .returning("userId")
          .executeTakeFirstOrThrow()
        const names = {
          ...(customer.firstName === undefined ? {} : { firstName: customer.firstName }),
          ...(customer.email === undefined ? {} : { email: customer.email }),
        }
        if (Object.keys(names).length > 0) {
          await db.updateTable("users").set(names).where("id", "=", userId).execute()
        }
        return customerId
      },
      placeOrder: async (customerId, order) => {
        const basketId = await newBasket(db, customerId)
        const { id: orderId } = await db
          .insertInto("orders")
          .values({
            basketId,
            customerId,
            status: order.status,
            itemTotalPence: order.itemTotal,
            discountTotalPence: order.discountTotal,
            donationPence: order.donation,
            siteCreditDebitPence: 0,
            orderTotalPence: order.orderTotal,
            createdAt: ORDERS_NOW,
            expiresAt: new Date(ORDERS_NOW.getTime() + 3_600_000),
          })
          .returning("id")
          .executeTakeFirstOrThrow()
        for (const lineTotal of order.lineTotals) {
          await db
            .insertInto("orderLines")
            .values({
              orderId,
              competitionId,
              quantityRequested: 1,
              quantity: 1,
              unitPricePence: lineTotal,
              preDiscountTotalPence: lineTotal,
              lineTotalPence: lineTotal,
            })
            .execute()
        }
        await db
          .insertInto("payments")
          .values({
            orderId,
            amountPence: order.orderTotal,
            status: "Succeeded",
            provider: "sandbox",
            providerReference: `ref-${orderId}`,
            clientToken: null,
            failureDetail: null,
            cardFingerprint: order.cardFingerprint,
          })
          .execute()
      },
      rewardsOf: async (customerId) =>
        (
          await db
            .selectFrom("siteCreditEntries")
            .select(["amountPence", "description"])
            .where("customerId", "=", customerId)
            .where("reason", "=", "ReferralReward")
            .execute()
        ).map((row) => ({ amount: row.amountPence, description: row.description })),
      close,
    }
  }
