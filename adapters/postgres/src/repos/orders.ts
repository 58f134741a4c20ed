import { OrderNotFound, OrderTransitionRefused } from "@howzat/core/orders/errors"
import type { AllocationException, Order, OrderLine } from "@howzat/core/orders/model"
import { OrderRepo, type OrderRepoShape } from "@howzat/core/ports/orders"
import { pence } from "@howzat/core/rules/money"
import {
  canTransition,
  OrderStatus,
  orderStatuses,
  releasesTickets,
} from "@howzat/core/rules/order-status"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, OrdersTable } from "../schema"
import { atomically, runQuery } from "../transactions"
import { emptyPage, isUuid, normalisePage, pageOffset, toPage } from "./shared"
import { releaseInTransaction } from "./ticket-allocator"

const exceptionsFrom = (value: unknown): AllocationException[] =>
  Array.isArray(value)
    ? value.flatMap((item: unknown) =>
        typeof item === "object" &&
        item !== null &&
        "competitionName" in item &&
        "exceptionReason" in item &&
        typeof item.competitionName === "string" &&
        typeof item.exceptionReason === "string"
          ? [{ competitionName: item.competitionName, exceptionReason: item.exceptionReason }]
          : [],
      )
    : []

type OrderRow = Selectable<OrdersTable>

/**
 * Orders with their lines, credit items and tickets, in the order of `rows`:
 * two queries however many (each a round trip inside a checkout).
 */
const withLines = async (q: Kysely<Database>, rows: readonly OrderRow[]): Promise<Order[]> => {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const [lineRows, creditRows] = await Promise.all([
    q
      .selectFrom("orderLines")
      .innerJoin("competitions", "competitions.id", "orderLines.competitionId")
      .selectAll("orderLines")
      .select("competitions.name")
      .select(
        sql<number[]>`array(select t.ticket_number from tickets t
          where t.order_id = order_lines.order_id and t.competition_id = order_lines.competition_id
          order by t.ticket_number)`.as("ticketNumbers"),
      )
      .where("orderLines.orderId", "in", ids)
      .orderBy("competitions.name")
      .execute(),
    q
      .selectFrom("orderCreditItems")
      .selectAll()
      .where("orderId", "in", ids)
      .orderBy("position")
      .execute(),
  ])
  return rows.map((row) => orderFrom(row, lineRows, creditRows))
}

type LineRow = Selectable<Database["orderLines"]> & { name: string; ticketNumbers: number[] }
type CreditRow = Selectable<Database["orderCreditItems"]>

const orderFrom = (
  row: OrderRow,
  lineRows: readonly LineRow[],
  creditRows: readonly CreditRow[],
): Order => ({
  id: row.id,
  orderRef: row.orderRef,
  basketId: row.basketId,
  customerId: row.customerId,
  status: row.status,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
  lines: lineRows
    .filter((line) => line.orderId === row.id)
    .map(
      (line): OrderLine => ({
        competitionId: line.competitionId,
        competitionName: line.name,
        quantity: line.quantity,
        price: pence(line.unitPricePence),
        preDiscountTotal: pence(line.preDiscountTotalPence),
        lineTotal: pence(line.lineTotalPence),
        ticketNumbers: line.ticketNumbers,
      }),
    ),
  creditItems: creditRows
    .filter((item) => item.orderId === row.id)
    .map((item) => ({ description: item.description, lineTotal: pence(item.lineTotalPence) })),
  itemTotal: pence(row.itemTotalPence),
  discountTotal: pence(row.discountTotalPence),
  donation: pence(row.donationPence),
  siteCreditDebit: pence(row.siteCreditDebitPence),
  orderTotal: pence(row.orderTotalPence),
  allocationExceptions: exceptionsFrom(row.allocationExceptions),
})

const loadOrder = async (q: Kysely<Database>, orderId: string): Promise<Order | undefined> => {
  if (!isUuid(orderId)) return undefined
  const row = await q.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst()
  if (row === undefined) return undefined
  return (await withLines(q, [row]))[0]
}

const found =
  (orderId: string) =>
  (order: Order | undefined): Effect.Effect<Order, OrderNotFound> =>
    order === undefined ? Effect.fail(new OrderNotFound({ orderId })) : Effect.succeed(order)

