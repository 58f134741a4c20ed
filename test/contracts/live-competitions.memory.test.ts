import { pence } from "@howzat/core/rules"
import { memoryCatalogueAdmin } from "@howzat/core/testing"
import { emptyMemoryCatalogue, stagedCompetition } from "./catalogue-admin.memory"
import { liveCompetitionsContract } from "./live-competitions.contract"

liveCompetitionsContract("the live competitions in memory", async () => {
  const catalogue = emptyMemoryCatalogue()
  return {
    layer: memoryCatalogueAdmin(catalogue),
    seed: {
      competition: async (c) => {
        const competition = {
          ...stagedCompetition(catalogue, {}),
          startDateTimeUtc: c.startDateTimeUtc,
          closeDateTimeUtc: c.closeDateTimeUtc,
          drawDateTimeUtc: null,
          visibilityStatus: c.visible ? ("Visible" as const) : ("Hidden" as const),
          highestInstantWinNumber: c.instantWin ? 7 : null,
          instantWinGroups: c.instantWin
            ? [{ name: "£5", ticketCount: 2, imageUrls: [], prizeSiteCredit: pence(500) }]
            : [],
        }
        catalogue.competitions.push(competition)
        return competition.id
      },
    },
    close: async () => {},
  }
})
