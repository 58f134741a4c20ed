import { memoryCatalogueAdmin } from "@howzat/core/testing"
import { emptyMemoryCatalogue } from "./catalogue-admin.memory"
import { competitionAdminContract } from "./competition-admin.contract"

competitionAdminContract("staff's competitions in memory", async () => {
  const catalogue = emptyMemoryCatalogue()
  return {
    layer: memoryCatalogueAdmin(catalogue),
    seed: {
      category: async () => {
        const id = crypto.randomUUID()
        catalogue.categories.push({ id, name: "Kit", description: "", visibilityStatus: "Visible" })
        return id
      },
      attributeType: async (description) => {
        const id = crypto.randomUUID()
        catalogue.attributeTypes.push({ id, description })
        return id
      },
      imageGroup: async () => {
        const id = crypto.randomUUID()
        catalogue.imageGroupIds.push(id)
        return id
      },
    },
    close: async () => {},
  }
})
