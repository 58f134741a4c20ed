import { ResourceRepoLive, ResourceWriterLive, RichTextSanitiserLive } from "@howzat/postgres"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"

/** The site content's harness on a real database, with the production sanitiser. */
export const siteContentOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { dbLayer, close } = await open()
  return {
    layer: Layer.mergeAll(
      Layer.merge(ResourceRepoLive, ResourceWriterLive).pipe(Layer.provide(dbLayer)),
      RichTextSanitiserLive,
    ),
    seed: {},
    close,
  }
}
