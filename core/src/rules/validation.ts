/**
 * Every form rule of docs/product/validation.md with its exact wording, shared by the browser
 * forms and the server so a customer never sees one message in the page and
 * another from the API. Each validator returns the first error, or undefined.
 *
 * Validators judge the value they are given. Forms (and the server's decoders)
 * first apply the same clean-ups the storefront does — trimText,
 * stripInvalidEmailCharacters, stripInvalidTelephoneCharacters — so a stray
 * space typed by a customer is removed, not reported.
 */
import { zonedParts } from "./dates.js"

export const MAX_NAME_LENGTH = 255
export const MAX_EMAIL_LENGTH = 255
export const MAX_TELEPHONE_LENGTH = 20
export const MAX_ADDRESS_LINE_LENGTH = 50
export const MAX_POSTCODE_LENGTH = 50
export const MIN_PASSWORD_LENGTH = 8
export const MINIMUM_AGE = 18
export const EARLIEST_DATE_OF_BIRTH = "1900-01-01"
export const PASSWORD_SPECIAL_CHARACTERS = "#?.,!@£$%^&*+=-"

export const messages = {
  emailRequired: "A valid email address is required",
  emailInvalid: "The Email field is not a valid e-mail address.",
  passwordRequired: "A password is required",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  nameIsEmail: "Please don't use your email address here",
  nameCharacters: "Please use only letters, spaces, hyphens and apostrophes",
  nameTooLong: `Please use ${MAX_NAME_LENGTH} characters or fewer`,
  telephoneRequired:
    "You must provide your telephone number in case we need to contact you regarding any prizes won.",
  telephoneInvalid: "Please enter a valid UK phone number.",
  dateOfBirthRequired: "You must provide your date of birth for age verification",
  dateOfBirthTooYoung: "You must be 18 or over to use this site.",
  dateOfBirthTooOld: "Please enter a date of birth on or after 1st January 1900.",
  addressLine1Required: "Address Line 1 is required.",
  addressLine1TooLong: `Please use ${MAX_ADDRESS_LINE_LENGTH} characters or fewer`,
  postcodeRequired: "A valid UK post code is required.",
  postcodeInvalid: "Please enter a valid UK post code.",
  newPasswordRequired: "A valid new password is required",
  newPasswordWeak:
    "Password must be at least 8 characters, and contain at least one uppercase, one lowercase, one numeric, and one special character (#?.,!@£$%^&*+=-)",
  confirmPasswordRequired: "Please confirm password",
  confirmPasswordMismatch: "'Confirm Password' and 'Password' do not match.",
  confirmNewPasswordMismatch: "'Confirm New Password' and 'New Password' do not match.",
  acceptTermsRequired: "You must accept our terms and conditions to register.",
  newEmailInvalid: "The New Email Address field is not a valid e-mail address.",
  currentPasswordForEmailRequired: "Current password is required for authentication.",
  currentPasswordRequired: "Current password is required",
  messageRequired: "You must include a message.",
  referralEmailInvalid: "Please enter a valid email address.",
  checkoutInvalid: "Form has one or more invalid fields.",
} as const

type Validation = string | undefined

const isBlank = (value: string): boolean => value.trim() === ""

// --- Clean-ups applied as the customer types (docs/product/validation.md: "Text is trimmed; email
// and tel fields strip invalid characters").

export const trimText = (v: string): string => v.trim()
export const stripInvalidEmailCharacters = (v: string): string => v.replace(/\s/g, "")
export const stripInvalidTelephoneCharacters = (v: string): string => v.replace(/[^0-9+() ]/g, "")
export const normalisePostcode = (v: string): string => v.trim().toUpperCase()

// --- Email

// One @, no whitespace, and a dot-separated domain with no empty labels.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

export const isEmailAddress = (value: string): boolean => EMAIL.test(value)

