import {
  type AllocationException,
  type Order,
  type OrderLine,
  OrderNotFound,
  OrderTransitionRefused,
} from "@howzat/core/orders"
import { OrderRepo, type OrderRepoShape } from "@howzat/core/ports"
import {
  canTransition,
  OrderStatus,
  orderStatuses,
  pence,
  releasesTickets,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, OrdersTable } from "../schema"
import { atomically, runQuery } from "../transactions"
import {
  containsPattern,
  emptyPage,
  isUuid,
  normalisePage,
  pageOffset,
  prefixPattern,
  toPage,
} from "./shared"
import { returnToPool } from "./ticket-allocator"

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

type LineRow = Pick<
  Selectable<Database["orderLines"]>,
  | "orderId"
  | "competitionId"
  | "quantity"
  | "unitPricePence"
  | "preDiscountTotalPence"
  | "lineTotalPence"
> & { name: string; ticketNumbers: number[] }
type CreditRow = Pick<
  Selectable<Database["orderCreditItems"]>,
  "orderId" | "description" | "lineTotalPence"
>

/**
 * An order row with its lines (ticket numbers included) and credit items as
 * JSON columns, for a statement that reads them together with the write
 * that produced the row. `lines` and `credits` name where they come from:
 * the tables, or a data-modifying CTE of the same statement (whose rows
 * the tables do not show yet). Lines ordered as `withLines` orders them.
 */
const linesAndCredits = (row: string, lines: string, credits: string) =>
  sql<{ linesJson: LineRow[]; creditsJson: CreditRow[] }>`
    coalesce((select json_agg(json_build_object(
        'orderId', l.order_id, 'competitionId', l.competition_id, 'name', c.name,
        'quantity', l.quantity, 'unitPricePence', l.unit_price_pence,
        'preDiscountTotalPence', l.pre_discount_total_pence, 'lineTotalPence', l.line_total_pence,
        'ticketNumbers', array(select t.ticket_number from tickets t
          where t.order_id = l.order_id and t.competition_id = l.competition_id
          order by t.ticket_number))
        order by c.name)
      from ${sql.raw(lines)} l join competitions c on c.id = l.competition_id
      where l.order_id = ${sql.raw(row)}.id), '[]'::json) as "linesJson",
    coalesce((select json_agg(json_build_object(
        'orderId', i.order_id, 'description', i.description, 'lineTotalPence', i.line_total_pence)
        order by i.position)
      from ${sql.raw(credits)} i where i.order_id = ${sql.raw(row)}.id), '[]'::json) as "creditsJson"`

type RowWithLines = OrderRow & { linesJson: LineRow[]; creditsJson: CreditRow[] }

