import { type Payment, PaymentRepo, type PaymentRepoShape } from "@howzat/core/ports/payments"
import { pence } from "@howzat/core/rules/money"
import { Effect, Layer } from "effect"
import type { Kysely, Selectable } from "kysely"
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
})

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
        // Only a Pending row changes, so the first outcome to arrive is the one kept.
        const settled = await trx
          .updateTable("payments")
          .set({
            status: outcome.status,
            failureDetail: outcome.status === "Failed" ? outcome.failureDetail : null,
            clientToken: null,
            updatedAt: at,
          })
          .where("id", "=", paymentId)
          .where("status", "=", "Pending")
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
        return toPayment(row)
      }),
    ),

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
