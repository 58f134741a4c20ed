import { describe, expect, it } from "vitest"
import { HONEY_POT } from "../api/accounts"
import { isFormValid } from "../lib/form-rules"
import {
  blankRegistration,
  type RegisterValues,
  registerRules,
  registerSearch,
  registrationRequest,
} from "./registration"

const filled: RegisterValues = {
  ...blankRegistration,
  firstName: "  Mary Ann ",
  lastName: " Smith ",
  emailAddress: "mary@example.com",
  password: "Correct-Horse-9",
  confirmPassword: "Correct-Horse-9",
  dateOfBirth: "1990-04-01",
  telephoneNumber: " 07700 900123 ",
  acceptTerms: true,
}

describe("registerSearch", () => {
  it("keeps a friend's code only when it reads as one, normalised", () => {
    expect(registerSearch({ ref: "abcd-efgh" })).toEqual({ ref: "ABCDEFGH" })
    expect(registerSearch({ ref: "nope" })).toEqual({})
    expect(registerSearch({ ref: 42 })).toEqual({})
  })

  it("keeps a safe return address beside it", () => {
    expect(registerSearch({ returnUrl: "/Basket", ref: "ABCDEFGH" })).toEqual({
      returnUrl: "/Basket",
      ref: "ABCDEFGH",
    })
  })
})

describe("registerRules", () => {
  it("starts blank and refused, and passes once every field is right", () => {
    expect(isFormValid<RegisterValues>(registerRules, blankRegistration)).toBe(false)
    expect(isFormValid<RegisterValues>(registerRules, filled)).toBe(true)
  })

  it("asks for a monthly amount only when the customer chose to give one", () => {
    expect(
      isFormValid<RegisterValues>(registerRules, { ...filled, spendLimitChoice: "amount" }),
    ).toBe(false)
    expect(
      isFormValid<RegisterValues>(registerRules, {
        ...filled,
        spendLimitChoice: "amount",
        spendLimitAmount: "50",
      }),
    ).toBe(true)
    expect(
      isFormValid<RegisterValues>(registerRules, { ...filled, spendLimitChoice: "none" }),
    ).toBe(true)
  })

  it("refuses a confirmation that differs from the password", () => {
    expect(
      isFormValid<RegisterValues>(registerRules, { ...filled, confirmPassword: "Other-Horse-9" }),
    ).toBe(false)
  })
})

describe("registrationRequest", () => {
  it("trims names and phone, and gives the one marketing tick to every channel", () => {
    const body = registrationRequest({ ...filled, allowMarketing: true }, undefined)
    expect(body).toMatchObject({
      firstName: "Mary Ann",
      lastName: "Smith",
      telephoneNumber: "07700 900123",
      allowMarketingByEmail: true,
      allowMarketingByPhone: true,
      allowMarketingByText: true,
      allowMarketingByPost: true,
      [HONEY_POT]: "",
    })
    expect(registrationRequest(filled, undefined).allowMarketingByPost).toBe(false)
  })

  it("sends a friend's code and a spend-limit answer only when there is one", () => {
    const later = registrationRequest(filled, undefined)
    expect(later).not.toHaveProperty("referralCode")
    expect(later).not.toHaveProperty("spendLimit")
    const answered = registrationRequest(
      { ...filled, spendLimitChoice: "amount", spendLimitAmount: "50.00" },
      "ABCDEFGH",
    )
    expect(answered.referralCode).toBe("ABCDEFGH")
    expect(answered.spendLimit).toEqual({ amount: 5000 })
    expect(
      registrationRequest({ ...filled, spendLimitChoice: "none" }, undefined).spendLimit,
    ).toEqual({ noLimit: true })
  })
})