export const makeOrderRepo = (db: Kysely<Database>): OrderRepoShape => ({
  createForBasket: (order) =>
    runQuery(db, "orders.createForBasket", (executor) =>
      atomically(executor, async (trx) => {
        // A concurrent checkout of the same basket waits here on the unique
        // index until the first commits, then does nothing and reads its order.
        const inserted = await trx
          .insertInto("orders")
          .values({
            basketId: order.basketId,
            customerId: order.customerId,
            createdAt: order.createdAt,
            expiresAt: order.expiresAt,
          })
          .onConflict((oc) => oc.column("basketId").doNothing())
          .returningAll()
          .executeTakeFirst()
        // A new order has no lines, credit items or tickets yet: nothing more to read.
        if (inserted !== undefined) return { order: orderFrom(inserted, [], []), created: true }
        const { id } = await trx
          .selectFrom("orders")
          .select("id")
          .where("basketId", "=", order.basketId)
          .executeTakeFirstOrThrow()
        const created = await loadOrder(trx, id)
        if (created === undefined) throw new Error(`Order ${id} vanished inside its transaction`)
        return { order: created, created: false }
      }),
    ),

  recordAllocation: (orderId, allocation) =>
    runQuery(db, "orders.recordAllocation", (executor) =>
      atomically(executor, async (trx) => {
        if (!isUuid(orderId)) return undefined
        const updated = await trx
          .updateTable("orders")
          .set({
            itemTotalPence: allocation.itemTotal,
            discountTotalPence: allocation.discountTotal,
            donationPence: allocation.donation,
            siteCreditDebitPence: allocation.siteCreditDebit,
            orderTotalPence: allocation.orderTotal,
            allocationExceptions: JSON.stringify(allocation.exceptions),
          })
          .where("id", "=", orderId)
          .returningAll()
          .executeTakeFirst()
        if (updated === undefined) return undefined
        if (allocation.lines.length > 0) {
          await trx
            .insertInto("orderLines")
            .values(
              allocation.lines.map((line) => ({
                orderId,
                competitionId: line.competitionId,
                quantityRequested: line.quantityRequested,
                quantity: line.quantity,
                unitPricePence: line.unitPrice,
                preDiscountTotalPence: line.preDiscountTotal,
                lineTotalPence: line.lineTotal,
              })),
            )
            .execute()
        }
        const creditItems = allocation.creditItems ?? []
        if (creditItems.length > 0) {
          await trx
            .insertInto("orderCreditItems")
            .values(
              creditItems.map((item, position) => ({
                orderId,
                position,
                description: item.description,
                lineTotalPence: item.lineTotal,
              })),
            )
            .execute()
        }
        return (await withLines(trx, [updated]))[0]
      }),
    ).pipe(Effect.flatMap(found(orderId))),

  byId: (orderId) =>
    runQuery(db, "orders.byId", (q) => loadOrder(q, orderId)).pipe(Effect.flatMap(found(orderId))),

  transition: (orderId, to) =>
    runQuery(db, "orders.transition", (executor) =>
      atomically(
        executor,
        async (trx): Promise<Order | { readonly refused: OrderStatus } | undefined> => {
          if (!isUuid(orderId)) return undefined
          // One statement in the usual case: the update takes the row lock (so a
          // payment notification and a cancel race in turn, not together) and,
          // having waited, checks the status it finds against core's rule.
          const from = orderStatuses.filter((status) => canTransition(status, to))
          const updated =
            from.length === 0
              ? undefined
              : await trx
                  .updateTable("orders")
                  .set({ status: to, updatedAt: new Date() })
                  .where("id", "=", orderId)
                  .where("status", "in", from)
                  .returningAll()
                  .executeTakeFirst()
          if (updated === undefined) {
            const row = await trx
              .selectFrom("orders")
              .select("status")
              .where("id", "=", orderId)
              .forUpdate()
              .executeTakeFirst()
            return row === undefined ? undefined : { refused: row.status }
          }
          if (releasesTickets(to)) await releaseInTransaction(trx, orderId)
          return (await withLines(trx, [updated]))[0]
        },
      ),
    ).pipe(
      Effect.flatMap(
        (result): Effect.Effect<Order, OrderNotFound | OrderTransitionRefused> =>
          result !== undefined && "refused" in result
            ? Effect.fail(new OrderTransitionRefused({ orderId, from: result.refused, to }))
            : found(orderId)(result),
      ),
    ),

  dueForExpiry: (now, limit) =>
    runQuery(db, "orders.dueForExpiry", async (q) => {
      const take = Math.floor(limit)
      if (!(take > 0)) return []
      // Only a list, unlocked: whoever then moves an order does it through
      // `transition`, whose row lock and status check settle any race. An
      // order put off is due at its retry time (always after its expiry).
      const dueAt = sql<Date>`coalesce(expiry_retry_at, expires_at)`
      const due = await q
        .selectFrom("orders")
        .select(["id", "expiryAttempts"])
        .where("status", "in", expirableStatuses)
        .where(dueAt, "<=", now)
        .orderBy(dueAt)
        .orderBy("id")
        .limit(take)
        .execute()
      return due.map(({ id, expiryAttempts }) => ({ orderId: id, expiryAttempts }))
    }),

  expiryPutOff: (orderId, retryAt) =>
    runQuery(db, "orders.expiryPutOff", async (q) => {
      if (!isUuid(orderId)) return
      await q
        .updateTable("orders")
        .set((eb) => ({ expiryAttempts: eb("expiryAttempts", "+", 1), expiryRetryAt: retryAt }))
        .where("id", "=", orderId)
        .execute()
    }),

  list: (query) =>
    runQuery(db, "orders.list", async (q) => {
      if (query.customerId !== null && !isUuid(query.customerId))
        return emptyPage<Order>(query.page)
      let filtered = q.selectFrom("orders")
      if (query.customerId !== null) filtered = filtered.where("customerId", "=", query.customerId)
      if (query.status !== undefined) filtered = filtered.where("status", "=", query.status)
      if (query.createdFrom !== undefined)
        filtered = filtered.where("createdAt", ">=", query.createdFrom)
      if (query.createdTo !== undefined)
        filtered = filtered.where("createdAt", "<=", query.createdTo)
      const [rows, counted] = await Promise.all([
        filtered
          .selectAll()
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
          .execute(),
        filtered.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
      ])
      return toPage(query.page, await withLines(q, rows), Number(counted.total))
    }),
})

/** Read from the status machine, so the job is never handed an order the machine would keep. */
const expirableStatuses = orderStatuses.filter((status) =>
  canTransition(status, OrderStatus.SystemCancelled),
)

export const OrderRepoLive: Layer.Layer<OrderRepo, never, Db> = Layer.effect(
  OrderRepo,
  Effect.map(Db, makeOrderRepo),
)
