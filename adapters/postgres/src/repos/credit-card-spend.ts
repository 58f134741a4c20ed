import { CreditCardSpend, type CreditCardSpendShape } from "@howzat/core/ports"
import { creditCapStatuses, creditFundings, pence } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"
import { holdCustomer } from "./site-credit"

/**
 * Credit-card money kept (decision 0042): the customer's payments that core's
 * `countsTowardsCreditCardCap` (rules/credit-cards) counts, summed here so the
 * month is one statement under the customer's hold. Each condition below is
 * one of the rule's: its status and funding lists are core's
 * (`creditCapStatuses`, `creditFundings`), then succeeded at or after
 * `since`, then no refund record, due or made. The credit-card-spend contract
 * (test/contracts/credit-card-spend.contract.ts) holds this sum to the rule.
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
    .where("payments.status", "in", [...creditCapStatuses])
    .where("payments.cardFunding", "in", [...creditFundings])
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
      // Core's isInstantWinOrder (rules/credit-cards): a line of a competition
      // with at least one instant-win group, which the inner join finds. The
      // credit-card-spend contract holds this query to the rule.
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
