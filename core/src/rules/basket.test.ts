import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryPence } from "../testing/arbitraries/index.js"
import {
  clampSiteCredit,
  mayUseBasketOwnedBy,
  normaliseVoucherCode,
  promotionCodesText,
  roundUp,
  siteCreditPurchaseAmount,
} from "./basket.js"
import { pence } from "./money.js"

const amount = arbitraryPence()

describe("roundUp", () => {
  it.each([
    [1234, 0, 66],
    [1299, 0, 1],
    [1200, 0, 100],
    [0, 0, 100],
    // A 66p round-up already in a £13.00 basket is recalculated from £12.34.
    [1300, 66, 66],
    [1301, 1, 100],
  ])("basket %ip with %ip donated rounds up by %ip", (total, donation, expected) => {
    expect(roundUp(pence(total), pence(donation))).toBe(expected)
  })

  it("always lands on a whole pound and gives between 1p and £1", () => {
    fc.assert(
      fc.property(amount, amount, (total, donation) => {
        const donationNeeded = roundUp(total, donation)
        expect(Math.abs((total - donation + donationNeeded) % 100)).toBe(0)
        expect(donationNeeded).toBeGreaterThanOrEqual(1)
        expect(donationNeeded).toBeLessThanOrEqual(100)
      }),
    )
  })

  it("gives the same answer when pressed again", () => {
    fc.assert(
      fc.property(amount, (basketWithoutDonation) => {
        const first = roundUp(basketWithoutDonation, pence(0))
        const basket = pence(basketWithoutDonation + first)
        expect(roundUp(basket, first)).toBe(first)
      }),
    )
  })
})

describe("clampSiteCredit", () => {
  it.each([
    [500, 1000, 2000, 0, 500],
    [5000, 1000, 2000, 0, 1000],
    [5000, 10000, 2000, 0, 2000],
    [5000, 10000, 0, 1500, 1500],
    [-300, 1000, 2000, 0, 0],
    [500, -200, 2000, 0, 0],
  ])(
    "asking %ip with balance %ip, basket %ip and %ip applied gives %ip",
    (req, bal, total, applied, expected) => {
      expect(clampSiteCredit(pence(req), pence(bal), pence(total), pence(applied))).toBe(expected)
    },
  )

  it("never goes below zero or above the balance or what the basket costs", () => {
    const signed = fc.integer({ min: -10_000_000, max: 10_000_000 }).map(pence)
    fc.assert(
      fc.property(signed, amount, amount, amount, (requested, balance, total, applied) => {
        const credit = clampSiteCredit(requested, balance, total, applied)
        expect(credit).toBeGreaterThanOrEqual(0)
        expect(credit).toBeLessThanOrEqual(balance)
        expect(credit).toBeLessThanOrEqual(total + applied)
        if (requested >= 0 && requested <= Math.min(balance, total + applied)) {
          expect(credit).toBe(requested)
        }
      }),
    )
  })
})

describe("normaliseVoucherCode", () => {
  it.each([
    ["summer-10 ", "SUMMER10"],
    [" Club 2025!", "CLUB2025"],
    ["ÄBC", "BC"],
    ["", ""],
  ])("reads %j as %j", (code, expected) => {
    expect(normaliseVoucherCode(code)).toBe(expected)
  })

  it("gives only capitals and digits, and is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (code) => {
        const once = normaliseVoucherCode(code)
        expect(once).toMatch(/^[A-Z0-9]*$/)
        expect(normaliseVoucherCode(once)).toBe(once)
      }),
    )
  })
})

describe("siteCreditPurchaseAmount", () => {
  it.each<[string, number | undefined]>([
    ["1", 100],
    ["1.00", 100],
    ["0.99", undefined],
    ["-25", 2500],
    ["12.5", 1250],
    ["", undefined],
    ["abc", undefined],
  ])("%j buys %j pence", (text, expected) => {
    expect(siteCreditPurchaseAmount(text)).toBe(expected)
  })
})

describe("promotionCodesText", () => {
  it("uses the docs/product/errors.md wording", () => {
    expect(promotionCodesText([])).toBe("No valid promotion codes have been registered.")
    expect(promotionCodesText(["SUMMER10", "CLUB"])).toBe(
      "Code(s) SUMMER10, CLUB registered against your order. If you're eligible for any discounts, they'll be listed above.",
    )
  })
})

describe("mayUseBasketOwnedBy", () => {
  const someone = fc.constantFrom(null, "ann", "bob")
  it("lets anyone use a basket no one owns, and only its owner one someone does (property)", () => {
    fc.assert(
      fc.property(someone, someone, (caller, owner) => {
        expect(mayUseBasketOwnedBy(caller, owner)).toBe(owner === null || owner === caller)
        // A visitor never gets a customer's basket.
        if (caller === null && owner !== null)
          expect(mayUseBasketOwnedBy(caller, owner)).toBe(false)
      }),
    )
  })
})
