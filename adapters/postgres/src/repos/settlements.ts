import { SettlementRecords, type SettlementRecordsShape } from "@howzat/core/ports"
import {
  NO_CARD_PROVIDER,
  pence,
  type SettlementFacts,
  type SettlementHour,
  type SettlementSummary,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { runQuery } from "../transactions"

const SETTLED = ["Completed", "Cancelled", "SystemCancelled", "Refunded"] as const

interface OrderRow {
  readonly id: string
  readonly orderRef: string
  readonly status: SettlementFacts["orders"][number]["status"]
  readonly orderTotalPence: number
  readonly createdAt: Date
}
interface PaymentRow {
  readonly id: string
  readonly orderId: string
  readonly provider: string
  readonly amountPence: number
  readonly status: SettlementFacts["payments"][number]["status"]
  readonly createdAt: Date
  readonly succeededAt: Date | string | null
}
interface RefundRow {
  readonly paymentId: string
  readonly orderId: string
  readonly provider: string
  readonly amountPence: number
  readonly status: "Due" | "Refunded"
  readonly dueAt: Date
  readonly refundedAt: Date | null
}

const factsOf = (
  orders: readonly OrderRow[],
  payments: readonly PaymentRow[],
  refunds: readonly RefundRow[],
): SettlementFacts => ({
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
})

// A payment settled before succeeded_at was recorded counts from its last change.
const succeededAtOf = sql<Date | null>`case when p.status in ('Succeeded', 'Refunded')
  then coalesce(p.succeeded_at, p.updated_at) end`

/** One row of the summary's statement: an hour's figures, or an order that may disagree. */
interface SummaryRow {
  readonly hour: string | null
  readonly provider: string | null
  readonly taken: string | null
  readonly refunded: string | null
  readonly pending: string | null
  readonly due: string | null
  readonly completedOrders: string | null
  readonly completedTotal: string | null
  readonly refundedOrders: string | null
  readonly refundedTotal: string | null
  readonly disputed: string | null
}

/**
 * rules/settlements `summarizeSettlements` in SQL (docs/decisions/0094),
 * held to it by test/contracts/settlements.contract.ts on PGlite and
 * PostgreSQL. It knows nothing of London: facts are added up by UTC hour
 * (`floor(epoch / 3600)`, as settlementHourOf) and core turns hours into
 * days. Each order placed in the range is read once with its payments and
 * their refunds (`judged`): the provider that took its money (its latest
 * payment that succeeded, the lower id first at the same instant, as
 * providerOf), and its kept payments (succeeded, no refund recorded), from
 * which disagreementsOf's three kinds are written here as a prefilter; core
 * judges the few orders it lets through from their full facts.
 */
const summaryRows = (q: Kysely<Database>, from: Date, to: Date) =>
  sql<SummaryRow>`
    with placed as materialized (
      select o.id, o.status, o.order_total_pence as balance, o.created_at
      from orders o
      where o.status in ('Completed', 'Cancelled', 'SystemCancelled', 'Refunded')
        and o.created_at >= ${from} and o.created_at < ${to}
    ),
    judged as materialized (
      select pl.id, pl.status, pl.balance, pl.created_at,
        coalesce(
          (array_agg(p.provider order by coalesce(p.succeeded_at, p.updated_at) desc, p.id)
            filter (where p.status in ('Succeeded', 'Refunded')))[1],
          ${NO_CARD_PROVIDER}
        ) as provider,
        count(*) filter (where p.status = 'Succeeded' and r.payment_id is null) as kept,
        max(p.amount_pence) filter (where p.status = 'Succeeded' and r.payment_id is null)
          as kept_max
      from placed pl
      left join payments p on p.order_id = pl.id
      left join payment_refunds r on r.payment_id = p.id
      group by pl.id, pl.status, pl.balance, pl.created_at
    ),
    moved as (
      select coalesce(p.succeeded_at, p.updated_at) as at, p.provider,
        p.amount_pence as taken, 0 as refunded, 0 as pending, 0 as due,
        0 as completed_orders, 0 as completed_total, 0 as refunded_orders, 0 as refunded_total
      from payments p
      where p.status in ('Succeeded', 'Refunded')
        and coalesce(p.succeeded_at, p.updated_at) >= ${from}
        and coalesce(p.succeeded_at, p.updated_at) < ${to}
      union all
      select p.created_at, p.provider, 0, 0, p.amount_pence, 0, 0, 0, 0, 0
      from payments p
      where p.status = 'Pending' and p.created_at >= ${from} and p.created_at < ${to}
      union all
      select r.refunded_at, p.provider, 0, r.amount_pence, 0, 0, 0, 0, 0, 0
      from payment_refunds r join payments p on p.id = r.payment_id
      where r.status = 'Refunded' and r.refunded_at >= ${from} and r.refunded_at < ${to}
      union all
      select r.due_at, p.provider, 0, 0, 0, r.amount_pence, 0, 0, 0, 0
      from payment_refunds r join payments p on p.id = r.payment_id
      where r.status = 'Due' and r.due_at >= ${from} and r.due_at < ${to}
      union all
      select j.created_at, j.provider, 0, 0, 0, 0,
        case when j.status = 'Completed' then 1 else 0 end,
        case when j.status = 'Completed' then j.balance else 0 end,
        case when j.status = 'Refunded' then 1 else 0 end,
        case when j.status = 'Refunded' then j.balance else 0 end
      from judged j
      where j.status in ('Completed', 'Refunded')
    )
    select floor(extract(epoch from m.at) / 3600)::bigint::text as hour, m.provider,
      sum(m.taken)::text as taken, sum(m.refunded)::text as refunded,
      sum(m.pending)::text as pending, sum(m.due)::text as due,
      sum(m.completed_orders)::text as completed_orders,
      sum(m.completed_total)::text as completed_total,
      sum(m.refunded_orders)::text as refunded_orders,
      sum(m.refunded_total)::text as refunded_total,
      null::uuid as disputed
    from moved m
    group by 1, 2
    union all
    select null, null, null, null, null, null, null, null, null, null, j.id
    from judged j
    where (j.status = 'Completed' and j.balance > 0 and not coalesce(j.kept_max >= j.balance, false))
      or (j.status <> 'Completed' and j.kept > 0)
      or j.kept >= 2
  `.execute(q)

/** The orders that may disagree, with all their payments and those payments' refunds. */
/** An order's facts as the report reads them. */
const orderRows = (q: Kysely<Database>) =>
  q.selectFrom("orders").select(["id", "orderRef", "status", "orderTotalPence", "createdAt"])

/** A payment's facts as the report reads them, its success at the time it was recorded. */
const paymentRows = (q: Kysely<Database>) =>
  q
    .selectFrom("payments as p")
    .select([
      "p.id",
      "p.orderId",
      "p.provider",
      "p.amountPence",
      "p.status",
      "p.createdAt",
      succeededAtOf.as("succeededAt"),
    ])

/** A refund's facts as the report reads them, with its payment's provider. */
const refundRows = (q: Kysely<Database>) =>
  q
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

const factsOfOrders = async (q: Kysely<Database>, orderIds: readonly string[]) => {
  if (orderIds.length === 0) return factsOf([], [], [])
  const ids = [...orderIds]
  const [orders, payments, refunds] = await Promise.all([
    orderRows(q).where("id", "in", ids).execute(),
    paymentRows(q).where("p.orderId", "in", ids).execute(),
    refundRows(q).where("p.orderId", "in", ids).execute(),
  ])
  return factsOf(orders, payments, refunds)
}

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
      const orders = await orderRows(q)
        .where("status", "in", SETTLED)
        .where("createdAt", ">=", from)
        .where("createdAt", "<", to)
        .execute()
      const succeededIn = sql`coalesce(${sql.ref("bySuccess.succeededAt")}, ${sql.ref("bySuccess.updatedAt")})`
      const payments = await paymentRows(q)
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
      const refunds = await refundRows(q)
        .where((eb) =>
          eb.or([
            eb("r.orderId", "in", placed),
            eb.and([eb("r.dueAt", ">=", from), eb("r.dueAt", "<", to)]),
            eb.and([eb("r.refundedAt", ">=", from), eb("r.refundedAt", "<", to)]),
          ]),
        )
        .execute()
      return factsOf(orders, payments, refunds)
    }),

  summary: (from, to) =>
    runQuery(db, "settlements.summary", async (q): Promise<SettlementSummary> => {
      const { rows } = await summaryRows(q, from, to)
      const hours: SettlementHour[] = []
      const disputed: string[] = []
      const count = (text: string | null) => Number(text ?? 0)
      for (const row of rows) {
        if (row.disputed !== null) disputed.push(row.disputed)
        else
          hours.push({
            hour: count(row.hour),
            provider: row.provider ?? NO_CARD_PROVIDER,
            taken: pence(count(row.taken)),
            refunded: pence(count(row.refunded)),
            pendingPayments: pence(count(row.pending)),
            refundsDue: pence(count(row.due)),
            completedOrders: count(row.completedOrders),
            completedTotal: pence(count(row.completedTotal)),
            refundedOrders: count(row.refundedOrders),
            refundedTotal: pence(count(row.refundedTotal)),
          })
      }
      return { hours, mayDisagree: await factsOfOrders(q, disputed) }
    }),
})

export const SettlementRecordsLive: Layer.Layer<SettlementRecords, never, Db> = Layer.effect(
  SettlementRecords,
  Effect.map(Db, makeSettlementRecords),
)
