import { describe, expect, it } from "@effect/vitest"
import { Effect, Either, TestClock, TestContext } from "effect"
import fc from "fast-check"
import type { Principal, Role } from "../accounts/model.js"
import { emptyAccountStore } from "../accounts/test-doubles.js"
import { CustomerRepo, RefreshTokenRepo } from "../ports/accounts.js"
import { ERASED_FULL_NAME, erasedEmail } from "../rules/customer-erasure.js"
import { pence } from "../rules/money.js"
import { adjustmentMessages } from "../rules/site-credit-adjustment.js"
import { PERSONAL_VALUE, StaffCustomers } from "./staff-customers.js"
import { type StaffCustomerStore, staffCustomersOver } from "./test-doubles.js"

const START = Date.parse("2026-06-15T12:00:00Z")

const as = (role: Role, customerId: string | null = null): Principal => ({
  userId: `${role}-user`,
  role,
  customerId,
  email: `${role}@howzat.example`,
  name: role,
})
const staff = as("Staff")

const newStore = (): StaffCustomerStore => ({
  accounts: emptyAccountStore(),
  ledger: [],
  audit: [],
  erased: new Set(),
  vouchers: [],
})

const run = <A, E>(
  test: (
    store: StaffCustomerStore,
  ) => Effect.Effect<A, E, StaffCustomers | CustomerRepo | RefreshTokenRepo>,
) => {
  const store = newStore()
  return Effect.provide(
    Effect.zipRight(TestClock.setTime(START), test(store)),
    staffCustomersOver(store),
  )
}

/** Ann, a customer with £10.00 granted, as the shop would have her. */
const ann = (store: StaffCustomerStore, credit = 1000) =>
  Effect.gen(function* () {
    const user = yield* (yield* CustomerRepo).register({
      emailAddress: "ann@example.com",
      passwordHash: "fake$x",
      firstName: "Ann",
      lastName: "Archer",
      dateOfBirth: "1990-04-01",
      telephoneNumber: "07700 900123",
      allowMarketingByEmail: true,
      allowMarketingByPhone: true,
      allowMarketingByText: true,
      allowMarketingByPost: true,
    })
    const customerId = user.customerId as string
    if (credit > 0)
      store.ledger.push({
        customerId,
        amount: pence(credit),
        reason: "Grant",
        description: "Welcome",
        at: new Date(START),
      })
    return { customerId, userId: user.id }
  })

const balance = (store: StaffCustomerStore, customerId: string) =>
  store.ledger.filter((e) => e.customerId === customerId).reduce((sum, e) => sum + e.amount, 0)

describe("adjusting a customer's site credit", () => {
  it.effect("adds a ledger entry with the reason, and audits the balance before and after", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const after = yield* (yield* StaffCustomers).adjustSiteCredit(staff, customerId, {
          amount: -250,
          reason: "  Double credit given by mistake ",
        })
        expect(after).toBe(750)
        expect(store.ledger.at(-1)).toMatchObject({
          amount: -250,
          reason: "Adjustment",
          description: "Double credit given by mistake",
        })
        // The grant is still there: a new entry, never an overwritten balance.
        expect(store.ledger).toHaveLength(2)
        expect(store.audit).toEqual([
          {
            actor: { userId: "Staff-user", role: "Staff" },
            action: "Customer.AdjustSiteCredit",
            subject: { type: "Customer", id: customerId },
            before: { balance: 1000 },
            after: { balance: 750, amount: -250, reason: "Double credit given by mistake" },
            at: new Date(START),
          },
        ])
      }),
    ),
  )

  it.effect("refuses to take the balance below zero, and writes nothing", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store, 300)
        const refused = yield* Effect.either(
          (yield* StaffCustomers).adjustSiteCredit(staff, customerId, {
            amount: -301,
            reason: "Too much",
          }),
        )
        expect(Either.isLeft(refused) && refused.left).toMatchObject({
          _tag: "AccountValidationFailed",
          errors: { amount: adjustmentMessages.belowZero(pence(300)) },
        })
        expect(balance(store, customerId)).toBe(300)
        expect(store.audit).toEqual([])
      }),
    ),
  )

  it.effect("says what is wrong with a zero amount and a missing reason", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const refused = yield* Effect.either(
          (yield* StaffCustomers).adjustSiteCredit(staff, customerId, { amount: 0, reason: " " }),
        )
        expect(Either.isLeft(refused) && refused.left).toMatchObject({
          errors: {
            amount: adjustmentMessages.amountZero,
            reason: adjustmentMessages.reasonRequired,
          },
        })
      }),
    ),
  )

  it.effect("is staff's only: a customer, even the owner, is NotStaff and nothing changes", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const refused = yield* Effect.either(
          (yield* StaffCustomers).adjustSiteCredit(as("Customer", customerId), customerId, {
            amount: 5000,
            reason: "Treat myself",
          }),
        )
        expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
        expect(balance(store, customerId)).toBe(1000)
        expect(store.audit).toEqual([])
      }),
    ),
  )

  it.effect("never leaves the ledger below zero, whatever staff try (property)", () =>
    Effect.promise(() =>
      fc.assert(
        fc.asyncProperty(
          fc.nat({ max: 50_000 }),
          fc.array(fc.integer({ min: -1_200_000, max: 1_200_000 }), { maxLength: 12 }),
          (granted, amounts) =>
            Effect.runPromise(
              run((store) =>
                Effect.gen(function* () {
                  const { customerId } = yield* ann(store, granted)
                  const service = yield* StaffCustomers
                  let expected = granted
                  for (const amount of amounts) {
                    const result = yield* Effect.either(
                      service.adjustSiteCredit(staff, customerId, { amount, reason: "Property" }),
                    )
                    if (Either.isRight(result)) expected += amount
                    expect(balance(store, customerId)).toBe(expected)
                    expect(balance(store, customerId)).toBeGreaterThanOrEqual(0)
                  }
                  // One audit entry per entry written, and only those.
                  expect(store.audit).toHaveLength(store.ledger.length - (granted > 0 ? 1 : 0))
                }),
              ).pipe(Effect.provide(TestContext.TestContext)),
            ),
        ),
        { numRuns: 60 },
      ),
    ),
  )
})

