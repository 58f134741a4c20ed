import type { CustomerJson } from "@howzat/contracts/customers"
import {
  APPLICATION_ERROR_PROBLEM,
  VALIDATION_ERROR_PROBLEM,
} from "@howzat/contracts/problem-types"
import { describe, expect, it } from "vitest"
import { ApiError } from "../api/client"
import { basketTexts } from "../lib/basket"
import { errorTexts } from "../lib/error-text"
import { firstFormError, isFormValid } from "../lib/form-rules"
import {
  addressesOf,
  afterCheckoutPath,
  blankCheckoutValues,
  type CheckoutValues,
  checkoutRules,
  checkoutStepFailure,
  checkoutValuesOf,
  customerUpdateOf,
  personOf,
  registrationOf,
} from "./checkout"

const address = { line1: "1 High St", line2: "", city: "Leeds", county: "", postCode: "LS1 1AA" }

const customer = (change: Partial<CustomerJson> = {}): CustomerJson =>
  ({
    customerId: "c-1",
    firstName: "Ann",
    lastName: "Bat",
    fullName: "Ann Bat",
    dateOfBirth: "1990-01-02",
    telephoneNumber: "07700900123",
    email: "ann@example.com",
    defaultBillingAddress: address,
    defaultShippingAddress: address,
    allowMarketingByEmail: true,
    allowMarketingByPhone: false,
    allowMarketingByText: false,
    allowMarketingByPost: true,
    siteCreditAccountBalance: 0,
    ...change,
  }) as CustomerJson

const visitor: CheckoutValues = {
  ...blankCheckoutValues(),
  firstName: " Ann ",
  lastName: "Bat",
  emailAddress: "ann@example.com",
  telephoneNumber: "07700 900123",
  password: "Passw0rd!",
  confirmPassword: "Passw0rd!",
  dateOfBirth: "1990-01-02",
  acceptTerms: true,
  billingLine1: "1 High St",
  billingPostCode: "ls1 1aa",
}

describe("who fills in what (Checkout in docs/product/screens.md)", () => {
  it("a visitor fills in the registration fields, an address and accepts the terms", () => {
    const rules = checkoutRules({ kind: "visitor" })
    expect(isFormValid(rules, visitor)).toBe(true)
    expect(firstFormError(rules, blankCheckoutValues())).toBe("First name is required")
    expect(firstFormError(rules, { ...visitor, acceptTerms: false })).toBe(
      "You must accept our terms and conditions to register.",
    )
    expect(firstFormError(rules, { ...visitor, billingPostCode: "" })).toBe(
      "A valid UK post code is required.",
    )
  })

  it("a separate shipping address is checked only when 'same address' is not ticked", () => {
    const rules = checkoutRules({ kind: "visitor" })
    expect(isFormValid(rules, { ...visitor, sameAddress: true })).toBe(true)
    expect(firstFormError(rules, { ...visitor, sameAddress: false })).toBe(
      "Address Line 1 is required.",
    )
  })

  it("a customer with a saved address types nothing; without one, only the address", () => {
    expect(checkoutRules({ kind: "customer", customer: customer() })).toEqual({})
    const rules = checkoutRules({
      kind: "customer",
      customer: customer({ defaultBillingAddress: null, defaultShippingAddress: null }),
    })
    expect(Object.keys(rules).sort()).toEqual([
      "billingLine1",
      "billingPostCode",
      "shippingLine1",
      "shippingPostCode",
    ])
  })

  it("a customer's details fill the form, with 'same address' ticked when the addresses match", () => {
    const values = checkoutValuesOf(customer())
    expect(values).toMatchObject({
      firstName: "Ann",
      emailAddress: "ann@example.com",
      billingLine1: "1 High St",
      sameAddress: true,
    })
    expect(
      checkoutValuesOf(customer({ defaultShippingAddress: { ...address, line1: "2 Low Rd" } }))
        .sameAddress,
    ).toBe(false)
  })
})

