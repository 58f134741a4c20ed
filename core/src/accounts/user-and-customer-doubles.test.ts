import { describe, expect, it } from "@effect/vitest"
import { Effect, FastCheck as fc } from "effect"
import {
  memorySiteCreditLedger,
  type SiteCreditBook,
  siteCreditBalanceOf,
} from "../orders/site-credit-doubles.js"
import { pence } from "../rules/money.js"
import { newCustomerAccount } from "./test-doubles.js"
import { type AccountRecords, memoryCustomerRepo } from "./user-and-customer-doubles.js"

/**
 * The users-and-customers contract holds the repositories to Postgres's
 * without a ledger; this is the part it cannot see: with one beside the
 * records, a customer's balance is the ledger's, as the database sums
 * site_credit_entries (the staff-customers contract holds the two together
 * to Postgres's: test/contracts/staff-customers.contract.ts).
 */
describe("memoryCustomerRepo over a site-credit ledger", () => {
  const page = { pageNumber: 1, pageSize: 10 }

  it("shows each customer the sum of their own grants, on byId and in the list", () =>
    fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 10_000 }))),
        async (grants) => {
          const book: AccountRecords & SiteCreditBook = { users: [], customers: [], ledger: [] }
          const repo = memoryCustomerRepo(book, {
            siteCreditBalanceOf: (customerId) => siteCreditBalanceOf(book, customerId),
          })
          const ledger = memorySiteCreditLedger(book)
          const balances = await Effect.runPromise(
            Effect.gen(function* () {
              const ann = yield* repo.register(newCustomerAccount({ lastName: "Ant" }))
              const bob = yield* repo.register(
                newCustomerAccount({ emailAddress: "bob@example.com", lastName: "Bee" }),
              )
              const ids = [ann.customerId ?? "", bob.customerId ?? ""] as const
              for (const [toAnn, amount] of grants) {
                yield* ledger.grant(toAnn ? ids[0] : ids[1], pence(amount), "Prize", new Date(0))
              }
              const listed = yield* repo.list({ page })
              return {
                byId: [
                  (yield* repo.byId(ids[0])).siteCreditAccountBalance,
                  (yield* repo.byId(ids[1])).siteCreditAccountBalance,
                ],
                listed: listed.items.map((c) => c.siteCreditAccountBalance),
              }
            }),
          )
          const sum = (toAnn: boolean) =>
            grants.filter(([to]) => to === toAnn).reduce((total, [, amount]) => total + amount, 0)
          expect(balances).toEqual({
            byId: [sum(true), sum(false)],
            listed: [sum(true), sum(false)],
          })
        },
      ),
    ))
})
