import {
  type Payment,
  type PaymentRefund,
  PaymentRepo,
  type PaymentRepoShape,
} from "@howzat/core/ports"
import { pence, statusesARefundMoves, statusesASettleMoves } from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, PaymentsTable } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"

const toPayment = (row: Selectable<PaymentsTable>): Payment => ({
  id: row.id,
  orderId: row.orderId,
  amount: pence(row.amountPence),
  status: row.status,
  provider: row.provider,
  // Every payment this repository records has one; the column allows null only
  // because the table was made before the provider was chosen.
  providerReference: row.providerReference ?? "",
  clientToken: row.clientToken,
  failureDetail: row.failureDetail,
  createdAt: row.createdAt,
  cardFunding: row.cardFunding,
  creditCardNotice: row.creditCardNotice,
})

const refundColumns = [
  "paymentRefunds.paymentId",
  "paymentRefunds.orderId",
  "paymentRefunds.amountPence",
  "paymentRefunds.reason",
  "paymentRefunds.status",
  "paymentRefunds.providerRefundReference",
  "paymentRefunds.attempts",
  "paymentRefunds.lastError",
  "paymentRefunds.dueAt",
  "paymentRefunds.retryAt",
  "paymentRefunds.refundedAt",
  "payments.provider",
  "payments.providerReference",
] as const

/** Refunds with their payment's provider and intent, which the refund is made against. */
const refundsWithPayment = (q: Kysely<Database>) =>
  q
    .selectFrom("paymentRefunds")
    .innerJoin("payments", "payments.id", "paymentRefunds.paymentId")
    .select(refundColumns)

type RefundRow = Awaited<
  ReturnType<ReturnType<typeof refundsWithPayment>["executeTakeFirstOrThrow"]>
>

const toRefund = (row: RefundRow): PaymentRefund => ({
  paymentId: row.paymentId,
  orderId: row.orderId,
  amount: pence(row.amountPence),
  reason: row.reason,
  status: row.status,
  provider: row.provider,
  providerReference: row.providerReference ?? "",
  providerRefundReference: row.providerRefundReference,
  attempts: row.attempts,
  lastError: row.lastError,
  dueAt: row.dueAt,
  retryAt: row.retryAt,
  refundedAt: row.refundedAt,
})

const refundOf = async (q: Kysely<Database>, paymentId: string) =>
  toRefund(
    await refundsWithPayment(q)
      .where("paymentRefunds.paymentId", "=", paymentId)
      .executeTakeFirstOrThrow(() => new Error(`No refund for payment ${paymentId}`)),
  )

/** What a refund's last error keeps: enough for staff, never a provider's page of HTML. */
const ERROR_LENGTH = 500

const byReference = (q: Kysely<Database>, provider: string, providerReference: string) =>
  q
    .selectFrom("payments")
    .selectAll()
    .where("provider", "=", provider)
    .where("providerReference", "=", providerReference)
    .executeTakeFirst()

