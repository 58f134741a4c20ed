import { emptyCatalogueStore, memoryCatalogue } from "@howzat/core/testing"
import { competitionsContract } from "./competitions.contract"
import { memoryId } from "./harness"

competitionsContract("the catalogue's competitions in memory", async () => {
  const store = emptyCatalogueStore()
  return {
    layer: memoryCatalogue(store),
    seed: {
      category: async (name) => {
        const id = memoryId("category")
        store.categories.set(id, {
          id,
          name,
          description: `All about ${name}`,
          visibilityStatus: "Visible",
        })
        return id
      },
      winInstantTicket: async ({ competitionId, ticketNumber, winnerDisplayName, isVisible }) => {
        const at = store.instantWinNumbers.findIndex(
          (n) => n.competitionId === competitionId && n.ticketNumber === ticketNumber,
        )
        const number = store.instantWinNumbers[at]
        if (number === undefined) throw new Error(`no instant win ${ticketNumber}`)
        store.instantWinNumbers[at] = { ...number, wonAt: new Date(), winnerDisplayName, isVisible }
      },
      sellOut: async (competitionId) => {
        const competition = store.competitions.get(competitionId)
        if (competition === undefined) throw new Error(`no competition ${competitionId}`)
        store.competitions.set(competitionId, {
          ...competition,
          ticketsSoldToDate: competition.totalTickets,
        })
      },
    },
    close: async () => {},
  }
})
