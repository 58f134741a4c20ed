import { passesLuhn } from "@howzat/core/rules"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  cardDigits,
  cardErrors,
  cardMessages,
  formatCardNumber,
  formatExpiry,
  SANDBOX_TEST_CARDS,
  securityCodeDigits,
  validateCardholderName,
  validateCardNumber,
  validateExpiry,
  validateSecurityCode,
} from "./card"

describe("formatCardNumber", () => {
  it("groups digits in fours and drops everything else", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242")
    expect(formatCardNumber("4242-4242 42a")).toBe("4242 4242 42")
    expect(formatCardNumber("4242 ")).toBe("4242")
    expect(formatCardNumber("")).toBe("")
  })

  it("stops at 19 digits", () => {
    expect(cardDigits("1".repeat(25))).toHaveLength(19)
    expect(formatCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111")
  })

  it("keeps every digit typed, in order, whatever else is typed (property)", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const formatted = formatCardNumber(text)
        expect(formatted.replace(/ /g, "")).toBe(text.replace(/\D/g, "").slice(0, 19))
        expect(formatted).toMatch(/^(\d{4} )*\d{0,4}$/)
        expect(formatCardNumber(formatted)).toBe(formatted)
      }),
    )
  })
})

describe("formatExpiry", () => {
  it("adds the slash once the month is typed", () => {
    expect(formatExpiry("1")).toBe("1")
    expect(formatExpiry("12")).toBe("12")
    expect(formatExpiry("122")).toBe("12/2")
    expect(formatExpiry("1228")).toBe("12/28")
    expect(formatExpiry("12/289")).toBe("12/28")
    expect(formatExpiry("12/28")).toBe("12/28")
  })
})

describe("securityCodeDigits", () => {
  it("keeps up to four digits", () => {
    expect(securityCodeDigits("12a34 5")).toBe("1234")
  })
})

describe("card checks", () => {
  it("the Luhn check accepts the test cards and refuses one mistyped digit", () => {
    for (const card of SANDBOX_TEST_CARDS)
      expect(passesLuhn(card.number.replace(/ /g, ""))).toBe(true)
    expect(passesLuhn("4242424242424241")).toBe(false)
    expect(passesLuhn("")).toBe(false)
  })

  it("card number", () => {
    expect(validateCardNumber("")).toBe(cardMessages.numberRequired)
    expect(validateCardNumber("4242 4242 4242 4242")).toBeUndefined()
    expect(validateCardNumber("4242 4242 4242 4241")).toBe(cardMessages.numberInvalid)
    expect(validateCardNumber("42")).toBe(cardMessages.numberInvalid)
  })

  it("name", () => {
    expect(validateCardholderName("  ")).toBe(cardMessages.nameRequired)
    expect(validateCardholderName("A N Other")).toBeUndefined()
  })

  it("expiry is good to the end of its month", () => {
    const now = new Date(2026, 10, 23)
    expect(validateExpiry("11/26", now)).toBeUndefined()
    expect(validateExpiry("12/30", now)).toBeUndefined()
    expect(validateExpiry("10/26", now)).toBe(cardMessages.expired)
    expect(validateExpiry("13/27", now)).toBe(cardMessages.expiryInvalid)
    expect(validateExpiry("00/27", now)).toBe(cardMessages.expiryInvalid)
    expect(validateExpiry("1/27", now)).toBe(cardMessages.expiryInvalid)
    expect(validateExpiry("", now)).toBe(cardMessages.expiryInvalid)
  })

  it("security code is 3 or 4 digits", () => {
    expect(validateSecurityCode("123")).toBeUndefined()
    expect(validateSecurityCode("1234")).toBeUndefined()
    expect(validateSecurityCode("12")).toBe(cardMessages.securityCodeInvalid)
    expect(validateSecurityCode("12a")).toBe(cardMessages.securityCodeInvalid)
  })

  it("cardErrors lists only the fields that fail", () => {
    const now = new Date(2026, 10, 23)
    expect(
      cardErrors(
        {
          cardNumber: "4242 4242 4242 4242",
          cardholderName: "A",
          expiry: "12/30",
          securityCode: "123",
        },
        now,
      ),
    ).toEqual({})
    expect(
      Object.keys(
        cardErrors({ cardNumber: "", cardholderName: "", expiry: "", securityCode: "" }, now),
      ).sort(),
    ).toEqual(["cardNumber", "cardholderName", "expiry", "securityCode"])
  })
})
