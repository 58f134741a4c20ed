import { describe, expect, it } from "@effect/vitest"
import { passesLuhn } from "@howzat/core/rules"
import { FastCheck as fc } from "effect"
import { type CardDetails, cardTexts, judgeCard } from "./cards"

const now = new Date("2026-11-23T09:30:00Z")
const good: CardDetails = {
  cardNumber: "4242 4242 4242 4242",
  cardholderName: "Ada Lovelace",
  expiry: "12/30",
  securityCode: "123",
}
const judge = (changes: Partial<CardDetails>) => judgeCard({ ...good, ...changes }, now)

/** Appends the digit that makes `body` pass Luhn. */
const withCheckDigit = (body: string) => {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`${body}${d}`)) return `${body}${d}`
  throw new Error("unreachable: one of ten digits always completes the sum")
}

describe("the sandbox's test cards", () => {
  it("4242 4242 4242 4242 succeeds; 0002 is declined; 9995 lacks funds", () => {
    expect(judge({})).toEqual({ kind: "Succeeded", funding: "Credit" })
    expect(judge({ cardNumber: "4000 0000 0000 0002" })).toEqual({
      kind: "Declined",
      failureDetail: "Your card was declined.",
    })
    expect(judge({ cardNumber: "4000000000009995" })).toEqual({
      kind: "Declined",
      failureDetail: "Your card has insufficient funds.",
    })
  })

  it("says what kind of card paid: 4242 and 5555 are credit cards, 4000 0566 5566 5556 debit", () => {
    expect(judge({ cardNumber: "5555 5555 5555 4444" })).toEqual({
      kind: "Succeeded",
      funding: "Credit",
    })
    expect(judge({ cardNumber: "4000 0566 5566 5556" })).toEqual({
      kind: "Succeeded",
      funding: "Debit",
    })
  })

  it("spaces anywhere in the number are ignored", () => {
    expect(judge({ cardNumber: " 42424 2424242 4242 " })).toEqual({
      kind: "Succeeded",
      funding: "Credit",
    })
  })

  it.prop(
    "any other valid number is declined, never charged",
    [fc.stringMatching(/^[1-9]\d{10,17}$/)],
    ([body]) => {
      const number = withCheckDigit(body)
      fc.pre(
        !["4242424242424242", "5555555555554444", "4000056655665556", "4000000000009995"].includes(
          number,
        ),
      )
      expect(judge({ cardNumber: number })).toEqual({
        kind: "Declined",
        failureDetail: cardTexts.declined,
      })
    },
  )

  it.prop(
    "changing one digit of a valid number always fails Luhn",
    [fc.stringMatching(/^\d{11,18}$/), fc.nat(), fc.integer({ min: 1, max: 9 })],
    ([body, at, shift]) => {
      const number = withCheckDigit(body)
      const i = at % number.length
      const changed = `${number.slice(0, i)}${(Number(number[i]) + shift) % 10}${number.slice(i + 1)}`
      expect(judge({ cardNumber: changed })).toEqual({
        kind: "Invalid",
        failureDetail: "Your card number is incorrect.",
      })
    },
  )

  it("numbers of the wrong length or with other characters are incorrect", () => {
    for (const cardNumber of [
      "",
      "4242",
      "4242-4242-4242-4242",
      "4242424242424242424242",
      "abcd",
    ]) {
      expect(judge({ cardNumber })).toEqual({
        kind: "Invalid",
        failureDetail: "Your card number is incorrect.",
      })
    }
  })

  it("expiry: this month is still good, last month has expired, nonsense is incorrect", () => {
    expect(judge({ expiry: "11/26" })).toEqual({ kind: "Succeeded", funding: "Credit" })
    expect(judge({ expiry: "11/2026" })).toEqual({ kind: "Succeeded", funding: "Credit" })
    expect(judge({ expiry: "1/27" })).toEqual({ kind: "Succeeded", funding: "Credit" })
    expect(judge({ expiry: "10/26" }).kind).toBe("Invalid")
    expect(judge({ expiry: "10/26" })).toHaveProperty("failureDetail", "Your card has expired.")
    expect(judge({ expiry: "12/25" })).toHaveProperty("failureDetail", "Your card has expired.")
    for (const expiry of ["13/30", "00/30", "1230", "12/3", "", "ab/cd"]) {
      expect(judge({ expiry })).toEqual({
        kind: "Invalid",
        failureDetail: "Your card's expiry date is incorrect.",
      })
    }
  })

  it("the card is good to the last instant of its month (UTC)", () => {
    const card = { ...good, expiry: "11/26" }
    expect(judgeCard(card, new Date("2026-11-30T23:59:59.999Z")).kind).toBe("Succeeded")
    expect(judgeCard(card, new Date("2026-12-01T00:00:00Z"))).toHaveProperty(
      "failureDetail",
      "Your card has expired.",
    )
  })

  it("the security code is exactly three digits", () => {
    for (const securityCode of ["", "12", "1234", "12a"]) {
      expect(judge({ securityCode })).toEqual({
        kind: "Invalid",
        failureDetail: "Your card's security code is incorrect.",
      })
    }
    expect(judge({ securityCode: "000" }).kind).toBe("Succeeded")
  })

  it("a blank cardholder name is asked for", () => {
    expect(judge({ cardholderName: "  " })).toEqual({
      kind: "Invalid",
      failureDetail: "Please enter the name on the card.",
    })
  })

  it("the first mistake in the form's order is the one named", () => {
    const allWrong = { cardNumber: "1", cardholderName: "", expiry: "x", securityCode: "" }
    expect(judge(allWrong)).toHaveProperty("failureDetail", cardTexts.incorrectNumber)
    expect(judge({ ...allWrong, cardNumber: good.cardNumber })).toHaveProperty(
      "failureDetail",
      cardTexts.nameMissing,
    )
    expect(judge({ expiry: "x", securityCode: "" })).toHaveProperty(
      "failureDetail",
      cardTexts.incorrectExpiry,
    )
  })
})
