import type { Kysely, Selectable } from "kysely"
import type { Database, SandboxPaymentIntentsTable } from "../schema"
import { runQuery } from "../transactions"

/**
 * The sandbox card provider's intents, shared by every server process. This
 * is the shape of `SandboxIntentStore` in @howzat/payments (matched by
 * structure, so this package does not depend on that one). Each write is
 * one statement, so racing processes are settled by Postgres itself.
 */

const columns = [
  "providerReference",
  "clientToken",
  "orderId",
  "amountPence",
  "status",
  "failureDetail",
  "eventId",
  "refundReference",
  "refundIdempotencyKey",
  "refundedAmountPence",
  "cardFingerprint",
  "cardFunding",
  "creditCardsAllowed",
  "creditCardNotice",
] as const

type Row = Pick<Selectable<SandboxPaymentIntentsTable>, (typeof columns)[number]>

const toRecord = (row: Row) => ({
  providerReference: row.providerReference,
  clientToken: row.clientToken,
  orderId: row.orderId,
  amountPence: row.amountPence,
  status: row.status,
  failureDetail: row.failureDetail,
  eventId: row.eventId,
  cardFingerprint: row.cardFingerprint,
  cardFunding: row.cardFunding,
  creditCardsAllowed: row.creditCardsAllowed,
  creditCardNotice: row.creditCardNotice,
  refund:
    row.refundReference === null ||
    row.refundIdempotencyKey === null ||
    row.refundedAmountPence === null
      ? null
      : {
          refundReference: row.refundReference,
          idempotencyKey: row.refundIdempotencyKey,
          amountPence: row.refundedAmountPence,
        },
})

export const makeSandboxIntentStore = (db: Kysely<Database>) => ({
  create: (intent: {
    readonly idempotencyKey: string
    readonly providerReference: string
    readonly clientToken: string
    readonly orderId: string
    readonly amountPence: number
    readonly creditCardsAllowed: boolean
    readonly creditCardNotice: string | null
  }) =>
    runQuery(db, "sandboxIntents.create", async (q) => {
      // On a known key the insert does nothing; the select then reads the first caller's
      // intent (a racing insert has committed by then, as the conflict waited for it).
      const inserted = await q
        .insertInto("sandboxPaymentIntents")
        .values({ ...intent })
        .onConflict((oc) => oc.column("idempotencyKey").doNothing())
        .returning(columns)
        .executeTakeFirst()
      return toRecord(
        inserted ??
          (await q
            .selectFrom("sandboxPaymentIntents")
            .select(columns)
            .where("idempotencyKey", "=", intent.idempotencyKey)
            .executeTakeFirstOrThrow()),
      )
    }),

  byReference: (providerReference: string) =>
    runQuery(db, "sandboxIntents.byReference", (q) =>
      q
        .selectFrom("sandboxPaymentIntents")
        .select(columns)
        .where("providerReference", "=", providerReference)
        .executeTakeFirst()
        .then((row) => (row ? toRecord(row) : undefined)),
    ),

  byClientToken: (clientToken: string) =>
    runQuery(db, "sandboxIntents.byClientToken", (q) =>
      q
        .selectFrom("sandboxPaymentIntents")
        .select(columns)
        .where("clientToken", "=", clientToken)
        .executeTakeFirst()
        .then((row) => (row ? toRecord(row) : undefined)),
    ),

  settle: (
    providerReference: string,
    settlement: {
      readonly status: "Succeeded" | "Failed"
      readonly failureDetail: string | null
      readonly eventId: string
      readonly settledAt: Date
      readonly cardFingerprint?: string | null
      readonly cardFunding?: "Credit" | "Debit" | "Prepaid" | "Unknown" | null
    },
  ) =>
    runQuery(db, "sandboxIntents.settle", async (q) => {
      // Only a pending intent changes; a racing settle waits on the row lock, then
      // finds it settled and changes nothing, so the select answers the winner.
      const settled = await q
        .updateTable("sandboxPaymentIntents")
        .set({ ...settlement })
        .where("providerReference", "=", providerReference)
        .where("status", "=", "Pending")
        .returning(columns)
        .executeTakeFirst()
      return toRecord(
        settled ??
          (await q
            .selectFrom("sandboxPaymentIntents")
            .select(columns)
            .where("providerReference", "=", providerReference)
            .executeTakeFirstOrThrow()),
      )
    }),

  refund: (
    providerReference: string,
    refund: {
      readonly refundReference: string
      readonly idempotencyKey: string
      readonly amountPence: number
      readonly refundedAt: Date
    },
  ) =>
    runQuery(db, "sandboxIntents.refund", async (q) => {
      // One statement, as settle: a racing refund waits on the row, then finds it refunded.
      const refunded = await q
        .updateTable("sandboxPaymentIntents")
        .set({
          refundReference: refund.refundReference,
          refundIdempotencyKey: refund.idempotencyKey,
          refundedAmountPence: refund.amountPence,
          refundedAt: refund.refundedAt,
        })
        .where("providerReference", "=", providerReference)
        .where("status", "=", "Succeeded")
        .where("refundReference", "is", null)
        .returning(columns)
        .executeTakeFirst()
      return toRecord(
        refunded ??
          (await q
            .selectFrom("sandboxPaymentIntents")
            .select(columns)
            .where("providerReference", "=", providerReference)
            .executeTakeFirstOrThrow()),
      )
    }),
})

export type SandboxIntentStoreOnPostgres = ReturnType<typeof makeSandboxIntentStore>
