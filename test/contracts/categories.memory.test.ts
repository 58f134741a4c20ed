import { emptyCatalogueStore, memoryCatalogue } from "@howzat/core/testing"
import { categoriesContract } from "./categories.contract"
import { memoryId } from "./harness"

categoriesContract("the catalogue's categories in memory", async () => {
  const store = emptyCatalogueStore()
  return {
    layer: memoryCatalogue(store),
    seed: {
      category: async (category) => {
        const id = memoryId("category")
        store.categories.set(id, { id, ...category })
        return id
      },
    },
    close: async () => {},
  }
})
