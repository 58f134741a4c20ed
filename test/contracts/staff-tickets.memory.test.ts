import { randomUUID } from "node:crypto"
import {
  type MemoryCompetition,
  type MemoryStore,
  memoryStaffTicketReads,
} from "@howzat/core/testing"
import { staffTicketsContract } from "./staff-tickets.contract"

staffTicketsContract("staff ticket reads in memory (the StaffTicketReads double)", async () => {
  const store: MemoryStore = { competitions: [], audit: [] }
  let buyers = 0
  const find = (competitionId: string): MemoryCompetition => {
    const found = store.competitions.find((c) => c.competitionId === competitionId)
    if (found === undefined) throw new Error(`no competition ${competitionId}`)
    return found
  }
  const sold = (competition: MemoryCompetition) => {
    competition.sold ??= new Map()
    return competition.sold
  }
  return {
    layer: memoryStaffTicketReads(store),
    competition: async (totalTickets, groups) => {
      const competitionId = randomUUID()
      const made = groups.map((g) => ({
        id: randomUUID(),
        name: g.name,
        imageUrls: [],
        prizeSiteCredit: null,
        ticketNumbers: [...g.ticketNumbers],
      }))
      store.competitions.push({
        competitionId,
        startDateTimeUtc: new Date(),
        totalTickets,
        ticketsAllocated: 0,
        salt: null,
        commitment: null,
        groups: made,
      })
      return { competitionId, groupIds: made.map((g) => g.id) }
    },
    sell: async (competitionId, ticketNumbers, status) => {
      buyers += 1
      const holder = {
        customerId: randomUUID(),
        fullName: `Test Buyer ${buyers}`,
        email: `buyer-${buyers}@example.com`,
      }
      // An unpaid order's tickets are not sold: the double keeps only the sold ones.
      if (status === "Completed")
        for (const n of ticketNumbers) sold(find(competitionId)).set(n, holder)
      return holder
    },
    soldWithoutCustomer: async (competitionId, ticketNumbers) => {
      for (const n of ticketNumbers) sold(find(competitionId)).set(n, null)
    },
    win: async (competitionId, ticketNumber) => {
      const group = find(competitionId).groups.find((g) => g.ticketNumbers.includes(ticketNumber))
      if (group !== undefined)
        group.wonTicketNumbers = [...(group.wonTicketNumbers ?? []), ticketNumber]
    },
    close: async () => {},
  }
})
