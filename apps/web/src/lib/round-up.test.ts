import { describe, expect, it } from "vitest"
import { type Brand, brand } from "../brand"
import { roundUpCharity, roundUpOffered, roundUpToSend } from "./round-up"

const withCharity: Brand = {
  ...brand,
  charities: [{ name: "Chance to Shine", url: "https://www.chancetoshine.org" }],
}

describe("the charity round-up", () => {
  it("is not offered by this brand, which has no charity (decision 0016)", () => {
    expect(brand.charities).toEqual([])
    expect(roundUpOffered()).toBe(false)
    expect(roundUpCharity()).toBeNull()
  })

  it("is offered for the brand's charity once one is configured", () => {
    expect(roundUpOffered(withCharity)).toBe(true)
    expect(roundUpCharity(withCharity)).toBe("Chance to Shine")
  })

  it("is never sent without a charity to receive it", () => {
    expect(roundUpToSend(true)).toBe(false)
    expect(roundUpToSend(false)).toBe(false)
    expect(roundUpToSend(true, withCharity)).toBe(true)
    expect(roundUpToSend(false, withCharity)).toBe(false)
  })
})
