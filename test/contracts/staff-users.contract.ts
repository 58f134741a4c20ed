import { randomUUID } from "node:crypto"
import type { StaffRole } from "@howzat/core/accounts"
import { StaffUserRepo, type StaffUserRepoShape } from "@howzat/core/ports"
import { Effect, type Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/** A user as the contract makes them: staff, or a customer (who is never staff). */
export interface ContractUser {
  readonly role: StaffRole | "Customer"
  readonly firstName: string
  readonly lastName: string
  readonly email: string
}

/** A StaffUserRepo to test, with users to make and the sessions they hold. */
export interface StaffUsersWorld {
  readonly layer: Layer.Layer<StaffUserRepo>
  readonly newUser: (user: ContractUser) => Promise<string>
  readonly newSession: (userId: string) => Promise<void>
  readonly sessionsOf: (userId: string) => Promise<number>
  readonly close: () => Promise<void>
}

/**
 * The StaffUserRepo port's contract (docs/product/api.md's Users list), run on the
 * in-memory adapter and on PGlite and PostgreSQL: customers never among
 * staff, the list's text filters (anywhere, any case) and order, the
 * Admins locked, a role changed, and a removal taking its sessions.
 */
export const staffUsersContract = (name: string, open: () => Promise<StaffUsersWorld>) =>
  describe(name, { timeout: 60_000 }, () => {
    let world: StaffUsersWorld
    const run = <A, E>(use: (repo: StaffUserRepoShape) => Effect.Effect<A, E>) =>
      Effect.runPromise(Effect.flatMap(StaffUserRepo, use).pipe(Effect.provide(world.layer)))
    const page = { pageNumber: 1, pageSize: 10 }
    const user = (role: ContractUser["role"], firstName: string, lastName: string) =>
      world.newUser({ role, firstName, lastName, email: `${randomUUID()}@howzat.example` })

    beforeAll(async () => {
      world = await open()
    })
    afterAll(() => world?.close())

    it("lists staff by last name then first name, never a customer", async () => {
      const family = `zed${randomUUID().slice(0, 8)}`
      const bob = await user("Admin", "Bob", `${family}-b`)
      const amy = await user("Staff", "Amy", `${family}-b`)
      const cal = await user("Staff", "Cal", `${family}-a`)
      await user("Customer", "Cus", `${family}-a`)
      const listed = await run((repo) => repo.list({ lastName: family, page }))
      expect(listed.totalCount).toBe(3)
      expect(listed.items.map((u) => u.userId)).toEqual([cal, amy, bob])
      expect(listed.items[2]).toMatchObject({
        firstName: "Bob",
        lastName: `${family}-b`,
        role: "Admin",
        emailVerified: false,
      })
      const second = await run((repo) =>
        repo.list({ lastName: family, page: { pageNumber: 2, pageSize: 2 } }),
      )
      expect(second).toMatchObject({ pageNumber: 2, pageSize: 2, totalCount: 3 })
      expect(second.items.map((u) => u.userId)).toEqual([bob])
    })

    it("filters by any part of a name or address, in any case, and by role", async () => {
      const family = `Quill${randomUUID().slice(0, 8)}`
      const email = `Pat.${family}@Howzat.example`
      const pat = await world.newUser({
        role: "Staff",
        firstName: "Patricia",
        lastName: family,
        email,
      })
      const admin = await user("Admin", "Max", family)
      const ids = async (query: Parameters<StaffUserRepoShape["list"]>[0]) =>
        (await run((repo) => repo.list(query))).items.map((u) => u.userId)
      expect(await ids({ lastName: family.toUpperCase(), page })).toEqual([admin, pat])
      expect(await ids({ lastName: family, firstName: "TRIC", page })).toEqual([pat])
      expect(await ids({ emailAddress: `pat.${family}@howzat`.toLowerCase(), page })).toEqual([pat])
      expect(await ids({ lastName: family, role: "Admin", page })).toEqual([admin])
      expect(await ids({ lastName: family, firstName: "nobody", page })).toEqual([])
      // A wildcard is a character to match, not a wildcard.
      expect(await ids({ lastName: `${family.slice(0, 3)}%`, page })).toEqual([])
    })

    it("finds staff by id, and no one by a customer's id or an id that isn't one", async () => {
      const staff = await user("Staff", "Sam", "Finder")
      const customer = await user("Customer", "Cat", "Finder")
      expect(await run((repo) => repo.byId(staff))).toMatchObject({
        userId: staff,
        firstName: "Sam",
        role: "Staff",
      })
      expect(await run((repo) => repo.byId(customer))).toBeNull()
      expect(await run((repo) => repo.byId(randomUUID()))).toBeNull()
      expect(await run((repo) => repo.byId("not-a-uuid"))).toBeNull()
    })

    it("locks the Admins, changes a role, and removes a user with their sessions", async () => {
      const admin = await user("Admin", "Kay", "Keeper")
      const leaving = await user("Staff", "Lee", "Leaver")
      await world.newSession(leaving)
      await world.newSession(admin)
      const locked = await run((repo) => repo.lockAdmins)
      expect(locked).toContain(admin)
      expect(locked).not.toContain(leaving)
      await run((repo) =>
        repo.update(leaving, { firstName: "Leo", lastName: "Ving", role: "Admin" }),
      )
      expect(await run((repo) => repo.byId(leaving))).toMatchObject({
        firstName: "Leo",
        lastName: "Ving",
        role: "Admin",
      })
      expect(await run((repo) => repo.lockAdmins)).toContain(leaving)
      await run((repo) => repo.remove(leaving))
      expect(await run((repo) => repo.byId(leaving))).toBeNull()
      expect(await world.sessionsOf(leaving)).toBe(0)
      expect(await world.sessionsOf(admin)).toBe(1)
      expect(await run((repo) => repo.lockAdmins)).not.toContain(leaving)
    })
  })
