import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  checkoutAddressErrors,
  cleanCheckoutAddresses,
  orderAddresses,
} from "./checkout-details.js"
import { messages } from "./validation.js"

const good = {
  line1: "1 Pavilion End",
  line2: "Headingley",
  city: "Leeds",
  county: "West Yorkshire",
  postCode: "LS6 3BR",
}

describe("checkout addresses", () => {
  it("takes none, or the saved one, without complaint", () => {
    expect(checkoutAddressErrors({})).toEqual({})
    expect(checkoutAddressErrors({ billingAddress: null, shippingAddress: undefined })).toEqual({})
    expect(checkoutAddressErrors({ billingAddress: good, shippingAddress: good })).toEqual({})
  })

  it("names each bad field as the wire nests it, with docs/product/validation.md's words", () => {
    expect(
      checkoutAddressErrors({
        billingAddress: { ...good, line1: " ", postCode: "" },
        shippingAddress: { ...good, postCode: "NOT A CODE", county: "y".repeat(51) },
      }),
    ).toEqual({
      "billingAddress.line1": messages.addressLine1Required,
      "billingAddress.postCode": messages.postcodeRequired,
      "shippingAddress.postCode": messages.postcodeInvalid,
      "shippingAddress.county": messages.addressLine1TooLong,
    })
  })

  it("refuses any line longer than the account pages allow, however long", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("line1", "line2", "city", "county"),
        fc.integer({ min: 51, max: 500_000 }),
        fc.constantFrom("billingAddress", "shippingAddress"),
        (line, length, which) => {
          const errors = checkoutAddressErrors({ [which]: { ...good, [line]: "x".repeat(length) } })
          expect(errors).toEqual({ [`${which}.${line}`]: messages.addressLine1TooLong })
        },
      ),
      { numRuns: 50 },
    )
  })

  it("cleans as the account pages do: trimmed lines, an upper-case postcode", () => {
    expect(
      cleanCheckoutAddresses({
        billingAddress: { ...good, line1: " 1 Pavilion End ", postCode: " ls6 3br" },
      }),
    ).toEqual({ billingAddress: good, shippingAddress: null })
  })
})

describe("the addresses an order shows", () => {
  const address = fc.record({
    line1: fc.string(),
    line2: fc.string(),
    city: fc.string(),
    county: fc.string(),
    postCode: fc.string(),
  })
  const given = fc
    .option(address, { nil: undefined })
    .chain((a) => (a === undefined ? fc.constantFrom(undefined, null) : fc.constant(a)))
  const saved = fc.option(address, { nil: null })

  it("each is the one given at checkout, or else the customer's saved one", () => {
    fc.assert(
      fc.property(given, given, saved, saved, (billing, shipping, savedBilling, savedShipping) => {
        const shown = orderAddresses(
          { billingAddress: billing, shippingAddress: shipping },
          { defaultBillingAddress: savedBilling, defaultShippingAddress: savedShipping },
        )
        // Given wins, whatever is saved; nothing given (left out or null) shows the saved one.
        expect(shown.billingAddress).toBe(billing ?? savedBilling)
        expect(shown.shippingAddress).toBe(shipping ?? savedShipping)
        // Never an address from the other slot.
        if (billing == null) expect(shown.billingAddress).toBe(savedBilling)
        if (shipping == null) expect(shown.shippingAddress).toBe(savedShipping)
      }),
    )
  })

  it("left out altogether, the order shows the saved addresses, none when none is saved", () => {
    expect(
      orderAddresses({}, { defaultBillingAddress: good, defaultShippingAddress: null }),
    ).toEqual({ billingAddress: good, shippingAddress: null })
  })
})
