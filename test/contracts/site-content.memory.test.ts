import { MemoryRichTextSanitiserLayer, memoryResources } from "@howzat/core/testing"
import { Layer } from "effect"
import { siteContentContract } from "./site-content.contract"

siteContentContract("the site's content in memory", async () => ({
  layer: Layer.merge(memoryResources(), MemoryRichTextSanitiserLayer),
  seed: {},
  close: async () => {},
}))
