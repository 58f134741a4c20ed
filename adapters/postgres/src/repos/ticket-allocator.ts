import {
  type AllocatedLine,
  type AllocationRequest,
  type AllocationResult,
  TicketAllocator,
  type TicketAllocatorShape,
} from "@howzat/core/ports"
import {
  allowedQuantity,
  ordersHoldingTicketsNotCountedTowardsMaximum,
  pence,
  saleIsOpen,
} from "@howzat/core/rules"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { keysAbove } from "./pool-keys"
import { isUuid } from "./shared"
import { addTicketsSold, TICKETS_SOLD_SHARDS } from "./tickets-sold"

interface CompetitionForSale {
  readonly name: string
  readonly ticketPricePence: number
  readonly maxTicketsPerCustomer: number
  readonly startDateTimeUtc: Date
  readonly closeDateTimeUtc: Date
}

/**
 * Serialises one customer's purchases in one competition, across every server
 * process, until the transaction ends. Two tabs of the same customer would
 * otherwise both count 8 of 10 held and both claim 2. The two-key form gives
 * 64 bits of key space, so unrelated pairs rarely share a lock (and sharing
 * one only costs a short wait, never correctness).
 */
export const lockCustomerInCompetition = (
  trx: Kysely<Database>,
  customerId: string,
  competitionId: string,
) =>
  sql`select pg_advisory_xact_lock(hashtext(${customerId}), hashtext(${competitionId}))`.execute(
    trx,
  )

/**
 * core's normaliseEmail (core/src/rules/auth.ts) in SQL: whitespace removed,
 * letters lower-cased, as core's countsAgainst compares a postal entry's
 * email with its holder's. POSIX [[:space:]] is JavaScript's \s for ASCII
 * whitespace, the only kind the contract (and any form) writes;
 * test/contracts/ticket-allocator.contract.ts holds this to the rule with
 * case and whitespace variants.
 */
export const normalisedEmail = (column: string) =>
  sql<string>`lower(regexp_replace(${sql.ref(column)}, '[[:space:]]', '', 'g'))`

/**
 * Tickets of orders in a status core does not count towards the maximum,
 * left out (`ordersHoldingTicketsNotCountedTowardsMaximum`, empty today: a
 * cancelled order's tickets went back to the pool, every other status
 * counts, so nothing is left out and the orders are not read).
 */
const uncountedOrders = (ticket: string) =>
  ordersHoldingTicketsNotCountedTowardsMaximum.length === 0
    ? sql``
    : sql`and not exists (select 1 from orders o where o.id = ${sql.ref(`${ticket}.order_id`)}
        and o.status in (${sql.join(ordersHoldingTicketsNotCountedTowardsMaximum)}))`

/**
 * What the per-person maximum counts for a customer: core's rule
 * (`countsAgainst` in core/src/rules/per-person-maximum.ts) in SQL. Every
 * ticket held for them (paid, awaiting payment, refunded once drawn, their
 * postal entries), bar the statuses core leaves out, plus the postal
 * entries they sent before they had an account, under the address they now
 * sign in with, compared as normaliseEmail compares (decision 0022).
 * test/contracts/ticket-allocator.contract.ts holds this to the rule, for
 * every order status and postal entries by email.
 */
export const ticketsHeld = async (
  trx: Kysely<Database>,
  customerId: string,
  competitionId: string,
) => {
  const { rows } = await sql<{ held: string }>`
    select
      (select count(*) from tickets t
        where t.customer_id = ${customerId} and t.competition_id = ${competitionId}
          ${uncountedOrders("t")})
      + (select count(*) from postal_entries p
        where p.competition_id = ${competitionId} and p.customer_id is null
          and ${normalisedEmail("p.email")} = (
            select ${normalisedEmail("u.email")} from customers c join users u on u.id = c.user_id
            where c.id = ${customerId}))
      as held
  `.execute(trx)
  return Number(rows[0]?.held ?? 0)
}

