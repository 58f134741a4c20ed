import { emptyAccountStore, makeAccountDoubles } from "@howzat/core/testing"
import { memoryId } from "./harness"
import { sessionTokensContract } from "./session-tokens.contract"

sessionTokensContract("session and one-time tokens in memory", async () => {
  const store = emptyAccountStore()
  return {
    layer: makeAccountDoubles(store),
    seed: {
      user: async (role = "Customer") => {
        const id = memoryId("user")
        store.users.push({
          id,
          emailAddress: `${id}@example.com`,
          passwordHash: "not-a-real-hash",
          firstName: "Token",
          lastName: "Holder",
          role,
          customerId: null,
          emailVerified: true,
        })
        return id
      },
      changeRole: async (userId, role) => {
        store.users = store.users.map((u) => (u.id === userId ? { ...u, role } : u))
      },
    },
    close: async () => {},
  }
})
