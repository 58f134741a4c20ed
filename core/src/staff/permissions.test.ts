import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import type { Principal, Role } from "../accounts/model.js"
import { authorize, can, PERMISSIONS, type Permission } from "./permissions.js"

const as = (role: Role): Principal => ({
  userId: `${role}-1`,
  role,
  customerId: role === "Customer" ? "customer-1" : null,
  email: `${role}@example.com`,
  name: role,
})

const every = [...new Set(Object.values(PERMISSIONS).flat())] as Permission[]

describe("the permission matrix", () => {
  it("gives a customer nothing, staff the shop, and an admin staff and the audit log too", () => {
    for (const permission of every) {
      expect(can(as("Customer"), permission)).toBe(false)
      expect(can(as("Admin"), permission)).toBe(true)
      expect(can(as("Staff"), permission)).toBe(
        permission !== "ManageStaff" && permission !== "ViewAuditLog",
      )
    }
  })

  it.effect("authorize fails with NotStaff exactly where the matrix says no", () =>
    Effect.gen(function* () {
      for (const role of ["Customer", "Staff", "Admin"] as const) {
        for (const permission of every) {
          const result = yield* Effect.either(authorize(as(role), permission))
          expect(Either.isRight(result)).toBe(can(as(role), permission))
          if (Either.isLeft(result)) expect(result.left._tag).toBe("NotStaff")
        }
      }
    }),
  )
})
