import { randomUUID } from "node:crypto"
import { StaffUserRepo } from "@howzat/core/ports"
import type { SuiteDatabase } from "@howzat/postgres/testing"
import { makeStaffUserRepo } from "@howzat/postgres/testing"
import { Layer } from "effect"
import type { StaffUsersWorld } from "./staff-users.contract"

/** The staff users contract's world on a real database (PGlite or PostgreSQL). */
export const staffUsersOnDatabase =
  (open: () => Promise<SuiteDatabase>) => async (): Promise<StaffUsersWorld> => {
    const { db, close } = await open()
    return {
      layer: Layer.succeed(StaffUserRepo, makeStaffUserRepo(db)),
      newUser: async ({ role, firstName, lastName, email }) => {
        const { id } = await db
          .insertInto("users")
          .values({ email, passwordHash: "not-a-real-hash", firstName, lastName, role })
          .returning("id")
          .executeTakeFirstOrThrow()
        if (role === "Customer") {
          await db
            .insertInto("customers")
            .values({ userId: id, dateOfBirth: "1990-01-01", telephoneNumber: "07700900000" })
            .execute()
        }
        return id
      },
      newSession: async (userId) => {
        await db
          .insertInto("refreshTokens")
          .values({
            tokenHash: randomUUID(),
            userId,
            familyId: randomUUID(),
            createdAt: new Date(),
            expiresAt: new Date(Date.now() + 86_400_000),
          })
          .execute()
      },
      sessionsOf: async (userId) =>
        (
          await db
            .selectFrom("refreshTokens")
            .select("tokenHash")
            .where("userId", "=", userId)
            .execute()
        ).length,
      close,
    }
  }
