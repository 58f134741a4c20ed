/**
 * A free postal entry as staff type it from a postcard (decision 0022): either
 * an existing customer, or the person's own details judged by docs/product/validation.md's
 * rules and words, plus the postcard's own reference so a double click
 * records it once. Free of Effect so a back-office form can import it.
 */
import { allocationReasons, allowedQuantity } from "./allocation.js"
import {
  type AddressInput,
  cleanAddress,
  cleanTelephone,
  isBlankAddress,
  normaliseEmail,
  validateAddress,
} from "./auth.js"
import {
  MAX_EMAIL_LENGTH,
  messages,
  stripInvalidEmailCharacters,
  trimText,
  validateDateOfBirth,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateTelephone,
} from "./validation.js"

export const MAX_ENTRY_REFERENCE_LENGTH = 100

/** Wording for what only a postal entry can meet; the competition's own states reuse allocation's. */
export const postalEntryMessages = {
  customerOrPerson:
    "Give either an existing customer or the entrant's name, address, email and date of birth, not both.",
  noSuchCustomer: "There is no customer with this id.",
  entryReferenceTooLong: `Please use ${MAX_ENTRY_REFERENCE_LENGTH} characters or fewer`,
  notOpen: allocationReasons.notOpen,
  closed: allocationReasons.closed,
  soldOut: allocationReasons.soldOut,
  maximumReached: (max: number) =>
    `This person already holds the maximum number of entries per person in this competition (${max}), paid and free together.`,
  entryReferenceInUse: (reference: string) =>
    `The entry reference ${reference} is already used by another person's entry in this competition.`,
} as const

/** What the staff form sends; text left out is "" and an address left out is null. */
export interface PostalEntryForm {
  readonly customerId: string
  readonly firstName: string
  readonly lastName: string
  readonly emailAddress: string
  /** "yyyy-mm-dd". */
  readonly dateOfBirth: string
  /** Optional: the postcard may carry one; judged only when given. */
  readonly telephoneNumber: string
  readonly address: AddressInput | null
  readonly entryReference: string
}

/** A person without a customer record (or whose record is found by email later), cleaned. */
export interface PostalEntrantDetails {
  readonly firstName: string
  readonly lastName: string
  readonly emailAddress: string
  readonly dateOfBirth: string
  readonly telephoneNumber: string
  readonly address: AddressInput
}

export type PostalEntrant =
  | { readonly kind: "Customer"; readonly customerId: string }
  | { readonly kind: "Person"; readonly details: PostalEntrantDetails }

export type ReadPostalEntry =
  | { readonly _tag: "Invalid"; readonly errors: Readonly<Record<string, string>> }
  | {
      readonly _tag: "Valid"
      readonly entrant: PostalEntrant
      /** Trimmed; null when none was given. */
      readonly entryReference: string | null
    }

const hasPersonDetails = (form: PostalEntryForm): boolean =>
  [form.firstName, form.lastName, form.emailAddress, form.dateOfBirth, form.telephoneNumber].some(
    (text) => text.trim() !== "",
  ) ||
  (form.address !== null && !isBlankAddress(form.address))

const BLANK_ADDRESS: AddressInput = { line1: "", line2: "", city: "", county: "", postCode: "" }

/**
 * Cleans the form as the storefront's forms do (trimmed text, stripped email
 * and telephone, upper-case postcode) and judges it; `today` decides the
 * age of 18. Every error is named by its field (`address.postCode` as the
 * wire nests it), with docs/product/validation.md's words.
 */
export const readPostalEntry = (form: PostalEntryForm, today: Date): ReadPostalEntry => {
  const errors: Record<string, string> = {}
  const entryReference = trimText(form.entryReference)
  if (entryReference.length > MAX_ENTRY_REFERENCE_LENGTH)
    errors.entryReference = postalEntryMessages.entryReferenceTooLong
  const reference = entryReference === "" ? null : entryReference

  const customerId = trimText(form.customerId)
  if (customerId !== "") {
    if (hasPersonDetails(form)) errors.customerId = postalEntryMessages.customerOrPerson
    return Object.keys(errors).length > 0
      ? { _tag: "Invalid", errors }
      : { _tag: "Valid", entrant: { kind: "Customer", customerId }, entryReference: reference }
  }

  const details: PostalEntrantDetails = {
    firstName: trimText(form.firstName),
    lastName: trimText(form.lastName),
    emailAddress: stripInvalidEmailCharacters(form.emailAddress),
    dateOfBirth: trimText(form.dateOfBirth),
    telephoneNumber: cleanTelephone(form.telephoneNumber),
    address: cleanAddress(form.address ?? BLANK_ADDRESS),
  }
  const emailError =
    validateEmail(details.emailAddress) ??
    (details.emailAddress.length > MAX_EMAIL_LENGTH ? messages.emailInvalid : undefined)
  const checks: Record<string, string | undefined> = {
    firstName: validateFirstName(details.firstName),
    lastName: validateLastName(details.lastName),
    emailAddress: emailError,
    dateOfBirth: validateDateOfBirth(details.dateOfBirth, today),
    telephoneNumber:
      details.telephoneNumber === "" ? undefined : validateTelephone(details.telephoneNumber),
  }
  for (const [field, error] of Object.entries(validateAddress(details.address)))
    checks[`address.${field}`] = error
  for (const [field, error] of Object.entries(checks))
    if (error !== undefined) errors[field] = error
  return Object.keys(errors).length > 0
    ? { _tag: "Invalid", errors }
    : { _tag: "Valid", entrant: { kind: "Person", details }, entryReference: reference }
}

/**
 * Who an entry counts against: the customer when there is one, else the
 * person by their normalised email. A person's email is also how their
 * entries made before they had an account are found.
 */
export interface EntrantKey {
  readonly customerId: string | null
  /** normaliseEmail of the address. */
  readonly email: string
}

export const entrantKey = (customerId: string | null, email: string): EntrantKey => ({
  customerId,
  email: normaliseEmail(email),
})

/** Whether a recorded entry is the same person's: a replayed request, not a reused reference. */
export const isSameEntrant = (
  recorded: { readonly customerId: string | null; readonly emailAddress: string },
  key: EntrantKey,
): boolean =>
  key.customerId !== null
    ? recorded.customerId === key.customerId
    : recorded.customerId === null && normaliseEmail(recorded.emailAddress) === key.email

export type PostalEntryRefusal =
  | { readonly _tag: "NotOpen" }
  | { readonly _tag: "Closed" }
  | { readonly _tag: "MaximumReached"; readonly max: number }

/**
 * Whether one more entry may be given now: only while the competition is
 * open (from its start until, not at, its close, as for a sale), and only
 * below the per-person maximum, which counts paid and free entries alike.
 */
export const postalEntryRefusal = (
  competition: {
    readonly startDateTimeUtc: Date
    readonly closeDateTimeUtc: Date
    readonly maxTicketsPerCustomer: number
  },
  at: Date,
  held: number,
): PostalEntryRefusal | undefined => {
  if (at < competition.startDateTimeUtc) return { _tag: "NotOpen" }
  if (at >= competition.closeDateTimeUtc) return { _tag: "Closed" }
  if (allowedQuantity(1, competition.maxTicketsPerCustomer, held) < 1)
    return { _tag: "MaximumReached", max: competition.maxTicketsPerCustomer }
  return undefined
}
