import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, Layer } from "effect"
import fc from "fast-check"
import type { Principal, Role } from "../accounts/model.js"
import { StaffAccounts } from "../accounts/staff-accounts.js"
import {
  type AccountStore,
  emptyAccountStore,
  makeAccountDoubles,
} from "../accounts/test-doubles.js"
import type { AuditEntry } from "../ports/audit-log.js"
import { staffUserDoublesOver } from "./staff-user-doubles.js"
import { StaffUsers } from "./staff-users.js"

type StaffRole = Exclude<Role, "Customer">

const principalOf = (userId: string, role: Role): Principal => ({
  userId,
  role,
  customerId: role === "Customer" ? `customer-${userId}` : null,
  email: `${userId}@howzat.example`,
  name: userId,
})

/** A shop whose staff are `roles`, user ids "u0", "u1", …, each with a live refresh token. */
const shopWith = (roles: readonly StaffRole[]) => {
  const store: AccountStore = emptyAccountStore()
  roles.forEach((role, i) => {
    store.users.push({
      id: `u${i}`,
      emailAddress: `u${i}@howzat.example`,
      firstName: "First",
      lastName: `Last${i}`,
      role,
      customerId: null,
      emailVerified: true,
      passwordHash: "hash",
    })
    store.refreshTokens.push({
      tokenHash: `t${i}`,
      userId: `u${i}`,
      familyId: `f${i}`,
      expiresAt: new Date(Date.now() + 86_400_000),
      spentAt: null,
    })
  })
  const audit: AuditEntry[] = []
  const ports = Layer.merge(makeAccountDoubles(store), staffUserDoublesOver(store, audit))
  const layer = StaffUsers.Default.pipe(
    Layer.provide(Layer.merge(StaffAccounts.Default.pipe(Layer.provide(ports)), ports)),
  )
  const run = <A, E>(use: (users: StaffUsers) => Effect.Effect<A, E>) =>
    Effect.runPromise(Effect.either(Effect.flatMap(StaffUsers, use).pipe(Effect.provide(layer))))
  const roleOf = (userId: string) => store.users.find((u) => u.id === userId)?.role
  const admins = () => store.users.filter((u) => u.role === "Admin").map((u) => u.id)
  return { store, audit, run, roleOf, admins }
}

const leftTag = (result: Either.Either<unknown, { readonly _tag: string }>) =>
  Either.isLeft(result) ? result.left._tag : "Right"

describe("StaffUsers", () => {
  it("refuses every call to a customer and to Staff, and changes nothing", async () => {
    const shop = shopWith(["Admin", "Staff"])
    for (const by of [principalOf("c1", "Customer"), principalOf("u1", "Staff")]) {
      const page = { pageNumber: 1, pageSize: 20 }
      const change = { firstName: "A", lastName: "B", role: "Admin" as const }
      const newUser = { ...change, emailAddress: "new@howzat.example" }
      for (const result of [
        await shop.run((s) => s.list(by, { page })),
        await shop.run((s) => s.get(by, "u0")),
        await shop.run((s) => s.create(by, newUser)),
        await shop.run((s) => s.update(by, "u1", change)),
        await shop.run((s) => s.remove(by, "u0")),
      ]) {
        expect(leftTag(result)).toBe("NotStaff")
      }
    }
    expect(shop.store.users.map((u) => u.role)).toEqual(["Admin", "Staff"])
    expect(shop.audit).toEqual([])
  })

  it("refuses a change from an admin the database no longer holds as one", async () => {
    const shop = shopWith(["Admin", "Staff", "Admin"])
    // u2's token says Admin, but u0 has demoted them since.
    await shop.run((s) =>
      s.update(principalOf("u0", "Admin"), "u2", { firstName: "F", lastName: "L", role: "Staff" }),
    )
    const stale = principalOf("u2", "Admin")
    const change = { firstName: "F", lastName: "L", role: "Staff" as const }
    expect(leftTag(await shop.run((s) => s.update(stale, "u0", change)))).toBe("NotStaff")
    expect(leftTag(await shop.run((s) => s.remove(stale, "u0")))).toBe("NotStaff")
    expect(shop.roleOf("u0")).toBe("Admin")
  })

  it("removes a staff user and every session they had, and audits it", async () => {
    const shop = shopWith(["Admin", "Staff"])
    const result = await shop.run((s) => s.remove(principalOf("u0", "Admin"), "u1"))
    expect(Either.isRight(result)).toBe(true)
    expect(shop.store.users.map((u) => u.id)).toEqual(["u0"])
    expect(shop.store.refreshTokens.map((t) => t.userId)).toEqual(["u0"])
    expect(shop.audit).toMatchObject([
      {
        action: "User.Delete",
        actor: { userId: "u0", role: "Admin" },
        subject: { type: "User", id: "u1" },
        before: { role: "Staff", lastName: "Last1" },
        after: null,
      },
    ])
  })

  it("whatever admins do, keeps an Admin, never acts on oneself, and audits each change once", async () => {
    const action = fc.record({
      by: fc.nat(4),
      target: fc.nat(4),
      kind: fc.constantFrom("Demote", "Promote", "Remove"),
    })
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom<StaffRole>("Admin", "Staff"), { minLength: 1, maxLength: 5 }),
        fc.array(action, { maxLength: 12 }),
        async (roles, actions) => {
          const shop = shopWith(["Admin", ...roles])
          for (const { by, target, kind } of actions) {
            const actorId = `u${by}`
            const actorRole = shop.roleOf(actorId)
            if (actorRole === undefined) continue
            const actor = principalOf(actorId, actorRole)
            const targetId = `u${target}`
            const entriesBefore = shop.audit.length
            const result = await shop.run((s) =>
              kind === "Remove"
                ? s.remove(actor, targetId)
                : s.update(actor, targetId, {
                    firstName: "First",
                    lastName: "Renamed",
                    role: kind === "Demote" ? "Staff" : "Admin",
                  }),
            )
            expect(shop.admins().length).toBeGreaterThanOrEqual(1)
            if (targetId === actorId && kind !== "Promote") {
              expect(leftTag(result)).toMatch(/OwnAccountChangeRefused|NotStaff/)
            }
            expect(shop.audit.length - entriesBefore).toBe(Either.isRight(result) ? 1 : 0)
          }
        },
      ),
      { numRuns: 60 },
    )
  })
})
