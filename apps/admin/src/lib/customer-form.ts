/**
 * The customer edit form's values and the PUT /api/Customers/{id} payload.
 * The payload is the whole model (contracts: leaving an address or a
 * marketing flag out never wipes it), so every field the record has is in
 * the form. An address with every line empty is no address (null).
 */
import type { CustomerJson, CustomerUpdateRequestJson } from "@howzat/contracts/customers"

export interface AddressValues {
  line1: string
  line2: string
  city: string
  county: string
  postCode: string
}

export interface CustomerValues {
  firstName: string
  lastName: string
  dateOfBirth: string
  telephoneNumber: string
  billing: AddressValues
  shipping: AddressValues
  allowMarketingByEmail: boolean
  allowMarketingByPhone: boolean
  allowMarketingByText: boolean
  allowMarketingByPost: boolean
}

export const ADDRESS_LINES: readonly { key: keyof AddressValues; label: string }[] = [
  { key: "line1", label: "Address line 1" },
  { key: "line2", label: "Address line 2" },
  { key: "city", label: "Town or city" },
  { key: "county", label: "County" },
  { key: "postCode", label: "Postcode" },
]

const blankAddress: AddressValues = { line1: "", line2: "", city: "", county: "", postCode: "" }

const addressValues = (address: CustomerJson["defaultBillingAddress"]): AddressValues =>
  address ? { ...address } : { ...blankAddress }

const addressPayload = (values: AddressValues): AddressValues | null =>
  Object.values(values).every((line) => line === "") ? null : { ...values }

export const customerValues = (customer: CustomerJson): CustomerValues => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  dateOfBirth: customer.dateOfBirth,
  telephoneNumber: customer.telephoneNumber,
  billing: addressValues(customer.defaultBillingAddress),
  shipping: addressValues(customer.defaultShippingAddress),
  allowMarketingByEmail: customer.allowMarketingByEmail,
  allowMarketingByPhone: customer.allowMarketingByPhone,
  allowMarketingByText: customer.allowMarketingByText,
  allowMarketingByPost: customer.allowMarketingByPost,
})

export const customerPayload = (
  customerId: string,
  values: CustomerValues,
): CustomerUpdateRequestJson => ({
  customerId,
  firstName: values.firstName,
  lastName: values.lastName,
  dateOfBirth: values.dateOfBirth,
  telephoneNumber: values.telephoneNumber,
  defaultBillingAddress: addressPayload(values.billing),
  defaultShippingAddress: addressPayload(values.shipping),
  allowMarketingByEmail: values.allowMarketingByEmail,
  allowMarketingByPhone: values.allowMarketingByPhone,
  allowMarketingByText: values.allowMarketingByText,
  allowMarketingByPost: values.allowMarketingByPost,
})

/**
 * The server's 400 names fields by the payload's paths; the form's fields
 * are named the same except the addresses.
 */
export const formFieldName = (serverField: string): string =>
  serverField
    .replace(/^defaultBillingAddress\.?/, "billing.")
    .replace(/^defaultShippingAddress\.?/, "shipping.")
    .replace(/\.$/, "")