/**
 * What every claim does with the rows its own `claimed` CTE locked: gives
 * them to the order (dropping any basket's hold on them), adds how many to
 * this session's counter row (decision 0046) in the same statement, so the
 * sold count can never drift from the pool, and answers the numbers taken.
 * Follows `with claimed as (...)` and ends the statement.
 */
const takeClaimed = (
  request: {
    readonly orderId: string
    readonly customerId: string | null
    readonly at: Date
  },
  competitionId: string,
) => sql`taken as (
      update tickets t
      set order_id = ${request.orderId}, customer_id = ${request.customerId}, allocated_at = ${request.at},
        held_by_basket_id = null, held_until = null
      from claimed
      where t.competition_id = ${competitionId} and t.ticket_number = claimed.ticket_number
      returning t.ticket_number
    ), counted as (
      insert into competition_tickets_sold as s (competition_id, shard, sold)
      select ${competitionId}, pg_backend_pid() % ${TICKETS_SOLD_SHARDS}, count(*) from taken
      having count(*) > 0
      on conflict (competition_id, shard) do update set sold = s.sold + excluded.sold
    )
    select ticket_number from taken`

/**
 * The claim: the first `count` free tickets in the pool's random order that no
 * other transaction is claiming right now. SKIP LOCKED means buyers never queue
 * behind each other; a ticket locked by a buyer whose transaction later rolls
 * back is simply skipped this time. The rest is takeClaimed's.
 */
export const claimTickets = async (
  trx: Kysely<Database>,
  request: {
    readonly orderId: string
    /** Null for a free postal entry of someone without an account. */
    readonly customerId: string | null
    readonly at: Date
  },
  competitionId: string,
  count: number,
): Promise<number[]> => {
  const { rows } = await sql<{ ticketNumber: number }>`
    with claimed as (
      select ticket_number from tickets
      where competition_id = ${competitionId} and order_id is null
        -- Not a number a basket holds (decision 0080). A hold written after
        -- this statement began updated the row, so the lock's recheck sees it.
        and (held_until is null or held_until <= ${request.at})
      order by sort_key
      limit ${count}
      for update skip locked
    ), ${takeClaimed(request, competitionId)}
  `.execute(trx)
  return rows.map((row) => row.ticketNumber).sort((a, b) => a - b)
}

/**
 * A basket's picked numbers for an order (decision 0080): each is claimed if
 * it is free and no other basket holds it now (its own hold may have run
 * out, as long as nobody took the number meanwhile). Rows are locked in
 * number order, waiting for (not skipping) a row another transaction has,
 * and rechecked as that one left it. Answers the numbers claimed; the
 * caller compares them with those asked for.
 */
const claimPicked = async (
  trx: Kysely<Database>,
  request: AllocationRequest,
  basketId: string,
  competitionId: string,
  numbers: readonly number[],
): Promise<number[]> => {
  const { rows } = await sql<{ ticketNumber: number }>`
    with claimed as (
      select ticket_number from tickets
      where competition_id = ${competitionId} and ticket_number = any(${[...numbers]}::int[])
        and order_id is null
        and (held_until is null or held_until <= ${request.at} or held_by_basket_id = ${basketId})
      order by ticket_number
      for update
    ), ${takeClaimed(request, competitionId)}
  `.execute(trx)
  return rows.map((row) => row.ticketNumber).sort((a, b) => a - b)
}

/**
 * The competition as a checkout sees it, and, while it is open at `at`, a
 * key-share lock on its row until commit, in one round trip with the
 * customer's lock. Buyers' key-share locks do not conflict with each other;
 * they conflict with the draw's `for update`, so a draw waits for every
 * checkout already past this point, and a checkout that gets here after the
 * draw committed reads the drawn row (a locking read sees the latest
 * version) and sells nothing. After the close nobody takes the lock, so
 * buyers can never keep a draw waiting. The lock's window is the one core's
 * saleIsOpen sells in; whether to claim is still asked of saleIsOpen.
 */
