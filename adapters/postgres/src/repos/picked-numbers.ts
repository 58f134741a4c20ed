import { type NumberHold, PickedNumberStore, type PickedNumberStoreShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"
import { lockCustomerInCompetition } from "./ticket-allocator"

/**
 * The holds on picked numbers (docs/decisions/0080). A number's hold is on
 * its own ticket row (`held_by_basket_id`, `held_until`), so every writer
 * that cares (a second picker, a lucky dip's claim, a checkout's picked
 * claim) decides on that row under its lock, and a writer that waited for
 * the lock rechecks the row as the holder left it: no number is held twice,
 * and none is both held and sold. `ticket_holds` is the basket's own list of
 * what it picked, kept past an expiry so a checkout can say what was lost.
 */

/** Locks the numbers' rows, ascending (everyone's order, so no deadlock), and reads them. */
const lockNumbers = (trx: Kysely<Database>, competitionId: string, numbers: readonly number[]) =>
  sql<{
    ticketNumber: number
    orderId: string | null
    heldByBasketId: string | null
    heldUntil: Date | null
  }>`
    select ticket_number, order_id, held_by_basket_id, held_until from tickets
    where competition_id = ${competitionId} and ticket_number = any(${[...numbers]}::int[])
    order by ticket_number
    for update
  `.execute(trx)

const heldInOtherBaskets = async (
  q: Kysely<Database>,
  customerId: string,
  competitionId: string,
  exceptBasketId: string,
  at: Date,
) => {
  const { rows } = await sql<{ held: string | number }>`
    select count(*) as held from ticket_holds h
    join tickets t on t.competition_id = h.competition_id and t.ticket_number = h.ticket_number
      and t.held_by_basket_id = h.basket_id
    where h.customer_id = ${customerId} and h.competition_id = ${competitionId}
      and h.basket_id <> ${exceptBasketId} and t.held_until > ${at}
  `.execute(q)
  return Number(rows[0]?.held ?? 0)
}

export const makePickedNumberStore = (db: Kysely<Database>): PickedNumberStoreShape => ({
  lockForPicking: (request) =>
    runQuery(db, "pickedNumbers.lockForPicking", (executor) =>
      atomically(executor, async (trx) => {
        await lockCustomerInCompetition(trx, request.customerId, request.competitionId)
        const { rows } = await lockNumbers(trx, request.competitionId, request.numbers)
        const found = new Set(rows.map((row) => row.ticketNumber))
        const unavailable = [
          ...request.numbers.filter((n) => !found.has(n)),
          ...rows
            .filter(
              (row) =>
                row.orderId !== null ||
                (row.heldUntil !== null &&
                  row.heldUntil.getTime() > request.at.getTime() &&
                  row.heldByBasketId !== request.basketId),
            )
            .map((row) => row.ticketNumber),
        ].sort((a, b) => a - b)
        // A later statement: it sees every hold committed before the locks above were granted.
        const others = await heldInOtherBaskets(
          trx,
          request.customerId,
          request.competitionId,
          request.basketId,
          request.at,
        )
        return { unavailable, heldInOtherBaskets: others }
      }),
    ),

  hold: (request) =>
    runQuery(db, "pickedNumbers.hold", (executor) =>
      atomically(executor, async (trx) => {
        // All or nothing: the rows are locked and checked first, so a lost
        // number leaves the others as they were.
        const locked = await lockNumbers(trx, request.competitionId, request.numbers)
        const unavailable = new Set(request.numbers)
        for (const row of locked.rows)
          if (
            row.orderId === null &&
            (row.heldUntil === null ||
              row.heldUntil.getTime() <= request.at.getTime() ||
              row.heldByBasketId === request.basketId)
          )
            unavailable.delete(row.ticketNumber)
        if (unavailable.size > 0) return [...unavailable].sort((a, b) => a - b)
        const { rows } = await sql<{ ticketNumber: number }>`
          update tickets
          set held_by_basket_id = ${request.basketId}, held_until = ${request.expiresAt}
          where competition_id = ${request.competitionId}
            and ticket_number = any(${[...request.numbers]}::int[])
            and order_id is null
            and (held_until is null or held_until <= ${request.at}
              or held_by_basket_id = ${request.basketId})
          returning ticket_number
        `.execute(trx)
        const held = new Set(rows.map((row) => row.ticketNumber))
        const lost = request.numbers.filter((n) => !held.has(n))
        if (lost.length > 0) return lost
        await trx
          .insertInto("ticketHolds")
          .values(
            request.numbers.map((ticketNumber) => ({
              basketId: request.basketId,
              competitionId: request.competitionId,
              ticketNumber,
              customerId: request.customerId,
              heldAt: request.at,
              expiresAt: request.expiresAt,
            })),
          )
          .onConflict((oc) =>
            oc
              .columns(["basketId", "competitionId", "ticketNumber"])
              .doUpdateSet({ heldAt: request.at, expiresAt: request.expiresAt }),
          )
          .execute()
        return []
      }),
    ),

  release: (basketId, competitionId, numbers) =>
    runQuery(db, "pickedNumbers.release", async (q) => {
      if (!isUuid(basketId) || !isUuid(competitionId)) return []
      // Both writes run whether or not the select reads them (data-modifying WITH).
      const { rows } = await sql<{ ticketNumber: number }>`
        with gone as (
          delete from ticket_holds
          where basket_id = ${basketId} and competition_id = ${competitionId}
            ${numbers === null ? sql`` : sql`and ticket_number = any(${[...numbers]}::int[])`}
          returning ticket_number
        ), freed as (
          update tickets t set held_by_basket_id = null, held_until = null
          from gone
          where t.competition_id = ${competitionId} and t.ticket_number = gone.ticket_number
            and t.held_by_basket_id = ${basketId}
          returning t.ticket_number
        )
        select ticket_number from gone order by ticket_number
      `.execute(q)
      return rows.map((row) => row.ticketNumber)
    }),

  ofBasket: (basketId) =>
    runQuery(db, "pickedNumbers.ofBasket", async (q) => {
      if (!isUuid(basketId)) return []
      const rows = await q
        .selectFrom("ticketHolds")
        .select(["basketId", "competitionId", "ticketNumber", "customerId", "expiresAt"])
        .where("basketId", "=", basketId)
        .orderBy("competitionId")
        .orderBy("ticketNumber")
        .execute()
      return rows.map((row): NumberHold => ({ ...row }))
    }),

  heldInOtherBaskets: (customerId, competitionId, exceptBasketId, at) =>
    runQuery(db, "pickedNumbers.heldInOtherBaskets", (q) =>
      isUuid(customerId) && isUuid(competitionId) && isUuid(exceptBasketId)
        ? heldInOtherBaskets(q, customerId, competitionId, exceptBasketId, at)
        : Promise.resolve(0),
    ),

  freeNumbers: ({ competitionId, at, from, page }) =>
    runQuery(db, "pickedNumbers.freeNumbers", async (q) => {
      const empty = { items: [], pageNumber: page.pageNumber, pageSize: page.pageSize }
      if (!isUuid(competitionId)) return { ...empty, totalCount: 0 }
      const free = sql`competition_id = ${competitionId} and ticket_number >= ${from}
        and order_id is null and (held_until is null or held_until <= ${at})`
      const items = await sql<{ ticketNumber: number }>`
        select ticket_number from tickets where ${free}
        order by ticket_number
        limit ${page.pageSize} offset ${(page.pageNumber - 1) * page.pageSize}
      `.execute(q)
      const count = await sql<{ free: string | number }>`
        select count(*) as free from tickets where ${free}
      `.execute(q)
      return {
        ...empty,
        items: items.rows.map((row) => row.ticketNumber),
        totalCount: Number(count.rows[0]?.free ?? 0),
      }
    }),
})

export const PickedNumberStoreLive: Layer.Layer<PickedNumberStore, never, Db> = Layer.effect(
  PickedNumberStore,
  Effect.map(Db, makePickedNumberStore),
)
