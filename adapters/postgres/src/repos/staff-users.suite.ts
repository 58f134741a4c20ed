import { randomUUID } from "node:crypto"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { migrateToLatest } from "../migrations"
import { makeTransactions } from "../transactions"
import type { SuiteDatabase } from "./orders.suite"
import { newCustomer } from "./orders-fixtures"
import { makeStaffUserRepo } from "./staff-users"

/** Staff users on a real database: customers never among them, and a removal ends their sessions. */
export const staffUsersSuite = (name: string, open: () => Promise<SuiteDatabase>) =>
  describe(name, () => {
    let database: SuiteDatabase
    const db = () => database.db
    const repo = () => makeStaffUserRepo(db())
    const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)

    const staffUser = async (role: "Staff" | "Admin", lastName: string) =>
      (
        await db()
          .insertInto("users")
          .values({
            email: `${randomUUID()}@howzat.example`,
            passwordHash: "not-a-real-hash",
            firstName: "Sam",
            lastName,
            role,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id

    beforeAll(async () => {
      database = await open()
      await migrateToLatest(database.db)
    })
    afterAll(() => database?.close())

    it("lists staff by Role and name, never a customer, and finds none by a customer's id", async () => {
      const lastName = `Zed-${randomUUID()}`
      const admin = await staffUser("Admin", lastName)
      const staff = await staffUser("Staff", lastName)
      const customerUser = await db()
        .selectFrom("customers")
        .select("userId")
        .where("id", "=", await newCustomer(db()))
        .executeTakeFirstOrThrow()
      const page = { pageNumber: 1, pageSize: 10 }
      const both = await run(repo().list({ lastName: lastName.toUpperCase(), page }))
      expect(both.items.map((u) => u.userId).sort()).toEqual([admin, staff].sort())
      const admins = await run(repo().list({ lastName, role: "Admin", page }))
      expect(admins.items.map((u) => u.userId)).toEqual([admin])
      expect(await run(repo().byId(customerUser.userId))).toBeNull()
      expect(await run(repo().byId("not-a-uuid"))).toBeNull()
    })

    it("locks the Admins, changes a role, and removes a user with their sessions", async () => {
      const admin = await staffUser("Admin", "Keeper")
      const leaving = await staffUser("Staff", "Leaver")
      await db()
        .insertInto("refreshTokens")
        .values({
          tokenHash: randomUUID(),
          userId: leaving,
          familyId: randomUUID(),
          createdAt: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .execute()
      const locked = await run(makeTransactions(db()).within(repo().lockAdmins))
      expect(locked).toContain(admin)
      expect(locked).not.toContain(leaving)
      await run(repo().update(leaving, { firstName: "Lee", lastName: "Ving", role: "Admin" }))
      expect(await run(repo().byId(leaving))).toMatchObject({ role: "Admin", firstName: "Lee" })
      await run(repo().remove(leaving))
      expect(await run(repo().byId(leaving))).toBeNull()
      const tokens = await db()
        .selectFrom("refreshTokens")
        .select("tokenHash")
        .where("userId", "=", leaving)
        .execute()
      expect(tokens).toEqual([])
    })
  })
