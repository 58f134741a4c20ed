import { SettlementRecords, type SettlementRecordsShape } from "@howzat/core/ports/settlements"
import { pence } from "@howzat/core/rules/money"
import type { SettlementFacts } from "@howzat/core/rules/settlements"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"

const SETTLED = ["Completed", "Cancelled", "SystemCancelled", "Refunded"] as const

/**
 * The settlements report's facts (decision 0068): three plain reads, each
 * bounded by the window, so a report costs the days it covers, not the
 * shop's whole history.
 */
export const makeSettlementRecords = (db: Kysely<Database>): SettlementRecordsShape => ({
  between: (from, to) =>
    runQuery(db, "settlements.between", async (q): Promise<SettlementFacts> => {
      const placed = q
        .selectFrom("orders")
        .select("id")
        .where("status", "in", SETTLED)
        .where("createdAt", ">=", from)
        .where("createdAt", "<", to)
      const orders = await q
        .selectFrom("orders")
        .select(["id", "orderRef", "status", "orderTotalPence", "createdAt"])
        .where("status", "in", SETTLED)
        .where("createdAt", ">=", from)
        .where("createdAt", "<", to)
        .execute()
      // A payment settled before succeeded_at was recorded counts from its last change.
      const succeededAt = sql<Date | null>`case when p.status in ('Succeeded', 'Refunded')
        then coalesce(p.succeeded_at, p.updated_at) end`
      const succeededIn = sql`coalesce(${sql.ref("bySuccess.succeededAt")}, ${sql.ref("bySuccess.updatedAt")})`
      const payments = await q
        .selectFrom("payments as p")
        .select([
          "p.id",
          "p.orderId",
          "p.provider",
          "p.amountPence",
          "p.status",
          "p.createdAt",
          succeededAt.as("succeededAt"),
        ])
        // Three index-led halves, not one OR: Postgres cannot lead an OR of a
        // subquery and two ranges with indexes, and read every payment
        // (docs/decisions/0090). A payment that succeeded in the window is
        // one whose status is settled and whose time falls in it, as the
        // succeededAt expression reads: payments_succeeded_idx's terms.
        .where("p.id", "in", (eb) =>
          eb
            .selectFrom("payments as byOrder")
            .select("byOrder.id")
            .where("byOrder.orderId", "in", placed)
            .union(
              eb
                .selectFrom("payments as bySuccess")
                .select("bySuccess.id")
                .where(sql<boolean>`${sql.ref("bySuccess.status")} in ('Succeeded', 'Refunded')`)
                .where(succeededIn, ">=", from)
                .where(succeededIn, "<", to),
            )
            .union(
              eb
                .selectFrom("payments as byStart")
                .select("byStart.id")
                .where("byStart.createdAt", ">=", from)
                .where("byStart.createdAt", "<", to),
            ),
        )
        .execute()
      const refunds = await q
        .selectFrom("paymentRefunds as r")
        .innerJoin("payments as p", "p.id", "r.paymentId")
        .select([
          "r.paymentId",
          "r.orderId",
          "p.provider",
          "r.amountPence",
          "r.status",
          "r.dueAt",
          "r.refundedAt",
        ])
        .where((eb) =>
          eb.or([
            eb("r.orderId", "in", placed),
            eb.and([eb("r.dueAt", ">=", from), eb("r.dueAt", "<", to)]),
            eb.and([eb("r.refundedAt", ">=", from), eb("r.refundedAt", "<", to)]),
          ]),
        )
        .execute()
      return {
        orders: orders.map((o) => ({
          id: o.id,
          orderRef: o.orderRef,
          status: o.status,
          cardBalance: pence(o.orderTotalPence),
          placedAt: o.createdAt,
        })),
        payments: payments.map((p) => ({
          id: p.id,
          orderId: p.orderId,
          provider: p.provider,
          amount: pence(p.amountPence),
          status: p.status,
          createdAt: p.createdAt,
          succeededAt: p.succeededAt === null ? null : new Date(p.succeededAt),
        })),
        refunds: refunds.map((r) => ({
          paymentId: r.paymentId,
          orderId: r.orderId,
          provider: r.provider,
          amount: pence(r.amountPence),
          status: r.status,
          dueAt: r.dueAt,
          refundedAt: r.refundedAt,
        })),
      }
    }),
})

export const SettlementRecordsLive: Layer.Layer<SettlementRecords, never, Db> = Layer.effect(
  SettlementRecords,
  Effect.map(Db, makeSettlementRecords),
)
