import { randomUUID } from "node:crypto"
import { SecondFactorStore } from "@howzat/core/ports/second-factors"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeSecondFactorStore, migrateToLatest } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { SecondFactorsWorld } from "./second-factors.contract"

/** The second-factor contract's world on a real database (PGlite or PostgreSQL): staff as users. */
export const secondFactorsOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<SecondFactorsWorld> => {
    const { db, close } = await open()
    await migrateToLatest(db)
    return {
      layer: Layer.succeed(SecondFactorStore, makeSecondFactorStore(db)),
      user: async () =>
        (
          await db
            .insertInto("users")
            .values({
              email: `${randomUUID()}@howzat.example`,
              passwordHash: "not-a-real-hash",
              firstName: "Ada",
              lastName: "Lovelace",
              role: "Admin",
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      close,
    }
  }