const openForCheckout = async (
  trx: Kysely<Database>,
  customerId: string,
  competitionId: string,
  at: Date,
  basketId: string | undefined,
) => {
  const { rows } = await sql<CompetitionForSale & { drawn: boolean; picks: number[] | null }>`
    with locked as (
      select drawn_at from competitions
      where id = ${competitionId}
        and start_date_time_utc <= ${at} and close_date_time_utc > ${at}
      for key share
    )
    select c.name, c.ticket_price_pence as "ticketPricePence", c.max_tickets_per_customer as "maxTicketsPerCustomer",
      c.start_date_time_utc as "startDateTimeUtc", c.close_date_time_utc as "closeDateTimeUtc",
      coalesce((select drawn_at is not null from locked), false) as drawn,
      -- The customer's lock (see lockCustomerInCompetition), only while open.
      (select pg_advisory_xact_lock(hashtext(${customerId}), hashtext(${competitionId}))
        from locked) is null as "customerLocked",
      -- The basket's picked numbers here (decision 0080), in the same round trip.
      (select array_agg(h.ticket_number order by h.ticket_number) from ticket_holds h
        where h.basket_id = ${basketId !== undefined && isUuid(basketId) ? basketId : null}::uuid
          and h.competition_id = c.id) as picks
    from competitions c where c.id = ${competitionId}
  `.execute(trx)
  return rows[0]
}

/**
 * Claims each line's tickets and reports the facts; whether the sale is open
 * and why a line fell short are core's rules (rules/allocation).
 */
const allocateInTransaction = async (
  trx: Kysely<Database>,
  request: AllocationRequest,
): Promise<AllocationResult> => {
  // One order of locking for everyone (competition id), so two transactions
  // never hold each other's advisory locks, competition rows or counter
  // rows in opposite orders: no deadlocks.
  const wanted = [...request.lines]
    .filter((line) => line.quantity > 0)
    .sort((a, b) =>
      a.competitionId < b.competitionId ? -1 : a.competitionId > b.competitionId ? 1 : 0,
    )
  const lines: AllocatedLine[] = []

  for (const line of wanted) {
    const competition = await openForCheckout(
      trx,
      request.customerId,
      line.competitionId,
      request.at,
      request.basketId,
    )
    if (competition === undefined) continue
    const picks = competition.picks ?? []
    const sale = {
      opensAt: competition.startDateTimeUtc,
      closesAt: competition.closeDateTimeUtc,
      drawn: competition.drawn,
    }
    let held = 0
    let ticketNumbers: number[] = []
    let pickedLost: number[] = []
    if (saleIsOpen(sale, request.at)) {
      held = await ticketsHeld(trx, request.customerId, line.competitionId)
      const allowed = allowedQuantity(line.quantity, competition.maxTicketsPerCustomer, held)
      // Picks first, within the allowance; the rest of the line is Lucky Dip.
      const picked = picks.slice(0, allowed)
      if (picked.length > 0 && request.basketId !== undefined) {
        ticketNumbers = await claimPicked(
          trx,
          request,
          request.basketId,
          line.competitionId,
          picked,
        )
        const claimed = new Set(ticketNumbers)
        pickedLost = picked.filter((n) => !claimed.has(n))
      }
      if (pickedLost.length === 0 && allowed > ticketNumbers.length)
        ticketNumbers = [
          ...ticketNumbers,
          ...(await claimTickets(trx, request, line.competitionId, allowed - ticketNumbers.length)),
        ].sort((a, b) => a - b)
    }
    // The basket's picks here are spent: claimed, or left out by the maximum.
    if (request.basketId !== undefined && picks.length > 0)
      await sql`
        with gone as (
          delete from ticket_holds
          where basket_id = ${request.basketId} and competition_id = ${line.competitionId}
          returning ticket_number
        )
        update tickets t set held_by_basket_id = null, held_until = null
        from gone
        where t.competition_id = ${line.competitionId} and t.ticket_number = gone.ticket_number
          and t.held_by_basket_id = ${request.basketId}
      `.execute(trx)
    lines.push({
      competitionId: line.competitionId,
      competitionName: competition.name,
      requested: line.quantity,
      ticketNumbers,
      unitPrice: pence(competition.ticketPricePence),
      maxPerCustomer: competition.maxTicketsPerCustomer,
      held,
      sale,
      ...(pickedLost.length > 0 ? { pickedLost } : {}),
    })
  }
  return { lines }
}

