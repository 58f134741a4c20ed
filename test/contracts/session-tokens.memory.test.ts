import { emptyAccountStore, makeAccountDoubles } from "@howzat/core/testing"
import { memoryId } from "./harness"
import { sessionTokensContract } from "./session-tokens.contract"

sessionTokensContract("session and one-time tokens in memory", async () => ({
  layer: makeAccountDoubles(emptyAccountStore()),
  seed: { user: async () => memoryId("user") },
  close: async () => {},
}))