export const makePaymentRepo = (db: Kysely<Database>): PaymentRepoShape => ({
  forOrder: (orderId) =>
    runQuery(db, "payments.forOrder", async (q) =>
      isUuid(orderId)
        ? (
            await q
              .selectFrom("payments")
              .selectAll()
              .where("orderId", "=", orderId)
              .orderBy("createdAt")
              .orderBy("id")
              .execute()
          ).map(toPayment)
        : [],
    ),

  forOrders: (orderIds) =>
    runQuery(db, "payments.forOrders", async (q) => {
      const byOrder = new Map<string, Payment[]>(orderIds.map((orderId) => [orderId, []]))
      const ids = [...new Set(orderIds.filter(isUuid))]
      if (ids.length === 0) return byOrder
      // One statement for the page; sorted as forOrder sorts, so each order's list keeps that order.
      const rows = await q
        .selectFrom("payments")
        .selectAll()
        .where("orderId", "=", sql<string>`any(${ids}::uuid[])`)
        .orderBy("createdAt")
        .orderBy("id")
        .execute()
      for (const row of rows) byOrder.get(row.orderId)?.push(toPayment(row))
      return byOrder
    }),

  record: (payment) =>
    runQuery(db, "payments.record", (executor) =>
      atomically(executor, async (trx) => {
        // Two tabs holding the provider's one intent meet on the unique key:
        // the second waits for the first to commit, inserts nothing and reads it.
        const inserted = await trx
          .insertInto("payments")
          .values({
            orderId: payment.orderId,
            amountPence: payment.amount,
            status: "Pending",
            provider: payment.provider,
            providerReference: payment.providerReference,
            clientToken: payment.clientToken,
            createdAt: payment.createdAt,
            updatedAt: payment.createdAt,
            creditCardNotice: payment.creditCardNotice ?? null,
          })
          .onConflict((oc) => oc.columns(["provider", "providerReference"]).doNothing())
          .returningAll()
          .executeTakeFirst()
        const row =
          inserted ?? (await byReference(trx, payment.provider, payment.providerReference))
        if (row === undefined) {
          throw new Error(`Payment ${payment.provider}/${payment.providerReference} vanished`)
        }
        return toPayment(row)
      }),
    ),

  byProviderReference: (provider, providerReference) =>
    runQuery(db, "payments.byProviderReference", async (q) => {
      const row = await byReference(q, provider, providerReference)
      return row === undefined ? null : toPayment(row)
    }),

  settle: (paymentId, outcome, at) =>
    runQuery(db, "payments.settle", (executor) =>
      atomically(executor, async (trx) => {
        if (!isUuid(paymentId)) throw new Error(`No payment ${paymentId}`)
        // Which status this word moves is core's rule (settleMoves in
        // rules/payment-status): only a Pending row changes, so the first
        // outcome to arrive is the one kept, except that a success overrides a
        // failure (money has moved). The WHERE takes core's list, so racing
        // settles meet on the row and only one moves it; the payments contract
        // (test/contracts/payments.contract.ts) holds this SQL to the rule.
        const settled = await trx
          .updateTable("payments")
          .set({
            status: outcome.status,
            failureDetail: outcome.status === "Failed" ? outcome.failureDetail : null,
            ...(outcome.status === "Succeeded" && outcome.cardFingerprint
              ? { cardFingerprint: outcome.cardFingerprint }
              : {}),
            ...(outcome.status === "Succeeded"
              ? { cardFunding: outcome.cardFunding ?? "Unknown", succeededAt: at }
              : {}),
            clientToken: null,
            updatedAt: at,
          })
          .where("id", "=", paymentId)
          .where("status", "in", [...statusesASettleMoves(outcome.status)])
          .returningAll()
          .executeTakeFirst()
        const row =
          settled ??
          (await trx
            .selectFrom("payments")
            .selectAll()
            .where("id", "=", paymentId)
            .executeTakeFirst())
        if (row === undefined) throw new Error(`No payment ${paymentId}`)
        return { payment: toPayment(row), changed: settled !== undefined }
      }),
    ),

  refuseCard: (paymentId, failureDetail, at) =>
    runQuery(db, "payments.refuseCard", async (q) =>
      toPayment(
        await q
          .updateTable("payments")
          .set({ failureDetail, updatedAt: at })
          .where("id", "=", paymentId)
          .returningAll()
          .executeTakeFirstOrThrow(() => new Error(`No payment ${paymentId}`)),
      ),
    ),

  refundDue: (refund) =>
    runQuery(db, "payments.refundDue", (executor) =>
      atomically(executor, async (trx) => {
        if (!isUuid(refund.paymentId)) throw new Error(`No payment ${refund.paymentId}`)
        // Whoever noticed first recorded it; a racer meets the unique payment and reads that.
        await trx
          .insertInto("paymentRefunds")
          .values({
            paymentId: refund.paymentId,
            orderId: refund.orderId,
            amountPence: refund.amount,
            reason: refund.reason,
            dueAt: refund.at,
            retryAt: refund.at,
          })
          .onConflict((oc) => oc.column("paymentId").doNothing())
          .execute()
        return refundOf(trx, refund.paymentId)
      }),
    ),

  refundsDue: (now, limit) =>
    runQuery(db, "payments.refundsDue", async (q) => {
      const take = Math.floor(limit)
      if (!(take > 0)) return []
      const rows = await refundsWithPayment(q)
        .where("paymentRefunds.status", "=", "Due")
        .where("paymentRefunds.retryAt", "<=", now)
        .orderBy("paymentRefunds.retryAt")
        .orderBy("paymentRefunds.id")
        .limit(take)
        .execute()
      return rows.map(toRefund)
    }),

  refundAttemptFailed: (paymentId, { error, at, retryAt }) =>
    runQuery(db, "payments.refundAttemptFailed", async (q) => {
      if (!isUuid(paymentId)) return
      await q
        .updateTable("paymentRefunds")
        .set((eb) => ({
          attempts: eb("attempts", "+", 1),
          lastError: `${at.toISOString()} ${error}`.slice(0, ERROR_LENGTH),
          retryAt,
        }))
        .where("paymentId", "=", paymentId)
        .where("status", "=", "Due")
        .execute()
    }),

  refunded: (paymentId, providerRefundReference, at) =>
    runQuery(db, "payments.refunded", (executor) =>
      atomically(executor, async (trx) => {
        if (!isUuid(paymentId)) throw new Error(`No refund for payment ${paymentId}`)
        const done = await trx
          .updateTable("paymentRefunds")
          .set({ status: "Refunded", providerRefundReference, refundedAt: at })
          .where("paymentId", "=", paymentId)
          .where("status", "=", "Due")
          .returning("paymentId")
          .executeTakeFirst()
        // Only the call that closed the refund moves the payment, so both change together.
        // Which payments a refund moves to Refunded is core's (refundMoves in
        // rules/payment-status), held by the payments contract.
        if (done !== undefined) {
          await trx
            .updateTable("payments")
            .set({ status: "Refunded", updatedAt: at })
            .where("id", "=", paymentId)
            .where("status", "in", [...statusesARefundMoves])
            .execute()
        }
        return refundOf(trx, paymentId)
      }),
    ),

  refundsForOrder: (orderId) =>
    runQuery(db, "payments.refundsForOrder", async (q) =>
      isUuid(orderId)
        ? (
            await refundsWithPayment(q)
              .where("paymentRefunds.orderId", "=", orderId)
              .orderBy("paymentRefunds.dueAt")
              .orderBy("paymentRefunds.id")
              .execute()
          ).map(toRefund)
        : [],
    ),

  pendingOnClosedOrders: (provider, now, limit) =>
    runQuery(db, "payments.pendingOnClosedOrders", async (q) => {
      const take = Math.floor(limit)
      if (!(take > 0)) return []
      // One put off is due at its retry time, behind those waiting since before.
      const dueAt = sql<Date>`coalesce(payments.void_retry_at, payments.created_at)`
      const rows = await q
        .selectFrom("payments")
        .innerJoin("orders", "orders.id", "payments.orderId")
        .selectAll("payments")
        .where("payments.provider", "=", provider)
        .where("payments.status", "=", "Pending")
        .where("orders.status", "in", ["Cancelled", "SystemCancelled"])
        .where(dueAt, "<=", now)
        .orderBy(dueAt)
        .orderBy("payments.id")
        .limit(take)
        .execute()
      return rows.map((row) => ({ payment: toPayment(row), voidAttempts: row.voidAttempts }))
    }),

  voidPutOff: (paymentId, retryAt) =>
    runQuery(db, "payments.voidPutOff", async (q) => {
      if (!isUuid(paymentId)) return
      await q
        .updateTable("payments")
        .set((eb) => ({ voidAttempts: eb("voidAttempts", "+", 1), voidRetryAt: retryAt }))
        .where("id", "=", paymentId)
        .execute()
    }),

  rememberNotification: (provider, eventId, at) =>
    runQuery(db, "payments.rememberNotification", async (q) => {
      const inserted = await q
        .insertInto("paymentNotifications")
        .values({ provider, eventId, receivedAt: at })
        .onConflict((oc) => oc.columns(["provider", "eventId"]).doNothing())
        .returning("eventId")
        .executeTakeFirst()
      return inserted !== undefined
    }),
})

export const PaymentRepoLive: Layer.Layer<PaymentRepo, never, Db> = Layer.effect(
  PaymentRepo,
  Effect.map(Db, makePaymentRepo),
)
