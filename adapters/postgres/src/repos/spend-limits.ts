import { SpendLimitStore, type SpendLimitStoreShape } from "@howzat/core/ports"
import {
  type OrderStatus,
  pence,
  type SpendLimit,
  type SpendLimitSetting,
  UNANSWERED,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, SpendLimitsTable } from "../schema"
import { runQuery } from "../transactions"
import { isUuid } from "./shared"
import { holdCustomer } from "./site-credit"

const limitOf = (kind: string, amount: number | null): SpendLimit =>
  kind === "NoLimit" ? { kind: "NoLimit" } : { kind: "Amount", amount: pence(amount ?? 0) }

const columnsOf = (limit: SpendLimit | null) => ({
  kind: limit === null ? null : limit.kind,
  amount: limit?.kind === "Amount" ? limit.amount : null,
})

const fromRow = (row: Selectable<SpendLimitsTable>): SpendLimitSetting => ({
  current: limitOf(row.limitKind, row.limitPence),
  pending:
    row.pendingKind === null || row.pendingAppliesAt === null
      ? null
      : { limit: limitOf(row.pendingKind, row.pendingPence), appliesAt: row.pendingAppliesAt },
})

const settingOf = async (q: Kysely<Database>, customerId: string) => {
  const row = await q
    .selectFrom("spendLimits")
    .selectAll()
    .where("customerId", "=", customerId)
    .executeTakeFirst()
  return row === undefined ? UNANSWERED : fromRow(row)
}

/**
 * Spend limits on Postgres. The customer's row in `customers` is the lock
 * (as site credit's holdCustomer takes it, NO KEY UPDATE, so orders' foreign
 * keys never deadlock with it); the setting is read under it.
 */
export const makeSpendLimitStore = (db: Kysely<Database>): SpendLimitStoreShape => ({
  setting: (customerId) =>
    isUuid(customerId)
      ? runQuery(db, "spendLimits.setting", (q) => settingOf(q, customerId))
      : Effect.succeed(UNANSWERED),

  settingForUpdate: (customerId) =>
    isUuid(customerId)
      ? runQuery(db, "spendLimits.settingForUpdate", async (q) => {
          await q
            .selectFrom("customers")
            .select("id")
            .where("id", "=", customerId)
            .forNoKeyUpdate()
            .execute()
          return settingOf(q, customerId)
        })
      : Effect.succeed(UNANSWERED),

  save: (customerId, setting, change) =>
    runQuery(db, "spendLimits.save", async (q) => {
      const current = columnsOf(setting.current)
      const pending = columnsOf(setting.pending?.limit ?? null)
      const row = {
        limitKind: current.kind ?? "NoLimit",
        limitPence: current.amount,
        pendingKind: pending.kind,
        pendingPence: pending.amount,
        pendingAppliesAt: setting.pending?.appliesAt ?? null,
        updatedAt: change.requestedAt,
      }
      await q
        .insertInto("spendLimits")
        .values({ customerId, ...row })
        .onConflict((oc) => oc.column("customerId").doUpdateSet(row))
        .execute()
      const from = columnsOf(change.from)
      const to = columnsOf(change.to)
      await q
        .insertInto("spendLimitChanges")
        .values({
          customerId,
          changedBy: change.changedBy,
          fromKind: from.kind,
          fromPence: from.amount,
          toKind: to.kind ?? "NoLimit",
          toPence: to.amount,
          requestedAt: change.requestedAt,
          appliesAt: change.appliesAt,
        })
        .execute()
    }).pipe(Effect.asVoid),

  ordersSince: (customerId, since, exceptOrderId) =>
    isUuid(customerId)
      ? runQuery(db, "spendLimits.ordersSince", async (q) => {
          let query = q
            .selectFrom("orders")
            .select((eb) => [
              "orders.status",
              "orders.orderTotalPence",
              "orders.siteCreditDebitPence",
              eb
                .selectFrom("orderCreditItems")
                .select(sql<string>`coalesce(sum(line_total_pence), 0)`.as("bought"))
                .whereRef("orderCreditItems.orderId", "=", "orders.id")
                .as("creditBought"),
            ])
            .where("orders.customerId", "=", customerId)
            .where("orders.createdAt", ">=", since)
          if (exceptOrderId !== undefined && isUuid(exceptOrderId))
            query = query.where("orders.id", "<>", exceptOrderId)
          return (await query.execute()).map((row) => ({
            status: row.status as OrderStatus,
            orderTotal: pence(row.orderTotalPence),
            siteCreditDebit: pence(row.siteCreditDebitPence),
            creditBought: pence(Number(row.creditBought ?? 0)),
          }))
        })
      : Effect.succeed([]),

  completedOrders: (customerId) =>
    isUuid(customerId)
      ? runQuery(db, "spendLimits.completedOrders", async (q) => {
          const { count } = await q
            .selectFrom("orders")
            .select(sql<string>`count(*)`.as("count"))
            .where("customerId", "=", customerId)
            .where("status", "in", ["Completed", "Refunded"])
            .executeTakeFirstOrThrow()
          return Number(count)
        })
      : Effect.succeed(0),

  positionForCheckout: (customerId, since, exceptOrderId) =>
    isUuid(customerId) && isUuid(exceptOrderId)
      ? runQuery(db, "spendLimits.positionForCheckout", (q) =>
          positionForCheckout(q, customerId, since, exceptOrderId),
        )
      : Effect.succeed({
          siteCreditBalance: pence(0),
          setting: UNANSWERED,
          completedOrders: 0,
          ordersSince: [],
        }),
})

