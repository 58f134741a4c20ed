/**
 * The in-memory TicketAllocator over the basket doubles' store: a pool of
 * numbers 1..totalTickets per competition, claimed by orders. It keeps the
 * port's promises (test/contracts/ticket-allocator.contract.ts, which the
 * SQL allocator passes too): never a number handed out twice, never past the
 * stock or the customer's maximum, nothing sold outside saleIsOpen, the
 * facts of a shortfall reported for core's rule to word, and an order's
 * tickets back in the pool once, behind another free one. Unlike the
 * database it starts with the numbers in order, lowest first, not in a
 * random order, so tests can name them; a released number goes back at a
 * random place behind the first free one, as the database's does
 * (decision 0060), so the customer who gave it back never gets it straight
 * back while another is free.
 */
import { Effect } from "effect"
import type { Competition } from "../competitions/model.js"
import type { AllocatedLine, TicketAllocatorShape } from "../ports/orders.js"
import { allowedQuantity, saleIsOpen } from "../rules/allocation.js"
import type { TicketHold } from "../rules/draw-entries.js"
import { type HeldTicket, ticketsHeldBy } from "../rules/per-person-maximum.js"
import { heldByAnother, picksOf, releasePicks } from "./picked-number-doubles.js"
import type { OrderStore } from "./test-doubles.js"

/** The numbers of a competition some order holds now. */
const taken = (store: OrderStore, competitionId: string) => {
  const numbers = new Set<number>()
  for (const [key, held] of store.allocated)
    if (key.endsWith(`/${competitionId}`)) for (const n of held) numbers.add(n)
  return numbers
}

/**
 * The competition's numbers in the order claims take them: the store's
 * order where a release changed it, else 1..totalTickets. Numbers the pool
 * gained since (a test raising totalTickets) come after the rest.
 */
const claimOrder = (store: OrderStore, competition: Competition): number[] => {
  const stored = (store.poolOrder.get(competition.id) ?? []).filter(
    (n) => n <= competition.totalTickets,
  )
  const known = new Set(stored)
  for (let n = 1; n <= competition.totalTickets; n++) if (!known.has(n)) stored.push(n)
  return stored
}

/**
 * The pool's free numbers in claim order. A test may start a competition
 * with tickets already sold (`ticketsSoldToDate`) that no order here holds:
 * those are the first free numbers in claim order, so they are never
 * handed out again either.
 */
const freeNumbers = (store: OrderStore, competition: Competition) => {
  const held = taken(store, competition.id)
  const soldElsewhere = Math.max(0, competition.ticketsSoldToDate - held.size)
  return claimOrder(store, competition)
    .filter((n) => !held.has(n))
    .slice(soldElsewhere)
}

/** Free numbers a lucky dip may take at `at`: none a basket holds (decision 0080). */
const luckyDipNumbers = (store: OrderStore, competition: Competition, at: Date) =>
  freeNumbers(store, competition).filter((n) => !heldByAnother(store, competition.id, n, null, at))

/**
 * Puts released numbers back into the claim order, each right after a free
 * number chosen uniformly among the others free: a uniformly random place
 * behind the first free one, as the database's new sort key gives
 * (adapters/postgres/src/repos/pool-keys.ts). With no other number free,
 * where it goes does not matter.
 */
const rejoin = (store: OrderStore, competition: Competition, released: readonly number[]) => {
  const back = new Set(released)
  const held = taken(store, competition.id)
  const soldElsewhere = Math.max(0, competition.ticketsSoldToDate - held.size)
  const order = claimOrder(store, competition).filter((n) => !back.has(n))
  const others = order.filter((n) => !held.has(n)).slice(soldElsewhere)
  for (const number of released) {
    const after = others[Math.floor(Math.random() * others.length)]
    order.splice(after === undefined ? order.length : order.indexOf(after) + 1, 0, number)
  }
  store.poolOrder.set(competition.id, order)
}

/**
 * What the store holds in a competition, each number as core's maximum rule
 * sees it: held by an order in its status, by a free postal entry (with the
 * email on its postcard), or by a sale with no order row.
 */
const heldTickets = (store: OrderStore, competitionId: string): HeldTicket[] => {
  const tickets: HeldTicket[] = []
  for (const [key, numbers] of store.allocated) {
    const [holderId = "", competition = ""] = key.split("/")
    if (competition !== competitionId) continue
    const order = store.orders.get(holderId)
    const postal = store.postalEntries.has(holderId) || store.postalEmails.has(holderId)
    const hold: TicketHold = postal
      ? { by: "PostalEntry" }
      : order !== undefined
        ? { by: "Order", status: order.status }
        : { by: "SaleWithoutOrder" }
    const ticket: HeldTicket = {
      hold,
      customerId: store.ticketHolders.get(holderId) ?? store.postalEntries.get(holderId) ?? null,
      email: store.postalEmails.get(holderId) ?? null,
    }
    for (const _ of numbers) tickets.push(ticket)
  }
  return tickets
}

/**
 * The customer's tickets in the competition as the per-person maximum counts
 * them: core's rule over what the store holds, with the email the customer
 * signs in with, plus any sales a test seeded outside the pool.
 */
export const customerTicketsHeld = (
  store: OrderStore,
  customerId: string,
  competitionId: string,
): number => {
  const email = store.customers.find((c) => c.customerId === customerId)?.email ?? ""
  return (
    ticketsHeldBy(heldTickets(store, competitionId), { customerId, email }) +
    (store.held.get(`${customerId}/${competitionId}`) ?? 0)
  )
}

/**
 * A free postal entry's claim (adapters/postgres's PostalEntryRepo.record):
 * the first free number nobody holds, whatever the maximum (the use case
 * asked it), held by the entry itself; a customer's, or, with `customerId`
 * null, the person's whose `email` the postcard carries. Answers the number,
 * or null when none is free.
 */
