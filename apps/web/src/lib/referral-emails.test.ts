import { describe, expect, it } from "vitest"
import {
  canAddReferralEmail,
  friendRewardText,
  INVALID_REFERRAL_EMAIL,
  referralEmailError,
  referralEmailsToSend,
  refusedReferralEmails,
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

describe("refusedReferralEmails", () => {
  it("marks the addresses the server's lines name, and only those", () => {
    expect(
      refusedReferralEmails(
        ["a@example.com", "b@example.com", "ab@example.com"],
        ["b@example.com is already a customer"],
      ),
    ).toEqual(["b@example.com"])
    expect(refusedReferralEmails(["a@example.com"], [])).toEqual([])
  })
})

describe("friendRewardText", () => {
  it("says paid, refused for good, or still waiting for the £5", () => {
    expect(friendRewardText({ rewarded: true, refused: false })).toBe("£5 reward paid")
    expect(friendRewardText({ rewarded: false, refused: true })).toBe("No reward for this referral")
    expect(friendRewardText({ rewarded: false, refused: false })).toBe("Not yet spent £5")
  })
})
