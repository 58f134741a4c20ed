import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { AppliedVoucher } from "./basket-totals.js"
import { pence } from "./money.js"
import {
  discountOf,
  smallerDiscountMessage,
  voucherChangeMessage,
  voucherReplacement,
} from "./vouchers.js"

const howzat10: AppliedVoucher = {
  code: "HOWZAT10",
  description: "10% off your whole basket",
  discount: { kind: "Percentage", percent: 10 },
  competitionId: null,
  freeEntry: false,
}
const boundary: AppliedVoucher = {
  code: "BOUNDARY",
  description: "£1 off a basket of £5 or more",
  discount: { kind: "Fixed", amount: pence(100) },
  competitionId: null,
  freeEntry: false,
}
const lines = (pounds: number) => [
  { competitionId: "car", unitPrice: pence(100), quantity: pounds },
]

describe("voucherReplacement", () => {
  it("adds a first code, and the same code again changes nothing", () => {
    const offered = { code: "BOUNDARY", discount: pence(100) }
    expect(voucherReplacement(null, offered)).toEqual({
      kind: "Go",
      change: { kind: "Added", code: "BOUNDARY" },
    })
    expect(voucherReplacement(offered, offered)).toEqual({
      kind: "Go",
      change: { kind: "Unchanged", code: "BOUNDARY" },
    })
  })

  it("replaces with a code worth as much or more, saying which replaced which", () => {
    const verdict = voucherReplacement(
      { code: "HOWZAT10", discount: pence(80) },
      { code: "BOUNDARY", discount: pence(100) },
    )
    expect(verdict).toEqual({
      kind: "Go",
      change: { kind: "Replaced", code: "BOUNDARY", replaced: "HOWZAT10" },
    })
    if (verdict.kind === "Go")
      expect(voucherChangeMessage(verdict.change)).toBe(
        "BOUNDARY replaced HOWZAT10 (only one code per order)",
      )
  })

  it("asks before a code worth less, and goes ahead once the customer gives that code up", () => {
    const current = { code: "HOWZAT10", discount: pence(250) }
    const offered = { code: "BOUNDARY", discount: pence(100) }
    expect(voucherReplacement(current, offered)).toEqual({ kind: "AskFirst", current, offered })
    expect(smallerDiscountMessage(current, offered)).toBe(
      "BOUNDARY would take £1.00 off, less than the £2.50 HOWZAT10 takes off now. Only one code per order, so HOWZAT10 stays unless you choose to replace it.",
    )
    // A confirmation given for another code (the basket changed meanwhile) does not count.
    expect(voucherReplacement(current, offered, "SUMMER10").kind).toBe("AskFirst")
    expect(voucherReplacement(current, offered, "HOWZAT10")).toEqual({
      kind: "Go",
      change: { kind: "Replaced", code: "BOUNDARY", replaced: "HOWZAT10" },
    })
  })

  it("property: without a confirmation, a replacement never takes less off than before", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (was, offeredNow) => {
        const verdict = voucherReplacement(
          { code: "OLD", discount: pence(was) },
          { code: "NEW", discount: pence(offeredNow) },
        )
        if (verdict.kind === "Go") expect(offeredNow).toBeGreaterThanOrEqual(was)
        else expect(offeredNow).toBeLessThan(was)
      }),
    )
  })
})

describe("discountOf", () => {
  it("is what the basket would show with that code alone", () => {
    expect(discountOf(howzat10, lines(25))).toBe(250)
    expect(discountOf(boundary, lines(25))).toBe(100)
    expect(discountOf(howzat10, lines(6))).toBe(60)
    expect(discountOf(null, lines(6))).toBe(0)
  })
})