describe("what is sent", () => {
  it("the registration: trimmed, one marketing choice for every channel", () => {
    expect(registrationOf({ ...visitor, allowMarketing: true })).toMatchObject({
      firstName: "Ann",
      telephoneNumber: "07700 900123",
      allowMarketingByEmail: true,
      allowMarketingByPost: true,
      acceptTerms: true,
      website: "",
    })
  })

  it("the shipping address is the billing one when 'same address' is ticked", () => {
    expect(addressesOf(visitor)).toEqual({
      billing: { line1: "1 High St", line2: "", city: "", county: "", postCode: "LS1 1AA" },
      shipping: { line1: "1 High St", line2: "", city: "", county: "", postCode: "LS1 1AA" },
    })
    const apart = {
      ...visitor,
      sameAddress: false,
      shippingLine1: "2 Low Rd",
      shippingPostCode: "m1 1ab",
    }
    expect(addressesOf(apart).shipping).toMatchObject({ line1: "2 Low Rd", postCode: "M1 1AB" })
  })

  it("the whole customer model, keeping what the customer had and adding the addresses", () => {
    const saved = customer({ defaultBillingAddress: null, defaultShippingAddress: null })
    expect(customerUpdateOf("c-1", saved, visitor)).toEqual({
      customerId: "c-1",
      firstName: "Ann",
      lastName: "Bat",
      dateOfBirth: "1990-01-02",
      telephoneNumber: "07700900123",
      allowMarketingByEmail: true,
      allowMarketingByPhone: false,
      allowMarketingByText: false,
      allowMarketingByPost: true,
      defaultBillingAddress: addressesOf(visitor).billing,
      defaultShippingAddress: addressesOf(visitor).billing,
    })
    expect(customerUpdateOf("c-2", personOf(visitor), visitor).firstName).toBe("Ann")
  })
})

describe("a step of placing the order that failed (docs/product/errors.md)", () => {
  const http = (status: number, title: string, detail: string, type = "") =>
    new ApiError("http", status, title, detail, type)
  const tooMany = http(
    429,
    "Too Many Requests",
    "Too many attempts. Please try again in 12 minutes.",
  )

  it("a rate-limited registration is the registration's error, not a change to the basket", () => {
    expect(checkoutStepFailure("register", tooMany, 2)).toEqual({
      goHome: false,
      content: {
        title: "Error",
        lines: [{ kind: "text", text: "Too many attempts. Please try again in 12 minutes." }],
      },
    })
  })

  it("a registration that failed without a word: docs/product/errors.md's registration sentence", () => {
    const content = checkoutStepFailure("register", new ApiError("network", 0, "", ""), 1).content
    expect(content.title).toBe("Error")
    expect(content.lines).toEqual([{ kind: "text", text: errorTexts.registrationFailed }])
  })

  it("a taken email or a refused field keeps the checkout's words about the details", () => {
    const taken = http(
      409,
      "An application error has occurred.",
      "Email taken",
      APPLICATION_ERROR_PROBLEM,
    )
    expect(checkoutStepFailure("register", taken, 1).content).toMatchObject({
      title: "Oops!",
      lines: [{ kind: "text", text: errorTexts.alreadyRegistered }],
    })
    const invalid = http(
      400,
      "One or more validation errors occurred.",
      "",
      VALIDATION_ERROR_PROBLEM,
    )
    expect(checkoutStepFailure("register", invalid, 1).content.lines[0]?.text).toBe(
      basketTexts.invalidDetails,
    )
  })

  it("saving the address failed: the generic error dialog", () => {
    const down = http(503, "Service Unavailable", "Please try again soon.")
    expect(checkoutStepFailure("saveAddress", down, 1).content).toEqual({
      title: "Error",
      lines: [{ kind: "text", text: "Please try again soon." }],
    })
  })

  it("only placing the order reports changes to the basket", () => {
    const closed = http(409, "Conflict", "The competition has closed.")
    expect(checkoutStepFailure("placeOrder", closed, 1).content.title).toBe(
      basketTexts.changesTitle,
    )
    for (const step of ["register", "saveAddress"] as const)
      expect(checkoutStepFailure(step, closed, 1).content.title).not.toBe(basketTexts.changesTitle)
  })
})

describe("after checkout (docs/product/states.md)", () => {
  it("goes to the card form while something is left to pay, else straight to success", () => {
    expect(afterCheckoutPath({ id: "o-1", orderBalance: 250, status: "Pending" })).toBe(
      "/Checkout/Payment/o-1",
    )
    expect(afterCheckoutPath({ id: "o-1", orderBalance: 0, status: "Completed" })).toBe(
      "/Checkout/PaymentSucceeded/o-1",
    )
  })

  it("a paid order the shop has not completed yet goes by the payment page, which completes it", () => {
    expect(afterCheckoutPath({ id: "o-1", orderBalance: 0, status: "Pending" })).toBe(
      "/Checkout/Payment/o-1",
    )
  })
})