describe("a staff edit of a customer", () => {
  it.effect("saves the details and audits what changed without the personal values", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const current = yield* (yield* CustomerRepo).byId(customerId)
        const edited = yield* (yield* StaffCustomers).edit(staff, customerId, {
          ...current,
          lastName: " Bowler ",
          allowMarketingByText: false,
        })
        expect(edited).toMatchObject({ firstName: "Ann", lastName: "Bowler" })
        expect(store.audit).toMatchObject([
          {
            action: "Customer.Update",
            before: { lastName: PERSONAL_VALUE, allowMarketingByText: true },
            after: { lastName: PERSONAL_VALUE, allowMarketingByText: false },
          },
        ])
        expect(JSON.stringify(store.audit)).not.toContain("Archer")
      }),
    ),
  )

  it.effect("checks the details with docs/product/validation.md's rules", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const current = yield* (yield* CustomerRepo).byId(customerId)
        const refused = yield* Effect.either(
          (yield* StaffCustomers).edit(staff, customerId, { ...current, firstName: "" }),
        )
        expect(Either.isLeft(refused) && refused.left._tag).toBe("AccountValidationFailed")
        expect(store.audit).toEqual([])
      }),
    ),
  )
})

describe("erasing a customer (UK GDPR)", () => {
  it.effect("replaces their data, ends their sessions, and audits only the fact", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId, userId } = yield* ann(store)
        yield* (yield* RefreshTokenRepo).create({
          tokenHash: "h",
          userId,
          familyId: "f",
          createdAt: new Date(START),
          expiresAt: new Date(START + 86_400_000),
        })
        const erased = yield* (yield* StaffCustomers).erase(staff, customerId)
        expect(erased).toMatchObject({
          firstName: "Erased",
          lastName: "Customer",
          email: erasedEmail(customerId),
          telephoneNumber: "",
          defaultBillingAddress: null,
          allowMarketingByEmail: false,
        })
        expect(`${erased.firstName} ${erased.lastName}`).toBe(ERASED_FULL_NAME)
        expect(store.accounts.refreshTokens).toEqual([])
        // The ledger is the accounts': it stays.
        expect(balance(store, customerId)).toBe(1000)
        expect(store.audit).toMatchObject([
          { action: "Customer.Erase", before: { erased: false }, after: { erased: true } },
        ])
        expect(JSON.stringify(store.audit)).not.toMatch(/Ann|Archer|ann@example/)
      }),
    ),
  )

  it.effect("twice changes nothing the second time, and refuses edits and credit after", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const service = yield* StaffCustomers
        yield* service.erase(staff, customerId)
        yield* service.erase(staff, customerId)
        expect(store.audit).toHaveLength(1)
        const credit = yield* Effect.either(
          service.adjustSiteCredit(staff, customerId, { amount: 100, reason: "Goodwill" }),
        )
        expect(Either.isLeft(credit) && credit.left._tag).toBe("CustomerErased")
        const current = yield* (yield* CustomerRepo).byId(customerId)
        const edit = yield* Effect.either(
          service.edit(staff, customerId, {
            ...current,
            firstName: "Ann",
            dateOfBirth: "1990-04-01",
          }),
        )
        expect(Either.isLeft(edit) && edit.left._tag).toBe("CustomerErased")
      }),
    ),
  )

  it.effect("is refused to a customer, even for their own record", () =>
    run((store) =>
      Effect.gen(function* () {
        const { customerId } = yield* ann(store)
        const refused = yield* Effect.either(
          (yield* StaffCustomers).erase(as("Customer", customerId), customerId),
        )
        expect(Either.isLeft(refused) && refused.left._tag).toBe("NotStaff")
        expect((yield* (yield* CustomerRepo).byId(customerId)).firstName).toBe("Ann")
      }),
    ),
  )
})