export const validateEmail = (value: string): Validation => {
  if (isBlank(value)) return messages.emailRequired
  if (!isEmailAddress(value)) return messages.emailInvalid
  return undefined
}

export const validateNewEmail = (value: string): Validation =>
  value.length > MAX_EMAIL_LENGTH || !isEmailAddress(value) ? messages.newEmailInvalid : undefined

// Referral boxes ask only for "text @ text . text" (docs/product/validation.md), a looser test than the account email.
const REFERRAL_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const validateReferralEmail = (value: string): Validation =>
  REFERRAL_EMAIL.test(value) ? undefined : messages.referralEmailInvalid

// --- Passwords: never trimmed, because a space can be part of a password.

const required =
  (message: string) =>
  (value: string): Validation =>
    value === "" ? message : undefined

export const validateLoginPassword = required(messages.passwordRequired)
export const validateCurrentPassword = required(messages.currentPasswordRequired)
export const validateCurrentPasswordForEmailChange = required(
  messages.currentPasswordForEmailRequired,
)

const SPECIAL = /[#?.,!@£$%^&*+=-]/

export const isStrongPassword = (value: string): boolean =>
  value.length >= MIN_PASSWORD_LENGTH &&
  /[A-Z]/.test(value) &&
  /[a-z]/.test(value) &&
  /[0-9]/.test(value) &&
  SPECIAL.test(value)

export const validateNewPassword = (value: string): Validation => {
  if (value === "") return messages.newPasswordRequired
  if (!isStrongPassword(value)) return messages.newPasswordWeak
  return undefined
}

export const validateConfirmPassword = (confirm: string, password: string): Validation => {
  if (confirm === "") return messages.confirmPasswordRequired
  if (confirm !== password) return messages.confirmPasswordMismatch
  return undefined
}

export const validateConfirmNewPassword = (confirm: string, newPassword: string): Validation => {
  if (confirm === "") return messages.confirmPasswordRequired
  if (confirm !== newPassword) return messages.confirmNewPasswordMismatch
  return undefined
}

// --- Names, address, message

const validateName =
  (requiredMessage: string, asAccountName: boolean) =>
  (value: string): Validation => {
    const name = value.trim()
    if (name === "") return requiredMessage
    if (name.length > MAX_NAME_LENGTH) return messages.nameTooLong
    // People paste their email into the first box they see; an @ is never in a name.
    if (name.includes("@")) return messages.nameIsEmail
    // An account's name goes into emails to others and onto the winners' page: no digits,
    // links or messages in it.
    if (asAccountName && !NAME_CHARACTERS.test(name)) return messages.nameCharacters
    return undefined
  }

/** Letters of any alphabet with their accents, then spaces, hyphens and apostrophes too. */
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M} '’-]*$/u

/** A customer's, a member of staff's or a postal entrant's name. */
export const validateFirstName = validateName(messages.firstNameRequired, true)
export const validateLastName = validateName(messages.lastNameRequired, true)

/**
 * Whoever writes to customer care signs as they like: their words reach
 * only staff, and a message from "Team 2" is still one to answer.
 */
export const validateSenderFirstName = validateName(messages.firstNameRequired, false)
export const validateSenderLastName = validateName(messages.lastNameRequired, false)

export const validateAddressLine1 = (value: string): Validation => {
  const line = value.trim()
  if (line === "") return messages.addressLine1Required
  if (line.length > MAX_ADDRESS_LINE_LENGTH) return messages.addressLine1TooLong
  return undefined
}

export const validateMessage = (value: string): Validation =>
  isBlank(value) ? messages.messageRequired : undefined

export const validateAcceptTerms = (accepted: boolean): Validation =>
  accepted ? undefined : messages.acceptTermsRequired

// --- Telephone

// Spaces are allowed anywhere for readability, so they are ignored by the shapes.
const UK_TELEPHONE_SHAPES = [
  /^0\d{9,10}$/,
  /^\+44\d{9,10}$/,
  /^\+44\(0\)\d{9,10}$/,
  /^\+440\d{9,10}$/,
  /^\(\+44\)0?\d{9,10}$/,
]

