import { describe, expect, it } from "vitest"
import {
  canAddReferralEmail,
  INVALID_REFERRAL_EMAIL,
  referralEmailError,
  referralEmailsToSend,
} from "./referral-emails"

describe("the referral email list (docs/product/validation.md)", () => {
  it("marks only filled-in fields that are not text@text.text", () => {
    expect(referralEmailError("")).toBeUndefined()
    expect(referralEmailError(" ann@example.com ")).toBeUndefined()
    expect(referralEmailError("ann@example")).toBe(INVALID_REFERRAL_EMAIL)
    expect(referralEmailError("ann.example.com")).toBe(INVALID_REFERRAL_EMAIL)
  })

  it("adds a field only after a filled-in, valid last one", () => {
    expect(canAddReferralEmail([])).toBe(true)
    expect(canAddReferralEmail([""])).toBe(false)
    expect(canAddReferralEmail(["ann@"])).toBe(false)
    expect(canAddReferralEmail(["bad", "ann@example.com"])).toBe(true)
  })

  it("sends the filled-in addresses, trimmed, and nothing while one is invalid", () => {
    expect(referralEmailsToSend(["", " ann@example.com", "  "])).toEqual(["ann@example.com"])
    expect(referralEmailsToSend(["ann@example.com", "bob@"])).toBeUndefined()
  })
})
