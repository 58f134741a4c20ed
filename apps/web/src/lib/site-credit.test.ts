import { describe, expect, it } from "vitest"
import { ApiError } from "../api/client"
import {
  buyCreditErrorText,
  CREDIT_AMOUNT_INVALID,
  CREDIT_AMOUNT_MAXIMUM,
  CREDIT_AMOUNT_MINIMUM,
  CREDIT_AMOUNT_REQUIRED,
  creditAmountFromText,
  creditAmountShown,
} from "./site-credit"

describe("the site-credit purchase box (docs/product/validation.md)", () => {
  it("is required", () => {
    expect(creditAmountFromText("")).toEqual({ amount: null, error: CREDIT_AMOUNT_REQUIRED })
    expect(creditAmountFromText("  ")).toEqual({ amount: null, error: CREDIT_AMOUNT_REQUIRED })
  })

  it("takes pounds and pence, made positive", () => {
    expect(creditAmountFromText("5")).toEqual({ amount: 500, error: null })
    expect(creditAmountFromText("12.5")).toEqual({ amount: 1250, error: null })
    expect(creditAmountFromText("-7.25")).toEqual({ amount: 725, error: null })
    expect(creditAmountFromText("£1,000.00")).toEqual({ amount: 100_000, error: null })
  })

  it("refuses 0, less than £1.00, more than £1,000 and what it cannot read", () => {
    expect(creditAmountFromText("0").error).toBe(CREDIT_AMOUNT_MINIMUM)
    expect(creditAmountFromText("0.99").error).toBe(CREDIT_AMOUNT_MINIMUM)
    expect(creditAmountFromText("1000.01").error).toBe(CREDIT_AMOUNT_MAXIMUM)
    expect(creditAmountFromText("1.2.3").error).toBe(CREDIT_AMOUNT_INVALID)
    expect(creditAmountFromText("abc").error).toBe(CREDIT_AMOUNT_INVALID)
    expect(CREDIT_AMOUNT_MINIMUM).toBe("The minimum purchase is £1.00.")
    expect(CREDIT_AMOUNT_MAXIMUM).toBe("The most you can buy at once is £1,000.00.")
  })

  it("shows two decimals once left", () => {
    expect(creditAmountShown("5")).toBe("5.00")
    expect(creditAmountShown("-3.5")).toBe("3.50")
    expect(creditAmountShown("abc")).toBe("abc")
  })

  it("says the shop's refusal in the field's words", () => {
    const refused = new ApiError(
      "http",
      400,
      "One or more validation errors occurred.",
      "Validation failed:\n -- amount: The minimum purchase is £1.00. Severity: Error",
    )
    expect(buyCreditErrorText(refused)).toBe("The minimum purchase is £1.00.")
  })
})