const orderFromJoined = ({ linesJson, creditsJson, ...row }: RowWithLines): Order =>
  orderFrom(row, linesJson, creditsJson)

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
    runQuery(db, "orders.recordAllocation", async (q) => {
      if (!isUuid(orderId)) return undefined
      const creditItems = allocation.creditItems ?? []
      // One statement: the totals, the lines and credit items, and the order
      // read back with its ticket numbers (data-modifying CTEs; the inserts'
      // rows are read from the CTEs, which the tables do not show yet).
      const insertLines =
        allocation.lines.length === 0
          ? sql`select * from order_lines where false`
          : sql`insert into order_lines (order_id, competition_id, quantity_requested, quantity,
                unit_price_pence, pre_discount_total_pence, line_total_pence)
              select updated.id, v.* from updated, (values ${sql.join(
                allocation.lines.map(
                  (line) =>
                    sql`(${line.competitionId}::uuid, ${line.quantityRequested}::int, ${line.quantity}::int, ${line.unitPrice}::int, ${line.preDiscountTotal}::int, ${line.lineTotal}::int)`,
                ),
              )}) as v
              returning *`
      const insertCredits =
        creditItems.length === 0
          ? sql`select * from order_credit_items where false`
          : sql`insert into order_credit_items (order_id, position, description, line_total_pence)
              select updated.id, v.* from updated, (values ${sql.join(
                creditItems.map(
                  (item, position) =>
                    sql`(${position}::int, ${item.description}::text, ${item.lineTotal}::int)`,
                ),
              )}) as v
              returning *`
      const { rows } = await sql<RowWithLines>`
        with updated as (
          update orders set
            item_total_pence = ${allocation.itemTotal},
            discount_total_pence = ${allocation.discountTotal},
            donation_pence = ${allocation.donation},
            site_credit_debit_pence = ${allocation.siteCreditDebit},
            order_total_pence = ${allocation.orderTotal},
            allocation_exceptions = ${JSON.stringify(allocation.exceptions)}
          where id = ${orderId}
          returning *
        ), inserted as (${insertLines}), credited as (${insertCredits})
        select updated.*, ${linesAndCredits("updated", "inserted", "credited")}
        from updated
      `.execute(q)
      const row = rows[0]
      return row === undefined ? undefined : orderFromJoined(row)
    }).pipe(Effect.flatMap(found(orderId))),

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
          // having waited, checks the status it finds against core's rule; a
          // move that keeps the tickets reads the order back in that statement.
          const from = orderStatuses.filter((status) => canTransition(status, to))
          if (from.length > 0 && !releasesTickets(to)) {
            const { rows } = await sql<RowWithLines>`
              with moved as (
                update orders set status = ${to}, updated_at = ${new Date()}
                where id = ${orderId} and status in (${sql.join(from)})
                returning *
              )
              select moved.*, ${linesAndCredits("moved", "order_lines", "order_credit_items")}
              from moved
            `.execute(trx)
            const moved = rows[0]
            if (moved !== undefined) return orderFromJoined(moved)
          } else if (from.length > 0) {
            const updated = await trx
              .updateTable("orders")
              .set({ status: to, updatedAt: new Date() })
              .where("id", "=", orderId)
              .where("status", "in", from)
              .returningAll()
              .executeTakeFirst()
            if (updated !== undefined) {
              await returnToPool(trx, orderId)
              return (await withLines(trx, [updated]))[0]
            }
          }
          const row = await trx
            .selectFrom("orders")
            .select("status")
            .where("id", "=", orderId)
            .forUpdate()
            .executeTakeFirst()
          return row === undefined ? undefined : { refused: row.status }
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
      const { search } = query
      if (search !== undefined) {
        // Two index-led halves, not one OR: Postgres cannot lead an OR of a
        // prefix match and a subquery with indexes, and would read every
        // order. The reference half reads orders_order_ref_prefix_idx; the
        // customers half matches names and addresses (users' trigram
        // indexes) and then reads their orders by orders_customer_idx.
        const matches = q
          .selectFrom("orders as byRef")
          .select("byRef.id")
          .where(
            sql`upper(${sql.ref("byRef.orderRef")})`,
            "like",
            prefixPattern(search.toUpperCase()),
          )
          .union(
            q
              .selectFrom("orders as byCustomer")
              .innerJoin("customers", "customers.id", "byCustomer.customerId")
              .innerJoin("users", "users.id", "customers.userId")
              .select("byCustomer.id")
              .where((w) =>
                w.or([
                  w(
                    sql`${sql.ref("users.firstName")} || ' ' || ${sql.ref("users.lastName")}`,
                    "ilike",
                    containsPattern(search),
                  ),
                  w("users.email", "ilike", containsPattern(search)),
                ]),
              ),
          )
        // `= any(array(…))`, not `in (…)`: as `in`, Postgres hashes the
        // matches and reads all 200,000 orders of a large shop against them
        // (140 ms); as an array, it reads the matches' rows by orders_pkey
        // (docs/decisions/0094). The same rows either way.
        filtered = filtered.where(sql<boolean>`${sql.ref("orders.id")} = any(array(${matches}))`)
      }
      const paged = <Q extends typeof filtered>(from: Q) =>
        from
          .orderBy("createdAt", "desc")
          .orderBy("id", "desc")
          .limit(normalisePage(query.page).pageSize)
          .offset(pageOffset(query.page))
      // Without a search, the page's ids first, then their rows: the offset
      // walks orders_created_idx alone (id is in it) instead of reading every
      // skipped order's row, so page 5,000 of a large shop costs
      // milliseconds, not half a second (docs/decisions/0090). A search's
      // matches are few, and nesting it once more only costs its plan.
      const page =
        search === undefined
          ? q
              .selectFrom("orders")
              .selectAll()
              .where("orders.id", "in", paged(filtered).select("orders.id"))
              .orderBy("createdAt", "desc")
              .orderBy("id", "desc")
          : paged(filtered).selectAll()
      const [rows, counted] = await Promise.all([
        page.execute(),
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
