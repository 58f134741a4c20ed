/**
 * The postal entry form (decision 0022): staff type a postcard
 * in either as an existing customer (by id) or as a person's details, never
 * both, because the server refuses a mix. Blank text is sent as "" and a
 * blank address as null, so the server's docs/product/validation.md checks answer in their
 * own words.
 */
import type { FreePostalEntryRequestJson } from "@howzat/contracts/postal-entries"
import { isUuid } from "@howzat/core/rules"

export type EntrantKind = "person" | "customer"

export interface PostalEntryValues {
  readonly kind: EntrantKind
  readonly customerId: string
  readonly firstName: string
  readonly lastName: string
  readonly emailAddress: string
  readonly dateOfBirth: string
  readonly telephoneNumber: string
  readonly line1: string
  readonly line2: string
  readonly city: string
  readonly county: string
  readonly postCode: string
  readonly entryReference: string
}

export const emptyPostalEntry: PostalEntryValues = {
  kind: "person",
  customerId: "",
  firstName: "",
  lastName: "",
  emailAddress: "",
  dateOfBirth: "",
  telephoneNumber: "",
  line1: "",
  line2: "",
  city: "",
  county: "",
  postCode: "",
  entryReference: "",
}

/**
 * The request for the values typed. `fallbackReference` stands in for a
 * postcard without a reference of its own: kept for the whole draft, it makes
 * a retry after a lost answer find the entry already recorded rather than
 * give the person a second ticket.
 */
export const postalEntryPayload = (
  values: PostalEntryValues,
  fallbackReference: string,
): FreePostalEntryRequestJson => {
  const entryReference = values.entryReference.trim() || fallbackReference
  if (values.kind === "customer") {
    return { customerId: values.customerId.trim(), entryReference }
  }
  const address = {
    line1: values.line1.trim(),
    line2: values.line2.trim(),
    city: values.city.trim(),
    county: values.county.trim(),
    postCode: values.postCode.trim(),
  }
  const anyAddress = Object.values(address).some((line) => line !== "")
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    emailAddress: values.emailAddress.trim(),
    dateOfBirth: values.dateOfBirth.trim(),
    telephoneNumber: values.telephoneNumber.trim(),
    address: anyAddress ? address : null,
    entryReference,
  }
}

/** The one check the server's schema would answer in its own terms rather than the words of docs/product/validation.md. */
export const customerIdError = (customerId: string): string | undefined =>
  isUuid(customerId.trim()) ? undefined : "Enter the customer's id as shown on their customer page."

/** A reference for a postcard that has none: "BO-" and 12 random characters. */
export const newDraftReference = (random: () => string = () => crypto.randomUUID()): string =>
  `BO-${random().replaceAll("-", "").slice(0, 12).toUpperCase()}`

/** Where the server's 400 names each field (the address nested as on the wire). */
export const serverFieldName = (field: keyof PostalEntryValues): string =>
  field === "line1" ||
  field === "line2" ||
  field === "city" ||
  field === "county" ||
  field === "postCode"
    ? `address.${field}`
    : field