export const claimForPostalEntry = (
  store: OrderStore,
  entry: {
    readonly entryId: string
    readonly competitionId: string
    readonly customerId: string | null
    readonly email: string
    readonly at: Date
  },
): number | null => {
  const competition = store.competitions.get(entry.competitionId)
  if (competition === undefined) return null
  const number = luckyDipNumbers(store, competition, entry.at)[0]
  if (number === undefined) return null
  store.allocated.set(`${entry.entryId}/${competition.id}`, [number])
  if (entry.customerId === null) store.postalEmails.set(entry.entryId, entry.email)
  else {
    store.postalEntries.set(entry.entryId, entry.customerId)
    store.ticketHolders.set(entry.entryId, entry.customerId)
  }
  store.competitions.set(competition.id, {
    ...competition,
    ticketsSoldToDate: competition.ticketsSoldToDate + 1,
  })
  return number
}

/**
 * Numbers from the pool, within what is left and the customer's maximum,
 * only while rules/allocation says the sale is open, as the SQL allocator:
 * a competition that does not exist gives no line, and the customer's
 * holding is read only while the sale is open.
 */
const allocateLine = (
  store: OrderStore,
  orderId: string,
  customerId: string,
  line: { competitionId: string; quantity: number },
  at: Date,
  basketId: string | undefined,
): AllocatedLine | undefined => {
  const competition = store.competitions.get(line.competitionId)
  if (competition === undefined) return undefined
  const sale = {
    opensAt: competition.startDateTimeUtc,
    closesAt: competition.closeDateTimeUtc,
    drawn: store.drawn.has(competition.id),
  }
  const open = saleIsOpen(sale, at)
  const held = open ? customerTicketsHeld(store, customerId, competition.id) : 0
  const allowed = open ? allowedQuantity(line.quantity, competition.maxTicketsPerCustomer, held) : 0
  // The basket's picks first, within the allowance, as the SQL allocator.
  const picks = basketId === undefined ? [] : picksOf(store, basketId, competition.id)
  const picked = picks.slice(0, allowed)
  const free = new Set(freeNumbers(store, competition))
  const pickedLost = picked.filter(
    (n) => !free.has(n) || heldByAnother(store, competition.id, n, basketId ?? null, at),
  )
  if (basketId !== undefined && picks.length > 0)
    releasePicks(store, basketId, competition.id, null)
  // Answered ascending, as the SQL allocator answers them.
  const ticketNumbers =
    pickedLost.length > 0
      ? []
      : [
          ...picked,
          ...luckyDipNumbers(store, competition, at)
            .filter((n) => !picked.includes(n))
            .slice(0, allowed - picked.length),
        ].sort((a, b) => a - b)
  if (ticketNumbers.length > 0) {
    const allocatedKey = `${orderId}/${competition.id}`
    store.allocated.set(allocatedKey, [
      ...(store.allocated.get(allocatedKey) ?? []),
      ...ticketNumbers,
    ])
    store.ticketHolders.set(orderId, customerId)
    store.competitions.set(competition.id, {
      ...competition,
      ticketsSoldToDate: competition.ticketsSoldToDate + ticketNumbers.length,
    })
  }
  return {
    competitionId: competition.id,
    competitionName: competition.name,
    requested: line.quantity,
    ticketNumbers,
    unitPrice: competition.ticketPrice,
    maxPerCustomer: competition.maxTicketsPerCustomer,
    held,
    sale,
    ...(pickedLost.length > 0 ? { pickedLost } : {}),
  }
}

/**
 * Returns an order's tickets to the pool (so off the customer's holding) and
 * off the competition's sold count. Answers how many went back (0 the second time).
 */
export const releaseOrderTickets = (store: OrderStore, orderId: string): number => {
  let released = 0
  for (const [key, numbers] of [...store.allocated]) {
    const [owner, competitionId = ""] = key.split("/")
    if (owner !== orderId || numbers.length === 0) continue
    store.allocated.delete(key)
    released += numbers.length
    const competition = store.competitions.get(competitionId)
    if (competition !== undefined) {
      const freed = {
        ...competition,
        ticketsSoldToDate: Math.max(0, competition.ticketsSoldToDate - numbers.length),
      }
      store.competitions.set(competitionId, freed)
      rejoin(store, freed, numbers)
    }
  }
  return released
}

/** The order's numbers in a competition, ascending (none once released). */
export const orderTicketNumbers = (
  store: OrderStore,
  orderId: string,
  competitionId: string,
): readonly number[] =>
  [...(store.allocated.get(`${orderId}/${competitionId}`) ?? [])].sort((a, b) => a - b)

export const memoryTicketAllocator = (store: OrderStore): TicketAllocatorShape => ({
  allocate: ({ orderId, customerId, lines, at, basketId }) =>
    Effect.sync(() => ({
      // As the SQL allocator: lines asking for nothing are skipped, and the
      // rest are claimed (and answered) in competition-id order.
      lines: [...lines]
        .filter((line) => line.quantity > 0)
        .sort((a, b) =>
          a.competitionId < b.competitionId ? -1 : a.competitionId > b.competitionId ? 1 : 0,
        )
        .flatMap((line) => {
          const allocated = allocateLine(store, orderId, customerId, line, at, basketId)
          return allocated === undefined ? [] : [allocated]
        }),
    })),
  release: (orderId) => Effect.sync(() => releaseOrderTickets(store, orderId)),
  ticketsHeld: (customerId, competitionId) =>
    Effect.sync(() => customerTicketsHeld(store, customerId, competitionId)),
})
