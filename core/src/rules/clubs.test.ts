import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { arbitraryOrderStatus } from "../testing/arbitraries/index.js"
import {
  balanceOwed,
  type ClubLedgerEntry,
  checkPayout,
  clubRemovalRefusal,
  clubsResourceValue,
  figuresOf,
  ordersKeepClub,
  readClubForm,
} from "./clubs.js"
import { isOpenOrder, OrderStatus, orderStatuses } from "./order-status.js"

describe("reading a club's form", () => {
  it("trims and closes up the name, and puts the code in capitals", () => {
    expect(readClubForm({ name: "  Kent   CCC ", voucherCode: " kent10 " })).toEqual({
      _tag: "Valid",
      draft: { name: "Kent CCC", voucherCode: "KENT10" },
    })
  })

  it("names each bad field", () => {
    const read = readClubForm({ name: "   ", voucherCode: "K!" })
    expect(read._tag).toBe("Invalid")
    if (read._tag === "Invalid")
      expect(Object.keys(read.errors).sort()).toEqual(["name", "voucherCode"])
    expect(readClubForm({ name: "x".repeat(101), voucherCode: "KENT10" })._tag).toBe("Invalid")
  })
})

const entry = fc.oneof(
  fc.record({ kind: fc.constant("Credit" as const), amount: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({
    kind: fc.constant("Reversal" as const),
    amount: fc.integer({ min: -100_000, max: -1 }),
  }),
  fc.record({
    kind: fc.constant("Payout" as const),
    amount: fc.integer({ min: -100_000, max: -1 }),
  }),
)
const ledgerOf = (entries: readonly { kind: ClubLedgerEntry["kind"]; amount: number }[]) =>
  entries.map((e): ClubLedgerEntry => ({ ...e, at: new Date(0), orderId: null, reference: null }))

describe("what a club is owed", () => {
  it("is earned − reversed − paid out, which is the sum of its ledger's signed amounts", () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        const figures = figuresOf(ledgerOf(entries))
        expect(balanceOwed(figures)).toBe(figures.earned - figures.reversed - figures.paidOut)
        expect(balanceOwed(figures)).toBe(entries.reduce((sum, e) => sum + e.amount, 0))
        expect(figures.earned).toBeGreaterThanOrEqual(0)
        expect(figures.reversed).toBeGreaterThanOrEqual(0)
        expect(figures.paidOut).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe("a payout", () => {
  it("is whole pence, at least 1p, at most what is owed, with a reference", () => {
    expect(checkPayout(1_000, 1_000, " BACS 1234 ")).toEqual({
      _tag: "Valid",
      amount: 1_000,
      reference: "BACS 1234",
    })
    const over = checkPayout(1_000, 1_001, "BACS")
    expect(over).toEqual({
      _tag: "Invalid",
      errors: { amount: "The club is owed £10.00: a payout cannot be more than that." },
    })
    expect(checkPayout(0, 1, "BACS")).toMatchObject({
      errors: { amount: "The club is owed nothing." },
    })
    for (const amount of [0, -5, 1.5, Number.NaN])
      expect(checkPayout(1_000, amount, "BACS")._tag, String(amount)).toBe("Invalid")
    expect(checkPayout(1_000, 10, "  ")).toMatchObject({
      errors: { reference: expect.any(String) },
    })
  })

  it("never takes the balance below zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), fc.integer(), (owed, amount) => {
        const checked = checkPayout(owed, amount, "ref")
        if (checked._tag === "Valid") expect(owed - checked.amount).toBeGreaterThanOrEqual(0)
      }),
    )
  })
})

describe("the club-perks list", () => {
  it("is docs/product/api.md's JSON list of { name, voucherCode }, by name, with each club's id", () => {
    expect(
      JSON.parse(
        clubsResourceValue([
          { id: "s", name: "Surrey CCC", voucherCode: "SURREY10" },
          { id: "k", name: "Kent CCC", voucherCode: "KENT10" },
        ]),
      ),
    ).toEqual([
      { id: "k", name: "Kent CCC", voucherCode: "KENT10" },
      { id: "s", name: "Surrey CCC", voucherCode: "SURREY10" },
    ])
  })
})

describe("when a club may be removed", () => {
  it("refuses one that ever earned, then one an open order used the code of (property)", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(arbitraryOrderStatus(), { maxLength: 6 }),
        (earned, used) => {
          const facts = { everEarned: earned, openOrderUsedItsVoucher: ordersKeepClub(used) }
          const refusal = clubRemovalRefusal(facts)
          if (earned) expect(refusal).toBe("HasCredit")
          else if (used.some(isOpenOrder)) expect(refusal).toBe("OrdersInFlight")
          else expect(refusal).toBeNull()
        },
      ),
    )
  })

  it("is kept by an order only while it is open", () => {
    for (const status of orderStatuses) expect(ordersKeepClub([status])).toBe(isOpenOrder(status))
    expect(ordersKeepClub([])).toBe(false)
    expect(ordersKeepClub([OrderStatus.Completed, OrderStatus.Pending])).toBe(true)
  })
})
