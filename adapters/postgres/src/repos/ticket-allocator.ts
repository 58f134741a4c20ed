import type { AllocationException } from "@howzat/core/orders/model"
import {
  type AllocatedLine,
  type AllocationRequest,
  TicketAllocator,
  type TicketAllocatorShape,
} from "@howzat/core/ports/orders"
import { allocationReasons, allowedQuantity } from "@howzat/core/rules/allocation"
import { Effect, Layer } from "effect"
import { type Kysely, sql } from "kysely"
import { Db } from "../database"
import type { Database } from "../schema"
import { atomically, runQuery } from "../transactions"
import { isUuid } from "./shared"

interface CompetitionForSale {
  readonly name: string
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
 * What the per-person maximum counts for a customer: every ticket they hold
 * (paid, awaiting payment, free postal entries) plus the postal entries they
 * sent before they had an account, under the address they now sign in with
 * (decision 0022).
 */
export const ticketsHeld = async (
  trx: Kysely<Database>,
  customerId: string,
  competitionId: string,
) => {
  const { rows } = await sql<{ held: string }>`
    select
      (select count(*) from tickets
        where customer_id = ${customerId} and competition_id = ${competitionId})
      + (select count(*) from postal_entries p
        join users u on lower(p.email) = lower(u.email)
        join customers c on c.user_id = u.id
        where c.id = ${customerId} and p.competition_id = ${competitionId}
          and p.customer_id is null)
      as held
  `.execute(trx)
  return Number(rows[0]?.held ?? 0)
}

/**
 * The claim: the first `count` free tickets in the pool's random order that no
 * other transaction is claiming right now. SKIP LOCKED means buyers never queue
 * behind each other; a ticket locked by a buyer whose transaction later rolls
 * back is simply skipped this time.
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
      order by sort_key
      limit ${count}
      for update skip locked
    )
    update tickets t
    set order_id = ${request.orderId}, customer_id = ${request.customerId}, allocated_at = ${request.at}
    from claimed
    where t.competition_id = ${competitionId} and t.ticket_number = claimed.ticket_number
    returning t.ticket_number
  `.execute(trx)
  return rows.map((row) => row.ticketNumber).sort((a, b) => a - b)
}

const shortfallReason = (
  competition: CompetitionForSale,
  requested: number,
  allowed: number,
  allocated: number,
): string | undefined => {
  if (allocated >= requested) return undefined
  const max = competition.maxTicketsPerCustomer
  if (allocated < allowed) {
    return allocated === 0 ? allocationReasons.soldOut : allocationReasons.fewerLeft(allocated)
  }
  return allocated === 0
    ? allocationReasons.maximumReached(max)
    : allocationReasons.fewerBeforeMaximum(allocated, max)
}

const allocateInTransaction = async (
  trx: Kysely<Database>,
  request: AllocationRequest,
): Promise<{ lines: AllocatedLine[]; exceptions: AllocationException[] }> => {
  // One order of locking for everyone (competition id), so two transactions
  // never hold each other's advisory locks or competition rows: no deadlocks.
  const wanted = [...request.lines]
    .filter((line) => line.quantity > 0)
    .sort((a, b) =>
      a.competitionId < b.competitionId ? -1 : a.competitionId > b.competitionId ? 1 : 0,
    )
  const lines: AllocatedLine[] = []
  const exceptions: AllocationException[] = []
  const sold = new Map<string, number>()

  for (const line of wanted) {
    const competition = await trx
      .selectFrom("competitions")
      .select(["name", "maxTicketsPerCustomer", "startDateTimeUtc", "closeDateTimeUtc"])
      .where("id", "=", line.competitionId)
      .executeTakeFirst()
    if (competition === undefined) continue
    const report = (exceptionReason: string) =>
      exceptions.push({ competitionName: competition.name, exceptionReason })

    if (request.at < competition.startDateTimeUtc) {
      report(allocationReasons.notOpen)
    } else if (request.at >= competition.closeDateTimeUtc) {
      report(allocationReasons.closed)
    } else {
      await lockCustomerInCompetition(trx, request.customerId, line.competitionId)
      const held = await ticketsHeld(trx, request.customerId, line.competitionId)
      const allowed = allowedQuantity(line.quantity, competition.maxTicketsPerCustomer, held)
      const ticketNumbers =
        allowed > 0 ? await claimTickets(trx, request, line.competitionId, allowed) : []
      const reason = shortfallReason(competition, line.quantity, allowed, ticketNumbers.length)
      if (reason !== undefined) report(reason)
      if (ticketNumbers.length > 0) sold.set(line.competitionId, ticketNumbers.length)
      lines.push({
        competitionId: line.competitionId,
        competitionName: competition.name,
        requested: line.quantity,
        ticketNumbers,
      })
      continue
    }
    lines.push({
      competitionId: line.competitionId,
      competitionName: competition.name,
      requested: line.quantity,
      ticketNumbers: [],
    })
  }

  // The counter is bumped last and relatively, so each competition row is
  // locked only from here to commit rather than for the whole checkout; the
  // check constraint (tickets_sold <= total_tickets) stays the last line of defence.
  //
  // A draw marks the row (drawn_at) under the same row lock. A checkout
  // that began before the close but reaches this bump after the draw
  // committed re-reads the row, finds it drawn and updates nothing: its
  // tickets for that competition go back to the pool and it is told the
  // competition has closed, so no ticket is ever sold outside its draw.
  for (const [competitionId, count] of sold) {
    const bumped = await trx
      .updateTable("competitions")
      .set((eb) => ({ ticketsSold: eb("ticketsSold", "+", count) }))
      .where("id", "=", competitionId)
      .where("drawnAt", "is", null)
      .executeTakeFirst()
    if (bumped.numUpdatedRows > 0n) continue
    await trx
      .updateTable("tickets")
      .set({ orderId: null, customerId: null, allocatedAt: null })
      .where("competitionId", "=", competitionId)
      .where("orderId", "=", request.orderId)
      .execute()
    const index = lines.findIndex((l) => l.competitionId === competitionId)
    const line = lines[index]
    if (line !== undefined) {
      lines[index] = { ...line, ticketNumbers: [] }
      const others = exceptions.filter((e) => e.competitionName !== line.competitionName)
      exceptions.splice(0, exceptions.length, ...others, {
        competitionName: line.competitionName,
        exceptionReason: allocationReasons.closed,
      })
    }
  }
  return { lines, exceptions }
}

/**
 * Frees an order's tickets and takes them off each competition's counter in
 * one transaction. Running it twice frees nothing the second time.
 */
const releaseInTransaction = async (trx: Kysely<Database>, orderId: string): Promise<number> => {
  const { rows } = await sql<{ competitionId: string; released: string }>`
    with freed as (
      update tickets
      set order_id = null, customer_id = null, allocated_at = null
      where order_id = ${orderId}
      returning competition_id
    )
    select competition_id, count(*) as released from freed group by competition_id order by competition_id
  `.execute(trx)
  let total = 0
  for (const row of rows) {
    const count = Number(row.released)
    total += count
    await trx
      .updateTable("competitions")
      .set((eb) => ({ ticketsSold: eb("ticketsSold", "-", count) }))
      .where("id", "=", row.competitionId)
      .execute()
  }
  return total
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
      atomically(executor, (trx) => releaseInTransaction(trx, orderId)),
    ),
})

export const TicketAllocatorLive: Layer.Layer<TicketAllocator, never, Db> = Layer.effect(
  TicketAllocator,
  Effect.map(Db, makeTicketAllocator),
)

export { releaseInTransaction }
