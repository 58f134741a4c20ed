import { SettlementRecordsLive } from "@howzat/postgres"
import { newCustomer, newOrder } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { SettlementsSeed } from "./settlements.contract"

/** The settlements harness on a real database: orders, payments and refunds as rows. */
export const settlementsOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  let references = 0
  const seed: SettlementsSeed = {
    order: async ({ status, cardBalance, placedAt }) =>
      newOrder(db, await newCustomer(db), {
        status,
        itemTotalPence: cardBalance,
        orderTotalPence: cardBalance,
        createdAt: placedAt,
      }),
    payment: async ({ orderId, provider, amount, status, createdAt, succeededAt }) => {
      references += 1
      const { id } = await db
        .insertInto("payments")
        .values({
          orderId,
          provider,
          amountPence: amount,
          status,
          providerReference: `pi_settlements_${references}_${Date.now()}`,
          clientToken: null,
          failureDetail: status === "Failed" ? "Declined" : null,
          createdAt,
          updatedAt: succeededAt ?? createdAt,
          succeededAt,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      return id
    },
    refund: async ({ paymentId, orderId, amount, dueAt, refundedAt }) => {
      await db
        .insertInto("paymentRefunds")
        .values({
          paymentId,
          orderId,
          amountPence: amount,
          reason: "StaffRefund",
          status: refundedAt === null ? "Due" : "Refunded",
          providerRefundReference: refundedAt === null ? null : `re_${paymentId}`,
          lastError: null,
          dueAt,
          retryAt: dueAt,
          refundedAt,
        })
        .execute()
    },
  }
  return { layer: SettlementRecordsLive.pipe(Layer.provide(dbLayer)), seed, close }
}
