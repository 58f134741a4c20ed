import { describe, expect, it } from "@effect/vitest"
import { Effect, TestClock } from "effect"
import { UserRepo } from "../ports/accounts.js"
import { messages } from "../rules/validation.js"
import { CustomerAccounts } from "./customer-accounts.js"
import type { CustomerDetails, Principal } from "./model.js"
import { Registration } from "./registration.js"
import { principalOf } from "./sessions.js"
import { accountServicesOver, emptyAccountStore, registrationRequest } from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")

const setUp = Effect.gen(function* () {
  yield* TestClock.setTime(START)
  const registrations = yield* Registration
  const signUp = (email: string) =>
    Effect.flatMap(
      registrations.register(registrationRequest({ emailAddress: email }), {}),
      (outcome) =>
        outcome._tag === "Registered"
          ? Effect.succeed(principalOf(outcome.session.user))
          : Effect.die("not registered"),
    )
  const ann = yield* signUp("ann@example.com")
  const bob = yield* signUp("bob@example.com")
  const staffUser = yield* (yield* UserRepo).createStaff({
    emailAddress: "staff@example.com",
    passwordHash: "x",
    firstName: "Sam",
    lastName: "Staff",
    role: "Staff",
  })
  return { ann, bob, staff: principalOf(staffUser) }
})

const run = <A, E>(
  test: (people: {
    ann: Principal
    bob: Principal
    staff: Principal
  }) => Effect.Effect<A, E, CustomerAccounts | Registration | UserRepo>,
) => {
  const store = emptyAccountStore()
  return Effect.provide(Effect.flatMap(setUp, test), accountServicesOver(store))
}

const details = (overrides: Partial<CustomerDetails> = {}): CustomerDetails => ({
  firstName: "Ann",
  lastName: "Jones",
  dateOfBirth: "1990-04-01",
  telephoneNumber: "07700900123",
  allowMarketingByEmail: false,
  allowMarketingByPhone: true,
  allowMarketingByText: true,
  allowMarketingByPost: true,
  defaultBillingAddress: {
    line1: "1 High St",
    line2: "",
    city: "Leeds",
    county: "",
    postCode: "ls1 4ap",
  },
  defaultShippingAddress: { line1: "", line2: "", city: "", county: "", postCode: "" },
  ...overrides,
})

describe("CustomerAccounts", () => {
  it.effect("lets a customer read their own record and nobody else's", () =>
    run(({ ann, bob }) =>
      Effect.gen(function* () {
        const accounts = yield* CustomerAccounts
        const own = yield* accounts.get(ann, ann.customerId!)
        expect(own.email).toBe("ann@example.com")
        const other = yield* Effect.flip(accounts.get(ann, bob.customerId!))
        expect(other._tag).toBe("CustomerNotFound")
      }),
    ),
  )

  it.effect("lets staff read any record and list them; customers can't list", () =>
    run(({ ann, bob, staff }) =>
      Effect.gen(function* () {
        const accounts = yield* CustomerAccounts
        expect((yield* accounts.get(staff, bob.customerId!)).email).toBe("bob@example.com")
        const page = yield* accounts.list(staff, { page: { pageNumber: 1, pageSize: 20 } })
        expect(page.totalCount).toBe(2)
        expect(
          (yield* Effect.flip(accounts.list(ann, { page: { pageNumber: 1, pageSize: 20 } })))._tag,
        ).toBe("NotStaff")
      }),
    ),
  )

  it.effect("saves a customer's own details, cleaned, with a blank address as none", () =>
    run(({ ann }) =>
      Effect.gen(function* () {
        const updated = yield* (yield* CustomerAccounts).update(ann, ann.customerId!, details())
        expect(updated.lastName).toBe("Jones")
        expect(updated.allowMarketingByEmail).toBe(false)
        expect(updated.defaultBillingAddress?.postCode).toBe("LS1 4AP")
        expect(updated.defaultShippingAddress).toBeNull()
      }),
    ),
  )

  it.effect("refuses to change another customer's record, even for staff", () =>
    run(({ ann, bob, staff }) =>
      Effect.gen(function* () {
        const accounts = yield* CustomerAccounts
        expect((yield* Effect.flip(accounts.update(ann, bob.customerId!, details())))._tag).toBe(
          "CustomerNotFound",
        )
        expect((yield* Effect.flip(accounts.update(staff, bob.customerId!, details())))._tag).toBe(
          "CustomerNotFound",
        )
        expect((yield* accounts.get(bob, bob.customerId!)).lastName).toBe("Smith")
      }),
    ),
  )

  it.effect("checks the details with docs/product/validation.md's messages", () =>
    run(({ ann }) =>
      Effect.gen(function* () {
        const error = yield* Effect.flip(
          (yield* CustomerAccounts).update(
            ann,
            ann.customerId!,
            details({
              firstName: "ann@example.com",
              dateOfBirth: "",
              defaultBillingAddress: { line1: "", line2: "", city: "", county: "", postCode: "XX" },
            }),
          ),
        )
        expect(error).toMatchObject({
          errors: {
            firstName: messages.nameIsEmail,
            dateOfBirth: messages.dateOfBirthRequired,
            "defaultBillingAddress.line1": messages.addressLine1Required,
            "defaultBillingAddress.postCode": messages.postcodeInvalid,
          },
        })
      }),
    ),
  )
})
