import type { CustomerDetails } from "@howzat/core/accounts"
import {
  CustomerRepo,
  type CustomerRepoShape,
  SiteCreditLedger,
  type SiteCreditLedgerShape,
  StaffCustomerRepo,
  type StaffCustomerRepoShape,
  UserRepo,
  type VoucherUse,
} from "@howzat/core/ports"
import { erasedPerson, pence } from "@howzat/core/rules"
import { Effect, Either } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type OpenHarness, useHarness } from "./harness"

/** What the contract cannot do through the ports: an order of the customer's that used a voucher. */
export interface StaffCustomersSeed {
  /** A new voucher used by a new order of the customer's, `minutes` after NOW; answers the use. */
  readonly voucherUse: (customerId: string, minutes: number) => Promise<VoucherUse>
}

type Ports = StaffCustomerRepo | SiteCreditLedger | CustomerRepo | UserRepo

const NOW = new Date("2026-06-15T12:00:00Z")
let people = 0

/**
 * The StaffCustomerRepo port's contract (decision 0029): staff's site-credit
 * adjustments as ledger lines either way, the customer's balance read from
 * that ledger wherever CustomerRepo shows it, an erasure that replaces the person
 * on their record once and leaves the ledger, and the vouchers a customer's
 * orders used. Customers are registered through CustomerRepo (and UserRepo)
 * and read back through it; what erasure does to the draws, postal entries,
 * notes and mail tables is the database's (staff-customers.database.ts).
 */
