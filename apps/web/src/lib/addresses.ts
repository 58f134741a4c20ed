import {
  normalisePostcode,
  trimText,
  validateAddressLine1,
  validatePostcode,
} from "@howzat/core/rules"
import type { Rules } from "./form-rules"

/** The address page's form, flat so each line is one field with its own rule. */
export const ADDRESS_PARTS = ["Line1", "Line2", "City", "County", "PostCode"] as const
export type AddressPart = (typeof ADDRESS_PARTS)[number]

export interface Address {
  line1: string
  line2: string
  city: string
  county: string
  postCode: string
}

type Prefixed<P extends string> = { [K in AddressPart as `${P}${K}`]: string }

export type BillingShippingValues = Prefixed<"billing"> &
  Prefixed<"shipping"> & { sameAddress: boolean }

const blank: Address = { line1: "", line2: "", city: "", county: "", postCode: "" }

const partKey = {
  Line1: "line1",
  Line2: "line2",
  City: "city",
  County: "county",
  PostCode: "postCode",
} as const

const sameLines = (a: Address, b: Address) =>
  (Object.values(partKey) as (keyof Address)[]).every(
    (key) => trimText(a[key]).toUpperCase() === trimText(b[key]).toUpperCase(),
  )

/**
 * The form's values from a customer's record. "Same address" starts ticked
 * when the shipping address is missing or matches billing (as at checkout).
 */
export const billingShippingValues = (customer: {
  defaultBillingAddress: Address | null
  defaultShippingAddress: Address | null
}): BillingShippingValues => {
  const billing = customer.defaultBillingAddress ?? blank
  const shipping = customer.defaultShippingAddress
  const values = { sameAddress: shipping === null || sameLines(billing, shipping) }
  for (const part of ADDRESS_PARTS) {
    Object.assign(values, {
      [`billing${part}`]: billing[partKey[part]],
      [`shipping${part}`]: (shipping ?? blank)[partKey[part]],
    })
  }
  return values as BillingShippingValues
}

/** One address from the form, trimmed, with its postcode in capitals as it is stored. */
export const addressFromValues = (
  values: BillingShippingValues,
  prefix: "billing" | "shipping",
): Address => ({
  line1: trimText(values[`${prefix}Line1`]),
  line2: trimText(values[`${prefix}Line2`]),
  city: trimText(values[`${prefix}City`]),
  county: trimText(values[`${prefix}County`]),
  postCode: normalisePostcode(values[`${prefix}PostCode`]),
})

const shipping =
  (rule: (value: string) => string | undefined) => (value: string, values: BillingShippingValues) =>
    values.sameAddress ? undefined : rule(value)

/**
 * The address rules wherever both addresses are typed (checkout, the
 * account's address page): line 1 and the postcode of billing, and of
 * shipping only when it differs.
 */
export const addressRules: Rules<BillingShippingValues> = {
  billingLine1: (value) => validateAddressLine1(value),
  billingPostCode: (value) => validatePostcode(value),
  shippingLine1: shipping(validateAddressLine1),
  shippingPostCode: shipping(validatePostcode),
}