interface PositionRow {
  readonly balance: string
  readonly limitKind: string | null
  readonly limitPence: number | null
  readonly pendingKind: string | null
  readonly pendingPence: number | null
  readonly pendingAppliesAt: Date | null
  readonly completed: string
  readonly month: readonly {
    readonly status: OrderStatus
    readonly orderTotalPence: number
    readonly siteCreditDebitPence: number
    readonly creditBought: number
  }[]
}

/**
 * Checkout's position in two statements: the hold, then every fact in one
 * read. Not one statement: under READ COMMITTED a statement that waited for
 * the row lock still reads the other tables as they were when it began, so
 * it would miss the order and debit of the checkout it waited for.
 */
const positionForCheckout = async (
  q: Kysely<Database>,
  customerId: string,
  since: Date,
  exceptOrderId: string,
) => {
  await holdCustomer(q, customerId)
  const { rows } = await sql<PositionRow>`
    select
      (select coalesce(sum(amount_pence), 0) from site_credit_entries
        where customer_id = ${customerId}) as "balance",
      s.limit_kind as "limitKind", s.limit_pence as "limitPence",
      s.pending_kind as "pendingKind", s.pending_pence as "pendingPence",
      s.pending_applies_at as "pendingAppliesAt",
      (select count(*) from orders
        where customer_id = ${customerId} and status in ('Completed', 'Refunded')) as "completed",
      coalesce((select json_agg(json_build_object(
          'status', o.status,
          'orderTotalPence', o.order_total_pence,
          'siteCreditDebitPence', o.site_credit_debit_pence,
          'creditBought', (select coalesce(sum(i.line_total_pence), 0) from order_credit_items i
            where i.order_id = o.id)))
        from orders o
        where o.customer_id = ${customerId} and o.created_at >= ${since}
          and o.id <> ${exceptOrderId}), '[]'::json) as "month"
    from (select 1) as one
    left join spend_limits s on s.customer_id = ${customerId}
  `.execute(q)
  const row = rows[0]
  return {
    siteCreditBalance: pence(Number(row?.balance ?? 0)),
    setting:
      row === undefined || row.limitKind === null
        ? UNANSWERED
        : fromRow({ ...row, limitKind: row.limitKind, customerId, updatedAt: new Date(0) }),
    completedOrders: Number(row?.completed ?? 0),
    ordersSince: (row?.month ?? []).map((order) => ({
      status: order.status,
      orderTotal: pence(Number(order.orderTotalPence)),
      siteCreditDebit: pence(Number(order.siteCreditDebitPence)),
      creditBought: pence(Number(order.creditBought)),
    })),
  }
}

export const SpendLimitStoreLive: Layer.Layer<SpendLimitStore, never, Db> = Layer.effect(
  SpendLimitStore,
  Effect.map(Db, makeSpendLimitStore),
)
