import { clubFormMessages } from "@howzat/core/rules"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { clubPayload, clubValues, NOT_MONEY, payoutPayload, perksListGap } from "./clubs"
import { penceInput } from "./format"

describe("the club form", () => {
  it("sends a saved club back unchanged: values → payload is the identity on what the server keeps", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.stringMatching(/^[A-Za-z0-9&'.-]{1,12}$/), { minLength: 1, maxLength: 4 })
          .map((w) => w.join(" ")),
        fc.stringMatching(/^[A-Z0-9]{3,32}$/),
        (name, voucherCode) => {
          const read = clubPayload(clubValues({ name, voucherCode }))
          expect(read).toEqual({ _tag: "Valid", payload: { name, voucherCode } })
        },
      ),
    )
  })

  it("tidies what was typed as the server matches it", () => {
    expect(clubPayload({ name: "  Kent   CCC ", voucherCode: " kent10 " })).toEqual({
      _tag: "Valid",
      payload: { name: "Kent CCC", voucherCode: "KENT10" },
    })
  })

  it("names each bad field in core's words", () => {
    expect(clubPayload({ name: " ", voucherCode: "a b" })).toEqual({
      _tag: "Invalid",
      errors: { name: clubFormMessages.name, voucherCode: clubFormMessages.voucherCode },
    })
  })

  it("starts a club whose voucher was deleted with an empty code", () => {
    expect(clubValues({ name: "Kent CCC", voucherCode: null })).toEqual({
      name: "Kent CCC",
      voucherCode: "",
    })
  })
})

describe("a payout as the form holds it", () => {
  it("sends pounds as integer pence and the reference trimmed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.string({ minLength: 1, maxLength: 150 }).filter((s) => s.trim() !== ""),
        (pence, reference) => {
          expect(payoutPayload({ pounds: penceInput(pence), reference })).toEqual({
            _tag: "Valid",
            payload: { amount: pence, reference: reference.trim() },
          })
        },
      ),
    )
  })

  it("leaves the ceiling to the server, which alone knows what is owed now", () => {
    expect(payoutPayload({ pounds: "1000000", reference: "BACS 1" })._tag).toBe("Valid")
  })

  it("refuses what is not money, nothing, and a missing reference", () => {
    const notMoney = payoutPayload({ pounds: "ten", reference: "BACS" })
    expect(notMoney).toEqual({ _tag: "Invalid", errors: { amount: NOT_MONEY } })
    const zero = payoutPayload({ pounds: "0", reference: "" })
    expect(zero._tag).toBe("Invalid")
    if (zero._tag === "Invalid") {
      expect(Object.keys(zero.errors).sort()).toEqual(["amount", "reference"])
      expect(zero.errors.amount).toMatch(/at least 1/)
    }
  })
})

describe("why a club is missing from the club-perks list", () => {
  const now = new Date("2026-11-24T12:00:00Z")
  const club = (voucherCode: string | null, validTo: string | null) => ({
    voucherCode,
    vouchers: [
      { current: false, validTo: "2020-01-01T00:00:00Z" },
      ...(voucherCode === null ? [] : [{ current: true, validTo }]),
    ],
  })

  it("says so when its voucher was deleted or its current code has ended", () => {
    expect(perksListGap(club(null, null), now)).toBe("NoCode")
    expect(perksListGap(club("KENT10", "2026-11-24T12:00:00Z"), now)).toBe("Ended")
  })

  it("says nothing for a current code with no end, or an end still to come", () => {
    expect(perksListGap(club("KENT10", null), now)).toBeUndefined()
    expect(perksListGap(club("KENT10", "2026-11-24T12:00:01Z"), now)).toBeUndefined()
  })
})
