import { messages, validateEmail } from "@howzat/core/rules"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { newStaffEmailError, STAFF_ROLES, staffListParams, staffSearch } from "./staff-users"

describe("a new colleague's email address", () => {
  it("is judged as the server judges it", () => {
    fc.assert(
      fc.property(fc.oneof(fc.emailAddress(), fc.string()), (text) => {
        expect(newStaffEmailError(text)).toBe(validateEmail(text.replace(/\s/g, "")))
      }),
    )
  })

  it("refuses what the server refuses, with the server's words", () => {
    expect(newStaffEmailError("ann@example..com")).toBe(messages.emailInvalid)
    expect(newStaffEmailError("ann@.example.com")).toBe(messages.emailInvalid)
    expect(newStaffEmailError("  ")).toBe(messages.emailRequired)
    expect(newStaffEmailError(" ann@example.com ")).toBeUndefined()
  })
})

describe("the staff list's search params", () => {
  it("keeps a known role, a page and an address, and drops the rest", () => {
    expect(staffSearch({ role: "Admin", page: "2", email: " ann@ " })).toEqual({
      role: "Admin",
      page: 2,
      email: "ann@",
    })
    expect(staffSearch({ role: "Customer", page: "0", email: "  " })).toEqual({
      role: undefined,
      page: undefined,
      email: undefined,
    })
  })

  it("asks the API for exactly what the URL says", () => {
    fc.assert(
      fc.property(
        fc.record({
          page: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
          role: fc.option(fc.constantFrom(...STAFF_ROLES), { nil: undefined }),
          email: fc.option(fc.stringMatching(/^[a-z@.]{1,20}$/), { nil: undefined }),
        }),
        (search) => {
          expect(staffListParams(staffSearch(search))).toEqual({
            Role: search.role,
            EmailAddress: search.email,
            PageNumber: search.page,
          })
        },
      ),
    )
  })
})
