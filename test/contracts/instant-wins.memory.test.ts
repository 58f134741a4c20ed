import { randomUUID } from "node:crypto"
import {
  type InstantWinRow,
  instantWinPoolKey,
  instantWinRepoOver,
  instantWinRow,
} from "@howzat/core/testing"
import { instantWinsContract } from "./instant-wins.contract"

instantWinsContract("instant wins in memory (the InstantWinRepo double)", async () => {
  const numbers: InstantWinRow[] = []
  const pool = new Map<string, string>()
  const key = (competitionId: string, ticketNumber: number) =>
    instantWinPoolKey({ competitionId, ticketNumber })
  return {
    layer: instantWinRepoOver(numbers, pool),
    competition: async (competitionName, _totalTickets, groups) => {
      const competitionId = randomUUID()
      for (const group of groups) {
        const instantWinGroupId = randomUUID()
        for (const ticketNumber of group.ticketNumbers)
          numbers.push(
            instantWinRow({
              id: randomUUID(),
              competitionId,
              competitionName,
              ticketNumber,
              instantWinGroupId,
              prizeName: group.name,
              siteCredit: group.prizeSiteCredit,
            }),
          )
      }
      return competitionId
    },
    customer: async () => randomUUID(),
    hold: async (competitionId, ticketNumbers, kind) => {
      const id = randomUUID()
      for (const n of ticketNumbers)
        if (!pool.has(key(competitionId, n))) pool.set(key(competitionId, n), id)
      return kind === "Order" ? { kind, orderId: id } : { kind, postalEntryId: id }
    },
    release: async (competitionId, ticketNumbers) => {
      for (const n of ticketNumbers) pool.delete(key(competitionId, n))
    },
    stateOf: async (competitionId, ticketNumber) => {
      const row = numbers.find(
        (r) => r.competitionId === competitionId && r.ticketNumber === ticketNumber,
      )
      if (row === undefined) throw new Error("not an instant-win number")
      const { wonAt, winnerCustomerId, winnerDisplayName, orderId, postalEntryId, processedAt } =
        row
      return { wonAt, winnerCustomerId, winnerDisplayName, orderId, postalEntryId, processedAt }
    },
    close: async () => {},
  }
})
