import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { passesLuhn } from "./card-numbers.js"

const body = fc.stringMatching(/^\d{11,18}$/)
/** The one digit that completes `b`'s sum. */
const completed = (b: string) => {
  for (let d = 0; d <= 9; d++) if (passesLuhn(`${b}${d}`)) return `${b}${d}`
  throw new Error("one of ten digits always completes the sum")
}

describe("passesLuhn", () => {
  it("accepts the providers' test cards and refuses one digit off", () => {
    for (const n of ["4242424242424242", "5555555555554444", "4000056655665556"])
      expect(passesLuhn(n)).toBe(true)
    expect(passesLuhn("4242424242424241")).toBe(false)
    expect(passesLuhn("")).toBe(false)
    expect(passesLuhn("4242 4242 4242 4242")).toBe(false)
  })

  it("exactly one check digit completes any body", () => {
    fc.assert(
      fc.property(body, (b) => {
        const passing = [..."0123456789"].filter((d) => passesLuhn(`${b}${d}`))
        expect(passing).toHaveLength(1)
      }),
    )
  })

  it("catches any one mistyped digit", () => {
    fc.assert(
      fc.property(body, fc.nat(), fc.integer({ min: 1, max: 9 }), (b, at, shift) => {
        const good = completed(b)
        const i = at % good.length
        const typo = `${good.slice(0, i)}${(Number(good[i]) + shift) % 10}${good.slice(i + 1)}`
        expect(passesLuhn(typo)).toBe(false)
      }),
    )
  })

  it("catches two swapped neighbours, except 0 and 9", () => {
    fc.assert(
      fc.property(body, fc.nat(), (b, at) => {
        const good = completed(b)
        const i = at % (good.length - 1)
        const [x, y] = [good[i], good[i + 1]]
        fc.pre(x !== y && !(x === "0" && y === "9") && !(x === "9" && y === "0"))
        const swapped = `${good.slice(0, i)}${y}${x}${good.slice(i + 2)}`
        expect(passesLuhn(swapped)).toBe(false)
      }),
    )
  })
})
