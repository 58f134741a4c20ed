import { OneTimeTokenRepoLive, RefreshTokenRepoLive } from "@howzat/postgres"
import { Layer } from "effect"
import type { ContractDatabase } from "./harness"
import type { SessionTokenSeed } from "./session-tokens.contract"

let users = 0

/** The token harness on a real database: users written straight to their table. */
export const sessionTokensOnDatabase = async (open: () => Promise<ContractDatabase>) => {
  const { db, dbLayer, close } = await open()
  const seed: SessionTokenSeed = {
    user: async (role = "Customer") => {
      users += 1
      const { id } = await db
        .insertInto("users")
        .values({
          email: `holder-${users}-${Date.now()}@example.com`,
          passwordHash: "not-a-real-hash",
          firstName: "Token",
          lastName: `Holder ${users}`,
          role,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
      return id
    },
    changeRole: async (userId, role) => {
      await db.updateTable("users").set({ role }).where("id", "=", userId).execute()
    },
  }
  return {
    layer: Layer.merge(RefreshTokenRepoLive, OneTimeTokenRepoLive).pipe(Layer.provide(dbLayer)),
    seed,
    close,
  }
}
