import { emptyCatalogueStore, memoryCatalogue } from "@howzat/core/testing"
import { competitionWriterContract } from "./competition-writer.contract"
import { memoryId } from "./harness"

competitionWriterContract("creating competitions in memory", async () => {
  const store = emptyCatalogueStore()
  return {
    layer: memoryCatalogue(store),
    seed: {
      category: async (name) => {
        const id = memoryId("category")
        store.categories.set(id, { id, name, description: "", visibilityStatus: "Visible" })
        return id
      },
    },
    close: async () => {},
  }
})
