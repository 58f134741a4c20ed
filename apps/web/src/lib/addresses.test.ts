import { describe, expect, it } from "vitest"
import { addressFromValues, addressRules, billingShippingValues } from "./addresses"
import { firstFormError } from "./form-rules"

const home = {
  line1: "1 Pavilion End",
  line2: "",
  city: "Taunton",
  county: "Somerset",
  postCode: "TA1 1JT",
}

describe("billingShippingValues", () => {
  it("ticks 'same address' when shipping is missing or matches billing", () => {
    expect(
      billingShippingValues({ defaultBillingAddress: home, defaultShippingAddress: null })
        .sameAddress,
    ).toBe(true)
    expect(
      billingShippingValues({
        defaultBillingAddress: home,
        defaultShippingAddress: { ...home, postCode: "ta1 1jt " },
      }).sameAddress,
    ).toBe(true)
    expect(
      billingShippingValues({
        defaultBillingAddress: home,
        defaultShippingAddress: { ...home, line1: "2 Long Room" },
      }).sameAddress,
    ).toBe(false)
  })

  it("starts blank for a customer with no address", () => {
    const values = billingShippingValues({
      defaultBillingAddress: null,
      defaultShippingAddress: null,
    })
    expect(values.billingLine1).toBe("")
    expect(values.shippingPostCode).toBe("")
  })
})

describe("addressFromValues", () => {
  it("trims every line and stores the postcode in capitals", () => {
    const values = {
      ...billingShippingValues({ defaultBillingAddress: home, defaultShippingAddress: null }),
      billingLine1: "  1 Pavilion End ",
      billingPostCode: " ta1 1jt",
    }
    expect(addressFromValues(values, "billing")).toEqual({ ...home, postCode: "TA1 1JT" })
  })
})

describe("addressRules", () => {
  const typed = {
    ...billingShippingValues({ defaultBillingAddress: home, defaultShippingAddress: null }),
  }

  it("asks for billing line 1 and postcode, and nothing of shipping while it is the same", () => {
    expect(firstFormError(addressRules, typed)).toBeUndefined()
    expect(firstFormError(addressRules, { ...typed, billingLine1: "" })).toBeDefined()
    expect(firstFormError(addressRules, { ...typed, billingPostCode: "" })).toBeDefined()
  })

  it("holds a different shipping address to the same rules", () => {
    const different = { ...typed, sameAddress: false }
    expect(firstFormError(addressRules, different)).toBeDefined()
    expect(
      firstFormError(addressRules, {
        ...different,
        shippingLine1: "2 Long Room",
        shippingPostCode: "NW8 8QN",
      }),
    ).toBeUndefined()
  })
})
