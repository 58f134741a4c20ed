import { describe, expect, it } from "vitest"
import { guardDecision } from "./guard"
import type { SessionUser } from "./session"

const user = (customerId: string | null): SessionUser => ({
  firstName: "Ann",
  lastName: "Test",
  emailAddress: "ann@example.com",
  email: "ann@example.com",
  role: customerId ? "Customer" : "Staff",
  customerId,
  emailVerified: true,
})

describe("guardDecision", () => {
  it("lets a customer in", () => {
    expect(guardDecision({ status: "signedIn", user: user("c-1") })).toBe("allow")
  })

  it("sends anyone not logged in to the login page", () => {
    expect(guardDecision({ status: "signedOut" })).toBe("login")
    expect(guardDecision({ status: "starting" })).toBe("login")
  })

  it("turns away a user without a customerId", () => {
    expect(guardDecision({ status: "signedIn", user: user(null) })).toBe("unauthorized")
  })
})
