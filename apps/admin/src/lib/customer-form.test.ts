import type { CustomerJson } from "@howzat/contracts/customers"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { customerPayload, customerValues, formFieldName } from "./customer-form"

const address = fc.record({
  line1: fc.string(),
  line2: fc.string(),
  city: fc.string(),
  county: fc.string(),
  postCode: fc.string(),
})
// An address is either none or has something in it: the form cannot tell an all-empty one from none.
const someAddress = fc.option(
  address.filter((a) => Object.values(a).some((line) => line !== "")),
  { nil: null },
)

const customer: fc.Arbitrary<CustomerJson> = fc.record({
  customerId: fc.uuid(),
  firstName: fc.string(),
  lastName: fc.string(),
  fullName: fc.string(),
  dateOfBirth: fc.constant("1990-04-01"),
  telephoneNumber: fc.string(),
  email: fc.emailAddress(),
  emailVerified: fc.boolean(),
  defaultBillingAddress: someAddress,
  defaultShippingAddress: someAddress,
  allowMarketingByEmail: fc.boolean(),
  allowMarketingByPhone: fc.boolean(),
  allowMarketingByText: fc.boolean(),
  allowMarketingByPost: fc.boolean(),
  siteCreditAccountBalance: fc.nat(),
})

describe("the customer edit form", () => {
  it("saves back exactly what it loaded when nothing was changed", () => {
    fc.assert(
      fc.property(customer, (c) => {
        const payload = customerPayload(c.customerId, customerValues(c))
        expect(payload).toEqual({
          customerId: c.customerId,
          firstName: c.firstName,
          lastName: c.lastName,
          dateOfBirth: c.dateOfBirth,
          telephoneNumber: c.telephoneNumber,
          defaultBillingAddress: c.defaultBillingAddress,
          defaultShippingAddress: c.defaultShippingAddress,
          allowMarketingByEmail: c.allowMarketingByEmail,
          allowMarketingByPhone: c.allowMarketingByPhone,
          allowMarketingByText: c.allowMarketingByText,
          allowMarketingByPost: c.allowMarketingByPost,
        })
      }),
    )
  })

  it("sends an address whose lines were all cleared as none", () => {
    fc.assert(
      fc.property(customer, (c) => {
        const values = customerValues(c)
        values.shipping = { line1: "", line2: "", city: "", county: "", postCode: "" }
        expect(customerPayload(c.customerId, values).defaultShippingAddress).toBeNull()
      }),
    )
  })

  it("puts the server's address messages beside the form's address fields", () => {
    expect(formFieldName("defaultBillingAddress.postCode")).toBe("billing.postCode")
    expect(formFieldName("defaultShippingAddress.line1")).toBe("shipping.line1")
    expect(formFieldName("firstName")).toBe("firstName")
  })
})