export const staffCustomersContract = (
  name: string,
  open: OpenHarness<Ports, StaffCustomersSeed>,
) =>
  describe(name, { timeout: 120_000 }, () => {
    const { run, seed } = useHarness(open)
    const staff = <A, E>(use: (s: StaffCustomerRepoShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(StaffCustomerRepo, use))
    const ledger = <A, E>(use: (l: SiteCreditLedgerShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(SiteCreditLedger, use))
    const customers = <A, E>(use: (c: CustomerRepoShape) => Effect.Effect<A, E>) =>
      run(Effect.flatMap(CustomerRepo, use))

    const details: CustomerDetails = {
      firstName: "Ann",
      lastName: "Archer",
      dateOfBirth: "1990-04-01",
      telephoneNumber: "07700 900123",
      defaultBillingAddress: {
        line1: "1 Pavilion End",
        line2: "",
        city: "Leeds",
        county: "West Yorkshire",
        postCode: "LS6 3BR",
      },
      defaultShippingAddress: null,
      allowMarketingByEmail: true,
      allowMarketingByPhone: true,
      allowMarketingByText: true,
      allowMarketingByPost: true,
    }
    /** A customer as the shop would have them: registered, with an address. */
    const customer = async () => {
      people += 1
      const user = await customers((c) =>
        c.register({
          emailAddress: `ann-${people}-${Date.now()}@example.com`,
          passwordHash: "fake$x",
          firstName: details.firstName,
          lastName: details.lastName,
          dateOfBirth: details.dateOfBirth,
          telephoneNumber: details.telephoneNumber,
          allowMarketingByEmail: true,
          allowMarketingByPhone: true,
          allowMarketingByText: true,
          allowMarketingByPost: true,
        }),
      )
      const customerId = user.customerId ?? ""
      await customers((c) => c.update(customerId, details))
      // Verified, so the erasure is seen to unverify the address it replaces.
      await run(Effect.flatMap(UserRepo, (u) => u.markEmailVerified(user.id, user.emailAddress)))
      return { customerId, userId: user.id, email: user.emailAddress }
    }
    const adjust = (customerId: string, amount: number, reason: string, at = NOW) =>
      staff((s) => s.recordSiteCreditAdjustment({ customerId, amount: pence(amount), reason, at }))

    it("records adjustments either way as ledger lines with the reason", async () => {
      const { customerId } = await customer()
      await adjust(customerId, 700, "Goodwill")
      await adjust(customerId, -200, "Mistake", new Date(NOW.getTime() + 1))
      expect(await ledger((l) => l.balance(customerId))).toBe(500)
      const entries = await ledger((l) => l.entries(customerId, { pageNumber: 1, pageSize: 10 }))
      expect(entries.items).toEqual([
        {
          at: new Date(NOW.getTime() + 1),
          description: "Mistake",
          amount: -200,
          reason: "Adjustment",
        },
        { at: NOW, description: "Goodwill", amount: 700, reason: "Adjustment" },
      ])
    })

    it("replaces the person on their record, once, and keeps their ledger", async () => {
      const ann = await customer()
      const bob = await customer()
      await adjust(ann.customerId, 300, "Goodwill")
      expect(await staff((s) => s.isErased(ann.customerId))).toBe(false)
      const person = erasedPerson(ann.customerId)
      expect(await staff((s) => s.erase(ann.customerId, person, NOW))).toEqual({
        userId: ann.userId,
        erasedNow: true,
      })
      expect(await customers((c) => c.byId(ann.customerId))).toMatchObject({
        customerId: ann.customerId,
        userId: ann.userId,
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        emailVerified: false,
        dateOfBirth: person.dateOfBirth,
        telephoneNumber: person.telephoneNumber,
        defaultBillingAddress: null,
        defaultShippingAddress: null,
        allowMarketingByEmail: false,
        allowMarketingByPhone: false,
        allowMarketingByText: false,
        allowMarketingByPost: false,
      })
      expect(await staff((s) => s.isErased(ann.customerId))).toBe(true)
      expect(await ledger((l) => l.balance(ann.customerId))).toBe(300)
      // Again, later: nothing changes, and it says so.
      const later = new Date(NOW.getTime() + 60_000)
      expect(await staff((s) => s.erase(ann.customerId, person, later))).toEqual({
        userId: ann.userId,
        erasedNow: false,
      })
      // Everyone else is left as they were.
      expect(await staff((s) => s.isErased(bob.customerId))).toBe(false)
      expect(await customers((c) => c.byId(bob.customerId))).toMatchObject({
        ...details,
        email: bob.email,
        emailVerified: true,
      })
    })

    it("answers an unknown or malformed id with CustomerNotFound, and erased with false", async () => {
      for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
        const result = await staff((s) => Effect.either(s.erase(id, erasedPerson(id), NOW)))
        expect(Either.isLeft(result) && result.left._tag).toBe("CustomerNotFound")
        expect(await staff((s) => s.isErased(id))).toBe(false)
      }
    })

    it("lists the vouchers a customer's orders used, newest first, and nobody else's", async () => {
      const ann = await customer()
      const bob = await customer()
      const first = await seed().voucherUse(ann.customerId, 0)
      const second = await seed().voucherUse(ann.customerId, 5)
      await seed().voucherUse(bob.customerId, 1)
      expect(await staff((s) => s.vouchersUsed(ann.customerId))).toEqual([second, first])
      expect(await staff((s) => s.vouchersUsed("not-a-uuid"))).toEqual([])
      const newcomer = await customer()
      expect(await staff((s) => s.vouchersUsed(newcomer.customerId))).toEqual([])
    })

    it("shows a customer the balance of their ledger, 0 without lines, listed too", async () => {
      const ann = await customer()
      const other = await customer()
      expect((await customers((c) => c.byId(ann.customerId))).siteCreditAccountBalance).toBe(0)
      await ledger((l) => l.grant(ann.customerId, pence(750), "Prize", NOW))
      await ledger((l) => l.grant(ann.customerId, pence(250), "Prize", NOW))
      await ledger((l) => l.grant(other.customerId, pence(1), "Prize", NOW))
      expect((await customers((c) => c.byId(ann.customerId))).siteCreditAccountBalance).toBe(1_000)
      const listed = await customers((c) =>
        c.list({ email: ann.email, page: { pageNumber: 1, pageSize: 10 } }),
      )
      expect(listed.items.map((c) => [c.customerId, c.siteCreditAccountBalance])).toEqual([
        [ann.customerId, 1_000],
      ])
    })

    it("keeps the balance the sum of the adjustments, whichever way they go", async () => {
      const amount = fc.integer({ min: -5_000, max: 5_000 }).filter((n) => n !== 0)
      await fc.assert(
        fc.asyncProperty(fc.array(amount, { maxLength: 6 }), async (amounts) => {
          const { customerId } = await customer()
          for (const [i, a] of amounts.entries()) await adjust(customerId, a, `Adjustment ${i}`)
          const sum = amounts.reduce((total, a) => total + a, 0)
          expect(await ledger((l) => l.balance(customerId))).toBe(sum)
          const lines = await ledger((l) => l.entries(customerId, { pageNumber: 1, pageSize: 10 }))
          expect(lines.totalCount).toBe(amounts.length)
        }),
        { numRuns: 10 },
      )
    })
  })
