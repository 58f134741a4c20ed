import { randomUUID } from "node:crypto"
import { type MemoryStore, memoryInstantWinGroups } from "@howzat/core/testing"
import { instantWinGroupsContract } from "./instant-win-groups.contract"

instantWinGroupsContract(
  "instant-win groups in memory (the InstantWinGroupStore double)",
  async () => {
    const store: MemoryStore = { competitions: [], audit: [] }
    const find = (competitionId: string) => {
      const found = store.competitions.find((c) => c.competitionId === competitionId)
      if (found === undefined) throw new Error(`no competition ${competitionId}`)
      return found
    }
    return {
      layer: memoryInstantWinGroups(store),
      competition: async (totalTickets, startDateTimeUtc) => {
        const competitionId = randomUUID()
        store.competitions.push({
          competitionId,
          startDateTimeUtc,
          totalTickets,
          ticketsAllocated: 0,
          salt: null,
          commitment: null,
          groups: [],
        })
        return competitionId
      },
      allocate: async (competitionId, count) => {
        find(competitionId).ticketsAllocated += count
      },
      win: async (competitionId, ticketNumber) => {
        const group = find(competitionId).groups.find((g) => g.ticketNumbers.includes(ticketNumber))
        if (group !== undefined)
          group.wonTicketNumbers = [...(group.wonTicketNumbers ?? []), ticketNumber]
      },
      commitmentOf: async (competitionId) => {
        const { salt, commitment } = find(competitionId)
        return { salt, commitment }
      },
      close: async () => {},
    }
  },
)
