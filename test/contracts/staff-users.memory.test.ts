import { randomUUID } from "node:crypto"
import { emptyAccountStore, staffUserDoublesOver } from "@howzat/core/testing"
import { staffUsersContract } from "./staff-users.contract"

staffUsersContract("staff users in memory (the StaffUserRepo double)", async () => {
  const accounts = emptyAccountStore()
  return {
    layer: staffUserDoublesOver(accounts, []),
    newUser: async ({ role, firstName, lastName, email }) => {
      const id = randomUUID()
      accounts.users.push({
        id,
        emailAddress: email,
        firstName,
        lastName,
        role,
        customerId: role === "Customer" ? randomUUID() : null,
        emailVerified: false,
        passwordHash: "not-a-real-hash",
      })
      return id
    },
    newSession: async (userId) => {
      accounts.refreshTokens.push({
        tokenHash: randomUUID(),
        userId,
        familyId: randomUUID(),
        expiresAt: new Date(Date.now() + 86_400_000),
        spentAt: null,
      })
    },
    sessionsOf: async (userId) => accounts.refreshTokens.filter((t) => t.userId === userId).length,
    close: async () => {},
  }
})
