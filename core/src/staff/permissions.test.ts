import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import type { Principal, Role } from "../accounts/model.js"
import {
  authorize,
  can,
  needsCurrentStanding,
  PERMISSIONS,
  type Permission,
  standsNow,
} from "./permissions.js"

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

  it("lets staff and admins, and no customer, read the settlements report (decision 0068)", () => {
    expect(PERMISSIONS.Customer).not.toContain("ViewReports")
    expect(PERMISSIONS.Staff).toContain("ViewReports")
    expect(PERMISSIONS.Admin).toContain("ViewReports")
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

describe("a staff session's standing (decision 0063)", () => {
  const roles = ["Customer", "Staff", "Admin"] as const

  it("is asked of every role an Admin can take powers from, and of no customer", () => {
    expect(roles.filter(needsCurrentStanding)).toEqual(["Staff", "Admin"])
  })

  it("stands only with its session there and the role it was issued for", () => {
    for (const issuedFor of roles) {
      expect(standsNow(issuedFor, null)).toBe(false)
      for (const now of roles) expect(standsNow(issuedFor, now)).toBe(now === issuedFor)
    }
  })
})
