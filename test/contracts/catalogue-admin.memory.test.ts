import { memoryCatalogueAdmin } from "@howzat/core/testing"
import { catalogueAdminContract } from "./catalogue-admin.contract"
import { emptyMemoryCatalogue, stagedCompetition } from "./catalogue-admin.memory"

catalogueAdminContract("staff's categories and attribute types in memory", async () => {
  const catalogue = emptyMemoryCatalogue()
  return {
    layer: memoryCatalogueAdmin(catalogue),
    seed: {
      competition: async (attributes = {}) => {
        const competition = stagedCompetition(catalogue, attributes)
        catalogue.competitions.push(competition)
        return competition.id
      },
    },
    close: async () => {},
  }
})
