import { CreditCardSpend, type CreditCardSpendShape } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"
import { holdCustomer } from "./site-credit"

/**
 * Credit-card money kept (decision 0042): succeeded credit-funded payments
 * of the customer's orders since `since`, leaving out any refunded or owed
 * back (a refund record exists for it, due or made).
 */
const spent = async (
  q: Kysely<Database>,
  customerId: string,
  since: Date,
  excludingPaymentId: string | undefined,
) => {
  let query = q
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.orderId")
    .select(sql<string>`coalesce(sum(payments.amount_pence), 0)`.as("total"))
    .where("orders.customerId", "=", customerId)
    .where("payments.status", "=", "Succeeded")
    .where("payments.cardFunding", "=", "Credit")
    .where("payments.succeededAt", ">=", since)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("paymentRefunds")
            .select("paymentRefunds.paymentId")
            .whereRef("paymentRefunds.paymentId", "=", "payments.id"),
        ),
      ),
    )
  if (excludingPaymentId !== undefined && isUuid(excludingPaymentId)) {
    query = query.where("payments.id", "<>", excludingPaymentId)
  }
  const row = await query.executeTakeFirstOrThrow()
  return pence(Number(row.total))
}

export const makeCreditCardSpend = (db: Kysely<Database>): CreditCardSpendShape => ({
  spentSince: (customerId, since, excludingPaymentId) =>
    runQuery(db, "creditCardSpend.spentSince", (q) =>
      isUuid(customerId)
        ? spent(q, customerId, since, excludingPaymentId)
        : Promise.resolve(pence(0)),
    ),

  holdAndSpentSince: (customerId, since, excludingPaymentId) =>
    runQuery(db, "creditCardSpend.holdAndSpentSince", async (q) => {
      if (!isUuid(customerId)) return pence(0)
      // The hold first, then the sum in a statement of its own: under READ
      // COMMITTED that statement sees every payment a racer committed before
      // letting the customer go.
      await holdCustomer(q, customerId)
      return spent(q, customerId, since, excludingPaymentId)
    }),

  orderHasInstantWin: (orderId) =>
    runQuery(db, "creditCardSpend.orderHasInstantWin", async (q) => {
      if (!isUuid(orderId)) return false
      const row = await q
        .selectFrom("orderLines")
        .innerJoin("instantWinGroups", "instantWinGroups.competitionId", "orderLines.competitionId")
        .select("orderLines.orderId")
        .where("orderLines.orderId", "=", orderId)
        .limit(1)
        .executeTakeFirst()
      return row !== undefined
    }),
})

export const CreditCardSpendLive: Layer.Layer<CreditCardSpend, never, Db> = Layer.effect(
  CreditCardSpend,
  Effect.map(Db, makeCreditCardSpend),
)