/**
 * Frees an order's tickets (all of them, or those of `competitionIds`) and
 * takes them off each competition's counter, in the caller's transaction.
 * Each freed ticket gets a new sort key at a random place behind the first
 * free ticket (pool-keys.ts, decision 0060): kept, its old key would be
 * below every free one (claims take the lowest), and the customer's next
 * checkout would get the same number back. Running it twice frees nothing
 * the second time: the order's rows are locked while they are read, so a
 * second release waits and then finds none.
 *
 * The lowest free key is read without a lock: a claim committing meanwhile
 * can only raise the true lowest, so a freed ticket is at worst placed among
 * the first few free ones instead of behind exactly one, and never sold
 * twice, as only this order's rows are written.
 */
export const returnToPool = async (
  trx: Kysely<Database>,
  orderId: string,
  competitionIds: readonly string[] | null = null,
): Promise<number> => {
  const { rows } = await sql<{ competitionId: string; numbers: number[]; lowest: string | null }>`
    with held as (
      select competition_id, ticket_number from tickets
      where order_id = ${orderId}
        ${competitionIds === null ? sql`` : sql`and competition_id = any(${[...competitionIds]}::uuid[])`}
      for update
    )
    select h.competition_id, array_agg(h.ticket_number order by h.ticket_number) as numbers,
      (select f.sort_key from tickets f
        where f.competition_id = h.competition_id and f.order_id is null
        order by f.sort_key limit 1) as lowest
    from held h group by h.competition_id order by h.competition_id
  `.execute(trx)
  if (rows.length === 0) return 0
  const competitions: string[] = []
  const numbers: number[] = []
  const keys: string[] = []
  for (const row of rows) {
    competitions.push(...row.numbers.map(() => row.competitionId))
    numbers.push(...row.numbers)
    keys.push(...keysAbove(row.lowest, row.numbers.length))
  }
  await sql`
    update tickets t
    set order_id = null, customer_id = null, allocated_at = null, sort_key = v.sort_key
    from unnest(${competitions}::uuid[], ${numbers}::int[], ${keys}::uuid[])
      as v(competition_id, ticket_number, sort_key)
    where t.competition_id = v.competition_id and t.ticket_number = v.ticket_number
      and t.order_id = ${orderId}
  `.execute(trx)
  for (const row of rows) await addTicketsSold(trx, row.competitionId, -row.numbers.length)
  return numbers.length
}

export const makeTicketAllocator = (db: Kysely<Database>): TicketAllocatorShape => ({
  allocate: (request) =>
    runQuery(db, "tickets.allocate", (executor) =>
      atomically(executor, (trx) => allocateInTransaction(trx, request)),
    ),
  ticketsHeld: (customerId, competitionId) =>
    runQuery(db, "tickets.held", (q) =>
      isUuid(customerId) && isUuid(competitionId)
        ? ticketsHeld(q, customerId, competitionId)
        : Promise.resolve(0),
    ),
  release: (orderId) =>
    runQuery(db, "tickets.release", (executor) =>
      atomically(executor, (trx) => returnToPool(trx, orderId)),
    ),
})

export const TicketAllocatorLive: Layer.Layer<TicketAllocator, never, Db> = Layer.effect(
  TicketAllocator,
  Effect.map(Db, makeTicketAllocator),
)
