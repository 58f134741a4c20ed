import { randomUUID } from "node:crypto"
import { ordersAwaitingPayment, releasesTickets, type TicketHold } from "@howzat/core/rules"
import {
  type DrawStore,
  drawDoublesOver,
  emptyDrawStore,
  type TestCompetition,
  testCompetition,
  ticketHolder,
} from "@howzat/core/testing"
import type { DrawsWorld, Sale, SaleStatus } from "./draw-records.contract"

const HOUR = 60 * 60 * 1000

/**
 * The draws' contracts' world in memory: the draws doubles' store, seeded
 * as their model has it. Every taken ticket is `held` by what took it (an
 * order in its status, a postal entry, a sale without an order), for
 * core's draw-entry rule; a paid or refunded sale's tickets are `sold` to
 * its holder, an unpaid order is one more `ordersAwaitingPayment` and holds
 * its tickets, a given-up order leaves nothing behind (its tickets went
 * back to the pool).
 */
export const drawsInMemory = async (): Promise<DrawsWorld> => {
  const store: DrawStore = emptyDrawStore()
  const totals = new Map<string, number>()
  /** Ticket numbers taken by any order (paid or not), per competition. */
  const taken = new Map<string, Set<number>>()
  const change = (id: string, edit: (c: TestCompetition) => Partial<TestCompetition>) => {
    const c = store.competitions.get(id)
    if (c === undefined) throw new Error(`no competition ${id}`)
    store.competitions.set(id, { ...c, ...edit(c) })
  }
  /** Free numbers in a random order, as the real pool hands them out. */
  const take = (id: string, count: number) => {
    const used = taken.get(id) ?? new Set<number>()
    taken.set(id, used)
    const free: number[] = []
    for (let n = 1; n <= (totals.get(id) ?? 0); n++) if (!used.has(n)) free.push(n)
    const numbers = free.sort(() => Math.random() - 0.5).slice(0, count)
    for (const n of numbers) used.add(n)
    return numbers
  }
  const release = (id: string, numbers: readonly number[]) => {
    for (const n of numbers) taken.get(id)?.delete(n)
  }
  const soldTo = (id: string, numbers: readonly number[], holder: Sale["holder"] | null) =>
    change(id, (c) => ({ sold: new Map([...c.sold, ...numbers.map((n) => [n, holder] as const)]) }))
  const heldBy = (id: string, numbers: readonly number[], hold: TicketHold) =>
    change(id, (c) => ({ held: new Map([...c.held, ...numbers.map((n) => [n, hold] as const)]) }))
  const unpaid = (status: SaleStatus) => ordersAwaitingPayment.includes(status)
  let buyers = 0

  return {
    layer: drawDoublesOver(store),
    competition: async (c) => {
      const competitionId = randomUUID()
      store.competitions.set(
        competitionId,
        testCompetition({
          competitionId,
          competitionName: c.name ?? "Test competition",
          drawType: c.drawType ?? "Live",
          visibilityStatus: c.visibility ?? "Visible",
          closeDateTimeUtc: c.closeAt,
          drawDateTimeUtc: c.drawAt === undefined ? new Date(c.closeAt.getTime() + HOUR) : c.drawAt,
          instantWinLines: (c.instantWinGroups ?? []).flatMap((group) => {
            const instantWinGroupId = randomUUID()
            return group.ticketNumbers.map((ticketNumber) => ({ instantWinGroupId, ticketNumber }))
          }),
        }),
      )
      totals.set(competitionId, c.totalTickets ?? 20)
      return competitionId
    },
    customer: async () => randomUUID(),
    sell: async (competitionId, quantity, status) => {
      buyers += 1
      const holder = { ...ticketHolder("Test", `Buyer ${buyers}`), customerId: randomUUID() }
      const ticketNumbers = take(competitionId, quantity)
      if (releasesTickets(status)) release(competitionId, ticketNumbers)
      else heldBy(competitionId, ticketNumbers, { by: "Order", status })
      if (status === "Completed" || status === "Refunded")
        soldTo(competitionId, ticketNumbers, holder)
      else if (unpaid(status))
        change(competitionId, (c) => ({ ordersAwaitingPayment: c.ordersAwaitingPayment + 1 }))
      return { orderId: randomUUID(), holder, ticketNumbers }
    },
    pay: async (competitionId, sale) => {
      change(competitionId, (c) => ({ ordersAwaitingPayment: c.ordersAwaitingPayment - 1 }))
      heldBy(competitionId, sale.ticketNumbers, { by: "Order", status: "Completed" })
      soldTo(competitionId, sale.ticketNumbers, sale.holder)
    },
    soldWithoutCustomer: async (competitionId, count) => {
      const numbers = take(competitionId, count)
      heldBy(competitionId, numbers, { by: "SaleWithoutOrder" })
      soldTo(competitionId, numbers, null)
      return numbers
    },
    postalEntry: async (competitionId) => {
      const id = randomUUID()
      const holder = {
        customerId: null,
        firstName: "Pat",
        fullName: "Pat Postcard",
        email: `pat-${id}@example.com`,
      }
      const ticketNumbers = take(competitionId, 1)
      heldBy(competitionId, ticketNumbers, { by: "PostalEntry" })
      soldTo(competitionId, ticketNumbers, holder)
      return { orderId: id, holder, ticketNumbers }
    },
    keepWinnerPrivate: async (competitionId) => {
      store.privateWinners.add(competitionId)
    },
    close: async () => {},
  }
}
