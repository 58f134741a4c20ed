import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import { type PromotionForm, promotionFormMessages, readPromotionForm } from "./promotion-form.js"

const form = (overrides: Partial<PromotionForm> = {}): PromotionForm => ({
  code: "summer10",
  description: "Summer 10% off",
  discountKind: "Percentage",
  percent: 10,
  amount: null,
  competitionId: null,
  validFrom: new Date("2026-06-01T00:00:00Z"),
  validTo: new Date("2026-09-01T00:00:00Z"),
  usageLimit: 100,
  perCustomerLimit: 1,
  minimumSpend: null,
  freeEntry: false,
  clubId: null,
  ...overrides,
})

describe("reading a voucher form", () => {
  it("keeps a good voucher, its code in capitals", () => {
    const read = readPromotionForm(form({ code: " summer10 " }))
    expect(read._tag === "Valid" && read.draft).toMatchObject({
      code: "SUMMER10",
      discount: { kind: "Percentage", percent: 10 },
    })
    const fixed = readPromotionForm(form({ discountKind: "Fixed", percent: null, amount: 250 }))
    expect(fixed._tag === "Valid" && fixed.draft.discount).toEqual({ kind: "Fixed", amount: 250 })
  })

  it("names each bad field with its own words", () => {
    const read = readPromotionForm(
      form({
        code: "no spaces!",
        percent: 0,
        validTo: new Date("2026-05-01T00:00:00Z"),
        usageLimit: 0,
        perCustomerLimit: 1.5,
        minimumSpend: -1,
      }),
    )
    expect(read._tag === "Invalid" && read.errors).toEqual({
      code: promotionFormMessages.code,
      percent: promotionFormMessages.percent,
      validTo: promotionFormMessages.dates,
      usageLimit: promotionFormMessages.limit,
      perCustomerLimit: promotionFormMessages.limit,
      minimumSpend: promotionFormMessages.minimumSpend,
    })
    const fixed = readPromotionForm(form({ discountKind: "Fixed", amount: 0 }))
    expect(fixed._tag === "Invalid" && fixed.errors).toEqual({
      amount: promotionFormMessages.amount,
    })
  })

  it("never lets through a discount the database would refuse", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("Percentage" as const, "Fixed" as const),
        fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.double(), fc.constant(null)),
        (discountKind, n) => {
          const read = readPromotionForm(form({ discountKind, percent: n, amount: n }))
          if (read._tag === "Invalid") return
          const { discount } = read.draft
          if (discount.kind === "Percentage") {
            expect(Number.isInteger(discount.percent)).toBe(true)
            expect(discount.percent).toBeGreaterThanOrEqual(1)
            expect(discount.percent).toBeLessThanOrEqual(100)
          } else {
            expect(Number.isInteger(discount.amount)).toBe(true)
            expect(discount.amount).toBeGreaterThan(0)
          }
        },
      ),
    )
  })
})
