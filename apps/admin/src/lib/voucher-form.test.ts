import type { PromotionJson } from "@howzat/contracts/promotions"
import { promotionFormMessages } from "@howzat/core/rules"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  emptyVoucher,
  usageLimitHint,
  VOUCHER_FIELDS,
  voucherCodeHint,
  voucherFailureSummary,
  voucherPayload,
  voucherValues,
} from "./voucher-form"

const minute = 60_000
const instant = fc
  .integer({ min: Date.UTC(2025, 0, 1) / minute, max: Date.UTC(2030, 0, 1) / minute })
  .map((m) => new Date(m * minute).toISOString())

/** Any voucher the server could hand back that the rules accept. */
const savedVoucher: fc.Arbitrary<PromotionJson> = fc
  .record({
    code: fc.stringMatching(/^[A-Z0-9]{3,32}$/),
    description: fc.string({ maxLength: 200 }).map((s) => s.trim()),
    percentage: fc.boolean(),
    percent: fc.integer({ min: 1, max: 100 }),
    amount: fc.integer({ min: 1, max: 1_000_000 }),
    competitionId: fc.option(fc.uuid(), { nil: null }),
    dates: fc.option(fc.tuple(instant, instant), { nil: null }),
    usageLimit: fc.option(fc.integer({ min: 1, max: 1_000_000 }), { nil: null }),
    perCustomerLimit: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null }),
    minimumSpend: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
    freeEntry: fc.boolean(),
    clubId: fc.option(fc.uuid(), { nil: null }),
  })
  .filter((v) => v.dates === null || v.dates[0] < v.dates[1])
  .map((v) => ({
    id: "00000000-0000-4000-8000-000000000001",
    code: v.code,
    description: v.description,
    discountKind: v.percentage ? "Percentage" : "Fixed",
    percent: v.percentage ? v.percent : null,
    amount: v.percentage ? null : v.amount,
    competitionId: v.competitionId,
    validFrom: v.dates?.[0] ?? null,
    validTo: v.dates?.[1] ?? null,
    usageLimit: v.usageLimit,
    usageCount: 0,
    perCustomerLimit: v.perCustomerLimit,
    minimumSpend: v.minimumSpend,
    freeEntry: v.freeEntry,
    clubId: v.clubId,
    createdAt: "2026-01-01T00:00:00.000Z",
  }))

describe("the voucher form", () => {
  it("saves back exactly the voucher it was opened with", () => {
    fc.assert(
      fc.property(savedVoucher, (saved) => {
        const read = voucherPayload(voucherValues(saved), saved)
        expect(read).toEqual({
          _tag: "Valid",
          payload: {
            code: saved.code,
            description: saved.description,
            discountKind: saved.discountKind,
            percent: saved.percent,
            amount: saved.amount,
            competitionId: saved.competitionId,
            validFrom: saved.validFrom,
            validTo: saved.validTo,
            usageLimit: saved.usageLimit,
            perCustomerLimit: saved.perCustomerLimit,
            minimumSpend: saved.minimumSpend,
            freeEntry: saved.freeEntry,
            clubId: saved.clubId,
          },
        })
      }),
    )
  })

  it("reads pounds as pence and UK times as instants", () => {
    const read = voucherPayload({
      ...emptyVoucher,
      code: " summer5 ",
      discountKind: "Fixed",
      amount: "£5.50",
      minimumSpend: "20",
      validFrom: "2026-07-01T09:00",
      validTo: "2026-07-31T23:59",
    })
    expect(read._tag === "Valid" && read.payload).toMatchObject({
      code: "SUMMER5",
      amount: 550,
      percent: null,
      minimumSpend: 2000,
      validFrom: "2026-07-01T08:00:00.000Z",
      validTo: "2026-07-31T22:59:00.000Z",
    })
  })

  it("names each bad field in the server's words", () => {
    const read = voucherPayload({
      ...emptyVoucher,
      code: "no spaces please",
      percent: "12.5",
      usageLimit: "0",
      perCustomerLimit: "two",
      minimumSpend: "lots",
      validFrom: "2026-07-02T09:00",
      validTo: "2026-07-01T09:00",
    })
    expect(read).toEqual({
      _tag: "Invalid",
      errors: {
        code: promotionFormMessages.code,
        percent: promotionFormMessages.percent,
        usageLimit: promotionFormMessages.limit,
        perCustomerLimit: promotionFormMessages.limit,
        minimumSpend: promotionFormMessages.minimumSpend,
        validTo: promotionFormMessages.dates,
      },
    })
  })

  it("needs the discount it is set to", () => {
    expect(voucherPayload({ ...emptyVoucher, code: "ABC" })).toEqual({
      _tag: "Invalid",
      errors: { percent: promotionFormMessages.percent },
    })
    expect(voucherPayload({ ...emptyVoucher, code: "ABC", discountKind: "Fixed" })).toEqual({
      _tag: "Invalid",
      errors: { amount: promotionFormMessages.amount },
    })
  })
})

describe("what the voucher form says after a failed save", () => {
  const failure = new Error("Conflict")
  it("points at the fields when the server named only fields the form shows", () => {
    const summary = voucherFailureSummary(failure, { code: "Taken", usageLimit: "Too low" })
    expect(summary).toBeInstanceOf(Error)
    expect((summary as Error).message).toBe(
      "The voucher was not saved: see the messages beside the fields.",
    )
  })

  it("shows the problem itself when it names no field, or one the form does not show", () => {
    expect(voucherFailureSummary(failure, {})).toBe(failure)
    expect(voucherFailureSummary(failure, { code: "Taken", clubId: "Gone" })).toBe(failure)
    expect(VOUCHER_FIELDS.has("clubId")).toBe(false)
  })

  it("says a used code is fixed, and how often a voucher was used", () => {
    expect(voucherCodeHint(0)).toBe("3 to 32 letters and digits; shoppers type it at checkout.")
    expect(voucherCodeHint(2)).toBe("Used already, so the code is fixed: shoppers hold it.")
    expect(usageLimitHint(0)).toBe("Empty: no limit.")
    expect(usageLimitHint(3)).toBe("Empty: no limit. Used 3 times so far.")
  })
})
