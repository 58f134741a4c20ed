import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { penceInput } from "./format"
import { adjustmentPayload, adjustmentWords, amountError, reasonError } from "./site-credit"

describe("a site-credit adjustment as the form holds it", () => {
  it("sends a credit as positive pence and a debit as negative, the reason trimmed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.constantFrom("credit" as const, "debit" as const),
        fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim().length > 0),
        (pence, direction, reason) => {
          const payload = adjustmentPayload({ direction, pounds: penceInput(pence), reason })
          expect(payload).toEqual({
            amount: direction === "credit" ? pence : -pence,
            reason: reason.trim(),
          })
        },
      ),
    )
  })

  it("says what is wrong in the server's words", () => {
    expect(amountError("0")).toBe(adjustmentWords.amountZero)
    expect(amountError("10000.01")).toBe(adjustmentWords.amountTooLarge)
    expect(amountError("10000")).toBeUndefined()
    expect(amountError("-5")).toBe(adjustmentWords.amountNotMoney)
    expect(amountError("five")).toBe(adjustmentWords.amountNotMoney)
    expect(reasonError("   ")).toBe(adjustmentWords.reasonRequired)
    expect(reasonError("x".repeat(201))).toBe(adjustmentWords.reasonTooLong)
    expect(adjustmentPayload({ direction: "credit", pounds: "5", reason: "" })).toBeUndefined()
  })
})
