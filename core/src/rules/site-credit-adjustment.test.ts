import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { erasedEmail, isErasedEmail } from "./customer-erasure.js"
import { pence } from "./money.js"
import {
  ADJUSTMENT_REASON_MAX_LENGTH,
  adjustmentErrors,
  adjustmentMessages,
  balanceAfterAdjustment,
  LONGEST_ADJUSTMENT,
} from "./site-credit-adjustment.js"

describe("a site-credit adjustment", () => {
  it("is never zero, never more than the longest either way, and always has a reason", () => {
    expect(adjustmentErrors({ amount: 0, reason: "x" })).toEqual({
      amount: adjustmentMessages.amountZero,
    })
    expect(adjustmentErrors({ amount: LONGEST_ADJUSTMENT + 1, reason: "x" }).amount).toBe(
      adjustmentMessages.amountTooLarge,
    )
    expect(adjustmentErrors({ amount: -LONGEST_ADJUSTMENT, reason: "x" })).toEqual({})
    expect(adjustmentErrors({ amount: 1.5, reason: "x" }).amount).toBe(
      adjustmentMessages.amountZero,
    )
    expect(adjustmentErrors({ amount: 5, reason: " \t" }).reason).toBe(
      adjustmentMessages.reasonRequired,
    )
    expect(
      adjustmentErrors({ amount: 5, reason: "a".repeat(ADJUSTMENT_REASON_MAX_LENGTH + 1) }).reason,
    ).toBe(adjustmentMessages.reasonTooLong)
  })

  it("leaves a balance of zero or more, exactly the sum, or is refused (property)", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.integer({ min: -20_000_000, max: 20_000_000 }),
        (held, amount) => {
          const after = balanceAfterAdjustment(pence(held), amount)
          if (held + amount < 0) expect(after).toBeUndefined()
          else expect(after).toBe(held + amount)
        },
      ),
    )
  })

  it("says how much the customer holds when it would go below zero", () => {
    expect(adjustmentMessages.belowZero(pence(1234))).toBe(
      "That would take the balance below £0.00: the customer has £12.34.",
    )
  })
})

describe("an erased customer's address", () => {
  it("is unique per customer and recognisably erased", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.uuid(), (a, b) => {
        expect(isErasedEmail(erasedEmail(a))).toBe(true)
        if (a !== b) expect(erasedEmail(a)).not.toBe(erasedEmail(b))
      }),
    )
    expect(isErasedEmail("ann@example.com")).toBe(false)
  })
})