export const validateTelephone = (value: string): Validation => {
  if (isBlank(value)) return messages.telephoneRequired
  if (value.length > MAX_TELEPHONE_LENGTH || /[^0-9+() ]/.test(value))
    return messages.telephoneInvalid
  const compact = value.replace(/ /g, "")
  return UK_TELEPHONE_SHAPES.some((shape) => shape.test(compact))
    ? undefined
    : messages.telephoneInvalid
}

// --- Postcode

// Royal Mail's outward codes (A9, A99, AA9, AA99, A9A, AA9A; no I or Z as the
// second letter) then the inward code 9AA, plus the Girobank oddity GIR 0AA.
const UK_POSTCODE =
  /^(GIR ?0AA|(([A-Z][0-9]{1,2})|([A-Z][A-HJ-Y][0-9]{1,2})|([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9][A-Z]?)) ?[0-9][A-Z]{2})$/i

export const validatePostcode = (value: string): Validation => {
  const postcode = value.trim()
  if (postcode === "") return messages.postcodeRequired
  if (postcode.length > MAX_POSTCODE_LENGTH || !UK_POSTCODE.test(postcode))
    return messages.postcodeInvalid
  return undefined
}

// --- Date of birth

interface CalendarDate {
  readonly year: number
  readonly month: number
  readonly day: number
}

/** Reads "yyyy-mm-dd" as a real calendar date; "2001-02-30" is not one. */
export const parseIsoDate = (value: string): CalendarDate | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim())
  if (!match) return undefined
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  const real =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day
  return real ? { year, month, day } : undefined
}

const compareDates = (a: CalendarDate, b: CalendarDate): number =>
  a.year - b.year || a.month - b.month || a.day - b.day

/**
 * Age is counted on London's calendar: the shop is British and the server
 * runs on UTC. Comparing (birth year + 18, month, day) with today means a
 * 29 February birthday comes of age on 1 March in a common year, as in UK law.
 */
export const validateDateOfBirth = (value: string, today: Date): Validation => {
  const birth = parseIsoDate(value)
  if (!birth) return messages.dateOfBirthRequired
  const earliest = parseIsoDate(EARLIEST_DATE_OF_BIRTH)
  if (earliest && compareDates(birth, earliest) < 0) return messages.dateOfBirthTooOld
  const comingOfAge = { ...birth, year: birth.year + MINIMUM_AGE }
  if (compareDates(comingOfAge, zonedParts(today)) > 0) return messages.dateOfBirthTooYoung
  return undefined
}

// --- Registration

export interface RegistrationInput {
  firstName: string
  lastName: string
  emailAddress: string
  password: string
  confirmPassword: string
  telephoneNumber: string
  dateOfBirth: string
  acceptTerms: boolean
}

export type RegistrationErrors = Partial<Record<keyof RegistrationInput, string>>

/** A new account's password must be as strong as a changed one. */
export const validateRegistration = (input: RegistrationInput, today: Date): RegistrationErrors => {
  const results: Record<keyof RegistrationInput, Validation> = {
    firstName: validateFirstName(input.firstName),
    lastName: validateLastName(input.lastName),
    emailAddress: validateEmail(input.emailAddress),
    password: validateNewPassword(input.password),
    confirmPassword: validateConfirmPassword(input.confirmPassword, input.password),
    telephoneNumber: validateTelephone(input.telephoneNumber),
    dateOfBirth: validateDateOfBirth(input.dateOfBirth, today),
    acceptTerms: validateAcceptTerms(input.acceptTerms),
  }
  const errors: RegistrationErrors = {}
  for (const [field, error] of Object.entries(results) as [keyof RegistrationInput, Validation][]) {
    if (error !== undefined) errors[field] = error
  }
  return errors
}
