/**
 * The checkout form's data (Checkout in docs/product/screens.md, the billing details model in
 * docs/product/entities.md),
 * free of React: its values, which rules apply to whom, and the bodies it
 * sends. An anonymous visitor fills in the registration fields and an
 * address; a customer's details are read-only, and only a customer with no
 * saved address types one.
 */
import type { CustomerJson, CustomerUpdateRequestJson } from "@howzat/contracts/customers"
import {
  APPLICATION_ERROR_PROBLEM,
  VALIDATION_ERROR_PROBLEM,
} from "@howzat/contracts/problem-types"
import { trimText, validateAcceptTerms } from "@howzat/core/rules"
import { HONEY_POT, type register } from "../api/accounts"
import { ApiError } from "../api/client"
import {
  type Address,
  addressFromValues,
  addressRules,
  type BillingShippingValues,
  billingShippingValues,
} from "../lib/addresses"
import { checkoutFailure } from "../lib/basket"
import {
  type DialogContent,
  errorDialogContent,
  registrationFailureContent,
} from "../lib/error-text"
import type { Rules } from "../lib/form-rules"
import { type PersonValues, personRules } from "../lib/person"

export interface CheckoutValues extends BillingShippingValues, PersonValues {
  allowMarketing: boolean
  acceptTerms: boolean
  honeyPot: string
}

export const blankCheckoutValues = (): CheckoutValues => ({
  ...billingShippingValues({ defaultBillingAddress: null, defaultShippingAddress: null }),
  firstName: "",
  lastName: "",
  emailAddress: "",
  telephoneNumber: "",
  password: "",
  confirmPassword: "",
  dateOfBirth: "",
  // Consent is given, not assumed (docs/decisions/0005).
  allowMarketing: false,
  acceptTerms: false,
  honeyPot: "",
})

/** A customer's details as the (read-only) form shows them; "same address" ticked when they match. */
export const checkoutValuesOf = (customer: CustomerJson): CheckoutValues => ({
  ...blankCheckoutValues(),
  ...billingShippingValues(customer),
  firstName: customer.firstName,
  lastName: customer.lastName,
  emailAddress: customer.email,
  telephoneNumber: customer.telephoneNumber,
  dateOfBirth: customer.dateOfBirth,
  allowMarketing: customer.allowMarketingByEmail,
})

export type CheckoutMode =
  | { readonly kind: "visitor" }
  | { readonly kind: "customer"; readonly customer: CustomerJson }

/** A customer with a saved billing address has nothing to type. */
export const needsAddress = (mode: CheckoutMode): boolean =>
  mode.kind === "visitor" || mode.customer.defaultBillingAddress === null

/** The rules that apply: a visitor's in the order their fields appear, then accepting the terms. */
export const checkoutRules = (mode: CheckoutMode): Rules<CheckoutValues> =>
  mode.kind === "visitor"
    ? { ...personRules, ...addressRules, acceptTerms: (value) => validateAcceptTerms(value) }
    : needsAddress(mode)
      ? addressRules
      : {}

export const addressesOf = (values: CheckoutValues): { billing: Address; shipping: Address } => {
  const billing = addressFromValues(values, "billing")
  return {
    billing,
    shipping: values.sameAddress ? billing : addressFromValues(values, "shipping"),
  }
}

export const registrationOf = (values: CheckoutValues): Parameters<typeof register>[0] => ({
  ...personOf(values),
  emailAddress: values.emailAddress,
  password: values.password,
  confirmPassword: values.confirmPassword,
  acceptTerms: values.acceptTerms,
  [HONEY_POT]: values.honeyPot,
})

type Person = Pick<
  CustomerUpdateRequestJson,
  | "firstName"
  | "lastName"
  | "dateOfBirth"
  | "telephoneNumber"
  | "allowMarketingByEmail"
  | "allowMarketingByPhone"
  | "allowMarketingByText"
  | "allowMarketingByPost"
>

/** What a visitor has just registered with, as the customer model spells it. */
export const personOf = (values: CheckoutValues): Person => ({
  firstName: trimText(values.firstName),
  lastName: trimText(values.lastName),
  dateOfBirth: values.dateOfBirth,
  telephoneNumber: trimText(values.telephoneNumber),
  allowMarketingByEmail: values.allowMarketing,
  allowMarketingByPhone: values.allowMarketing,
  allowMarketingByText: values.allowMarketing,
  allowMarketingByPost: values.allowMarketing,
})

/**
 * The whole customer model with the checkout's addresses (PUT /api/Customers
 * needs every field: leaving one out must never wipe it). `person` is what
 * the server knows of them, or what the visitor just registered with.
 */
export const customerUpdateOf = (
  customerId: string,
  person: Person,
  values: CheckoutValues,
): CustomerUpdateRequestJson => {
  const { billing, shipping } = addressesOf(values)
  return {
    customerId,
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    telephoneNumber: person.telephoneNumber,
    allowMarketingByEmail: person.allowMarketingByEmail,
    allowMarketingByPhone: person.allowMarketingByPhone,
    allowMarketingByText: person.allowMarketingByText,
    allowMarketingByPost: person.allowMarketingByPost,
    defaultBillingAddress: billing,
    defaultShippingAddress: shipping,
  }
}

/**
 * Where a new order goes next (docs/product/states.md): the card form while something is
 * left to pay; straight to success when site credit paid it all and the
 * shop completed it. A fully paid order not yet completed goes to the
 * payment page too, which completes it at once and moves on.
 */
export const afterCheckoutPath = (order: {
  id: string
  orderBalance: number
  status: string
}): string =>
  order.orderBalance <= 0 && order.status === "Completed"
    ? `/Checkout/PaymentSucceeded/${encodeURIComponent(order.id)}`
    : `/Checkout/Payment/${encodeURIComponent(order.id)}`

/** What placing an order does, in order; a visitor registers and saves an address first. */
export type CheckoutStep = "register" | "saveAddress" | "placeOrder"

/** docs/product/errors.md's "Oops!" cases: the details typed into the form need a look, whichever step said so. */
const aboutTheDetails = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.type === APPLICATION_ERROR_PROBLEM || error.type === VALIDATION_ERROR_PROBLEM)

/**
 * What a failed step says (docs/product/errors.md). Only placing the order can change the
 * basket; a registration that failed (refused for too many attempts, say)
 * is the registration failure dialog, and an address that couldn't be saved
 * the generic error dialog, never "Changes to your basket".
 */
export const checkoutStepFailure = (
  step: CheckoutStep,
  error: unknown,
  localItemCount: number,
): { content: DialogContent; goHome: boolean } => {
  if (step === "placeOrder" || aboutTheDetails(error)) return checkoutFailure(error, localItemCount)
  const content =
    step === "register" ? registrationFailureContent(error) : errorDialogContent(error)
  return { content, goHome: false }
}
