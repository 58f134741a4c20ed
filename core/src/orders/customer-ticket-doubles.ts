/**
 * The in-memory CustomerTicketRepo over the basket doubles' store: the
 * numbers the allocator double gave completed orders and free postal
 * entries, grouped by competition. It keeps the promises of
 * test/contracts/customer-tickets.contract.ts, which the database adapter
 * passes too: an unpaid or cancelled order's tickets are not the customer's,
 * UPCOMING is every competition without a draw (soonest first), DRAWN the
 * drawn ones (latest first).
 */
import { Effect } from "effect"
import type { CustomerCompetitionTickets, CustomerTicketRepoShape } from "../ports/orders.js"
import { OrderStatus } from "../rules/order-status.js"
import { memoryPage } from "../testing/paging.js"
import type { OrderStore } from "./test-doubles.js"

/** The customer's numbers per competition: completed orders and postal entries only. */
const ownedTickets = (store: OrderStore, customerId: string): Map<string, number[]> => {
  const owned = new Map<string, number[]>()
  for (const [key, numbers] of store.allocated) {
    const [holderId = "", competitionId = ""] = key.split("/")
    const order = store.orders.get(holderId)
    const paid =
      order !== undefined &&
      order.customerId === customerId &&
      order.status === OrderStatus.Completed &&
      store.ticketHolders.get(holderId) === customerId
    const postal = store.postalEntries.get(holderId) === customerId
    if (!paid && !postal) continue
    owned.set(competitionId, [...(owned.get(competitionId) ?? []), ...numbers])
  }
  return owned
}

export const memoryCustomerTicketRepo = (store: OrderStore): CustomerTicketRepoShape => ({
  competitions: ({ customerId, drawn, page }) =>
    Effect.sync(() => {
      // The draw date, or the close date of a competition that has none.
      const when = (competitionId: string) => {
        const competition = store.competitions.get(competitionId)
        return (
          competition?.drawDateTimeUtc ??
          competition?.closeDateTimeUtc ??
          new Date(0)
        ).getTime()
      }
      const held = [...ownedTickets(store, customerId)]
        .filter(([competitionId]) => store.competitions.has(competitionId))
        .filter(([competitionId]) => store.drawn.has(competitionId) === drawn)
        .sort(
          ([a], [b]) =>
            (drawn ? when(b) - when(a) : when(a) - when(b)) || (a < b ? -1 : a > b ? 1 : 0),
        )
      const { items, ...paging } = memoryPage(page, held)
      return {
        ...paging,
        items: items.map(
          ([competitionId, numbers]): CustomerCompetitionTickets => ({
            competitionId,
            ticketNumbers: [...numbers].sort((a, b) => a - b),
          }),
        ),
      }
    }),
  ticketsIn: (customerId, competitionId) =>
    Effect.sync(() =>
      [...(ownedTickets(store, customerId).get(competitionId) ?? [])].sort((a, b) => a - b),
    ),
  openCompetitionIds: (customerId, now, limit) =>
    Effect.sync(() =>
      [...ownedTickets(store, customerId).keys()]
        .flatMap((competitionId) => {
          const competition = store.competitions.get(competitionId)
          return competition !== undefined && competition.closeDateTimeUtc > now
            ? [{ competitionId, close: competition.closeDateTimeUtc.getTime() }]
            : []
        })
        .sort(
          (a, b) =>
            a.close - b.close ||
            (a.competitionId < b.competitionId ? -1 : a.competitionId > b.competitionId ? 1 : 0),
        )
        .slice(0, Math.max(0, limit))
        .map((c) => c.competitionId),
    ),
})
