/**
 * The in-memory PickedNumberStore over the basket doubles' store, keeping
 * the port's promises (test/contracts/picked-numbers.contract.ts, which the
 * SQL store passes too): one live hold a number, never on a sold number, a
 * hold past its expiry holding nothing, the basket's list of picks kept
 * past an expiry. The memory allocator (allocator-doubles) claims a
 * basket's picks and skips numbers held by other baskets, as the SQL one.
 */
import { Effect } from "effect"
import type { NumberHold, PickedNumberStoreShape } from "../ports/picked-numbers.js"
import { holdIsLive } from "../rules/picked-numbers.js"
import type { OrderStore } from "./test-doubles.js"

/** A number's one hold, as the database keeps it on the ticket's row. */
export interface NumberHoldRow {
  readonly basketId: string
  readonly until: Date
}

/** The store's holds, made on first use: `numbers` by `${competitionId}/${n}`, `picks` by `${basketId}/${competitionId}/${n}`. */
export const holdsOf = (store: OrderStore) => {
  store.pickHolds ??= { numbers: new Map(), picks: new Map() }
  return store.pickHolds
}

/** Numbers some order holds in the competition now. */
export const soldNumbers = (store: OrderStore, competitionId: string): Set<number> => {
  const numbers = new Set<number>()
  for (const [key, held] of store.allocated)
    if (key.endsWith(`/${competitionId}`)) for (const n of held) numbers.add(n)
  return numbers
}

/** Whether a basket other than `basketId` (or any, when null) holds the number at `at`. */
export const heldByAnother = (
  store: OrderStore,
  competitionId: string,
  n: number,
  basketId: string | null,
  at: Date,
) => {
  const row = holdsOf(store).numbers.get(`${competitionId}/${n}`)
  return row !== undefined && holdIsLive(row.until, at) && row.basketId !== basketId
}

/** The basket's picks in a competition, ascending. */
export const picksOf = (store: OrderStore, basketId: string, competitionId: string) =>
  [...holdsOf(store).picks.values()]
    .filter((p) => p.basketId === basketId && p.competitionId === competitionId)
    .map((p) => p.ticketNumber)
    .sort((a, b) => a - b)

/** Lets the basket's picks go (all in the competition when `numbers` is null). */
export const releasePicks = (
  store: OrderStore,
  basketId: string,
  competitionId: string,
  numbers: readonly number[] | null,
): number[] => {
  const { picks, numbers: rows } = holdsOf(store)
  const released = picksOf(store, basketId, competitionId).filter(
    (n) => numbers === null || numbers.includes(n),
  )
  for (const n of released) {
    picks.delete(`${basketId}/${competitionId}/${n}`)
    if (rows.get(`${competitionId}/${n}`)?.basketId === basketId)
      rows.delete(`${competitionId}/${n}`)
  }
  return released
}

export const memoryPickedNumberStore = (store: OrderStore): PickedNumberStoreShape => {
  const inRange = (competitionId: string, n: number) => {
    const competition = store.competitions.get(competitionId)
    return competition !== undefined && n >= 1 && n <= competition.totalTickets
  }
  const unavailable = (
    competitionId: string,
    basketId: string,
    numbers: readonly number[],
    at: Date,
  ) => {
    const sold = soldNumbers(store, competitionId)
    return numbers.filter(
      (n) =>
        !inRange(competitionId, n) ||
        sold.has(n) ||
        heldByAnother(store, competitionId, n, basketId, at),
    )
  }
  const heldInOtherBaskets = (
    customerId: string,
    competitionId: string,
    exceptBasketId: string,
    at: Date,
  ) =>
    [...holdsOf(store).picks.values()].filter(
      (p) =>
        p.customerId === customerId &&
        p.competitionId === competitionId &&
        p.basketId !== exceptBasketId &&
        holdsOf(store).numbers.get(`${competitionId}/${p.ticketNumber}`)?.basketId === p.basketId &&
        holdIsLive(p.expiresAt, at),
    ).length

  return {
    lockForPicking: (request) =>
      Effect.sync(() => ({
        unavailable: unavailable(
          request.competitionId,
          request.basketId,
          request.numbers,
          request.at,
        ).sort((a, b) => a - b),
        heldInOtherBaskets: heldInOtherBaskets(
          request.customerId,
          request.competitionId,
          request.basketId,
          request.at,
        ),
      })),
    hold: (request) =>
      Effect.sync(() => {
        const lost = unavailable(
          request.competitionId,
          request.basketId,
          request.numbers,
          request.at,
        )
        if (lost.length > 0) return lost
        const { numbers, picks } = holdsOf(store)
        for (const ticketNumber of request.numbers) {
          numbers.set(`${request.competitionId}/${ticketNumber}`, {
            basketId: request.basketId,
            until: request.expiresAt,
          })
          picks.set(`${request.basketId}/${request.competitionId}/${ticketNumber}`, {
            basketId: request.basketId,
            competitionId: request.competitionId,
            ticketNumber,
            customerId: request.customerId,
            expiresAt: request.expiresAt,
          })
        }
        return []
      }),
    release: (basketId, competitionId, numbers) =>
      Effect.sync(() => releasePicks(store, basketId, competitionId, numbers)),
    ofBasket: (basketId) =>
      Effect.sync(() =>
        [...holdsOf(store).picks.values()]
          .filter((p) => p.basketId === basketId)
          .sort((a, b) =>
            a.competitionId === b.competitionId
              ? a.ticketNumber - b.ticketNumber
              : a.competitionId < b.competitionId
                ? -1
                : 1,
          )
          .map((p): NumberHold => ({ ...p })),
      ),
    heldInOtherBaskets: (customerId, competitionId, exceptBasketId, at) =>
      Effect.sync(() => heldInOtherBaskets(customerId, competitionId, exceptBasketId, at)),
    freeNumbers: ({ competitionId, at, from, page }) =>
      Effect.sync(() => {
        const competition = store.competitions.get(competitionId)
        const sold = soldNumbers(store, competitionId)
        const free: number[] = []
        for (let n = Math.max(1, from); n <= (competition?.totalTickets ?? 0); n++)
          if (!sold.has(n) && !heldByAnother(store, competitionId, n, null, at)) free.push(n)
        const start = (page.pageNumber - 1) * page.pageSize
        return {
          items: free.slice(start, start + page.pageSize),
          pageNumber: page.pageNumber,
          pageSize: page.pageSize,
          totalCount: free.length,
        }
      }),
  }
}
