import { randomUUID } from "node:crypto"
import { WinnerRecords } from "@howzat/core/ports"
import { emptyWinnerStore, makeWinnerRecordsDouble } from "@howzat/core/testing"
import { Layer } from "effect"
import { winnersContract } from "./winners.contract"

winnersContract("winners in memory (the WinnerRecords double)", async () => {
  const store = emptyWinnerStore()
  return {
    layer: Layer.succeed(WinnerRecords, makeWinnerRecordsDouble(store)),
    newStaff: async (firstName) => {
      const userId = randomUUID()
      store.staffNames.set(userId, `${firstName} Staff`)
      return userId
    },
    removeStaff: async (userId) => {
      store.staffNames.delete(userId)
    },
    drawnWinner: async ({ competitionName, ticketNumber, fullName, drawnAt }) => {
      const competitionId = randomUUID()
      const customerId = randomUUID()
      store.main.push({
        competitionId,
        competitionName,
        cashAlternativeValue: null,
        prizeAwardedAs: null,
        ticketNumber,
        winner: { customerId, fullName },
        drawnAt,
        redrawRequestedAt: null,
        processed: null,
        noteCount: 0,
        isVisible: true,
      })
      return { competitionId, customerId }
    },
    instantWinner: async ({ competitionName, prizeName, ticketNumber, wonAt }) => {
      const made = {
        instantWinId: randomUUID(),
        // An unwon number is no winner: the double holds only the won ones.
        unwonInstantWinId: randomUUID(),
        competitionId: randomUUID(),
        customerId: randomUUID(),
        fullName: "Win Ner",
        orderId: randomUUID(),
      }
      store.instantWins.push({
        instantWinId: made.instantWinId,
        competitionId: made.competitionId,
        competitionName,
        instantWinGroupId: randomUUID(),
        prizeName,
        ticketNumber,
        winner: { customerId: made.customerId, fullName: made.fullName },
        wonAt,
        orderId: made.orderId,
        postalEntryId: null,
        processed: null,
        noteCount: 0,
        isVisible: true,
      })
      return made
    },
    close: async () => {},
  }
})
