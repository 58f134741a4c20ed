/**
 * The account rules that are plain functions: lifetimes of the tokens, which
 * links may go into an email, how email addresses compare, and the checks of
 * each account form built from docs/product/validation.md's validators. Free of Effect so the
 * storefront can import them.
 */
import {
  MAX_ADDRESS_LINE_LENGTH,
  messages,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
  trimText,
  validateAddressLine1,
  validateConfirmNewPassword,
  validateConfirmPassword,
  validateCurrentPassword,
  validateCurrentPasswordForEmailChange,
  validateDateOfBirth,
  validateEmail,
  validateFirstName,
  validateLastName,
  validateLoginPassword,
  validateNewEmail,
  validateNewPassword,
  validatePostcode,
  validateTelephone,
} from "./validation.js"

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

/** Short, so a stolen access token is worth little; the storefront refreshes a minute before. */
export const ACCESS_TOKEN_LIFETIME_MS = 15 * MINUTE_MS
export const REFRESH_TOKEN_LIFETIME_MS = 14 * DAY_MS
export const EMAIL_VERIFICATION_LIFETIME_MS = 48 * HOUR_MS
export const PASSWORD_RESET_LIFETIME_MS = HOUR_MS
export const LOGIN_LINK_LIFETIME_MS = 15 * MINUTE_MS
/**
 * Longer than a forgotten-password link's hour: a new colleague may not read
 * their mail the moment they are added. Once it lapses, "Forgot password"
 * sends them an ordinary reset link.
 */
export const STAFF_INVITATION_LIFETIME_HOURS = 48

/** Wording the API adds to docs/product/validation.md's, for outcomes the forms cannot judge. */
export const accountMessages = {
  loginFailed: "Login failed - please check username and password are correct",
  currentPasswordIncorrect: "The current password is not correct.",
  notYourEmailAddress: "This is not the email address of the account you are logged in to.",
  emailAlreadyRegistered: "An account with this email address already exists.",
  linkInvalid: "This link is invalid, has expired or has already been used.",
  sessionEnded: "Your session has ended. Please log in again.",
  notLoggedIn: "Please log in to do this.",
  staffOnly: "Only staff may do this.",
  noSuchCustomer: "no such customer",
  emailVerified: "Your email address has been verified.",
  resetLinkSent:
    "If an account exists for that email address, we have emailed it a link to reset the password.",
  loginLinkSent:
    "If an account exists for that email address, we have emailed it a link to log in.",
  passwordReset: "Your password has been reset.",
  emailChanged:
    "Your email address has been changed. You will need to use your new email address the next time you log in. A verification email has been sent to your new address to allow you to verify it.",
  passwordChanged:
    "Your password has been changed. You will need to use your new password the next time you log in.",
  loggedOut: "You have been logged out.",
  customerIdMismatch: "The customer id in the body is not the one in the path.",
  alreadyVerified: "Your email address is already verified.",
} as const

/** Registration's and "Resend"'s answer: to which address the link went. */
export const verificationEmailSentMessage = (emailAddress: string): string =>
  `We've sent a verification email to ${emailAddress}. Please click the link in it to verify your address.`

export const tooManyAttemptsMessage = (retryAfterSeconds: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`
}

// --- Email addresses

/**
 * Mailboxes are matched case-insensitively (the database enforces it with a
 * unique index on lower(email)); the address is kept as the customer typed it.
 */
export const normaliseEmail = (email: string): string =>
  stripInvalidEmailCharacters(email).toLowerCase()

export const sameEmail = (a: string, b: string): boolean => normaliseEmail(a) === normaliseEmail(b)

export const fullName = (firstName: string, lastName: string): string =>
  `${firstName} ${lastName}`.trim()

/** docs/product/states.md: a login whose user has no customerId is no customer session. */
export const isCustomerSession = (user: { readonly customerId: string | null }): boolean =>
  user.customerId !== null

// --- Links in emails

const originOf = (url: string): string | undefined => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/** "//" and "/\\" look like paths but are hosts to a URL parser, and empty ones at that. */
const parseUrl = (text: string, base: string): URL | undefined => {
  try {
    return new URL(text, base)
  } catch {
    return undefined
  }
}

/**
 * The address a link in an email may point to. A return URL from the request
 * is used only if it is on the shop's own origin, so nobody can have the shop
 * mail a customer a genuine token inside a link to somebody else's site;
 * anything else becomes `fallbackPath` on the shop's origin.
 */
export const safeReturnUrl = (
  candidate: string | undefined,
  shopOrigin: string,
  fallbackPath: string,
): string => {
  const origin = originOf(shopOrigin)
  if (origin === undefined) throw new RangeError(`Not an http(s) origin: ${shopOrigin}`)
  const text = candidate?.trim() ?? ""
  // A path is read on the shop's origin; the origin check below still catches
  // "//evil.example" and "/\\evil.example", which browsers treat as other hosts.
  const url = text.startsWith("/") || originOf(text) ? parseUrl(text, origin) : undefined
  if (url !== undefined && url.origin === origin) {
    url.hash = ""
    return url.toString()
  }
  return new URL(fallbackPath, origin).toString()
}

/** `base` with `token` set as its query parameter, replacing any token already there. */
export const linkWithToken = (base: string, token: string): string => {
  const url = new URL(base)
  url.searchParams.set("token", token)
  return url.toString()
}

// --- Fixed-window rate limits

export interface RateLimit {
  readonly max: number
  readonly windowMs: number
}

/** The window `now` falls in: windows are aligned to the epoch so every server agrees. */
export const fixedWindow = (nowMs: number, windowMs: number): { start: number; end: number } => {
  const start = Math.floor(nowMs / windowMs) * windowMs
  return { start, end: start + windowMs }
}

/** Whole seconds until the window ends, at least one (a Retry-After of 0 invites a hot loop). */
export const retryAfterSeconds = (nowMs: number, windowEndMs: number): number =>
  Math.max(1, Math.ceil((windowEndMs - nowMs) / 1000))

/** The 8 groups of an IPv6 address, or undefined when it isn't one. */
const ipv6Groups = (address: string): number[] | undefined => {
  let host: string
  try {
    // The URL parser knows every spelling (compressed, upper case, an IPv4 tail)
    // and writes one: lower case, "::" for the longest zero run, hex only.
    host = new URL(`http://[${address}]/`).hostname.slice(1, -1)
  } catch {
    return undefined
  }
  const [head = "", tail] = host.split("::")
  const left = head === "" ? [] : head.split(":")
  const right = tail === undefined || tail === "" ? [] : tail.split(":")
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length
  return [...left, ...Array<string>(zeros).fill("0"), ...right].map((g) => Number.parseInt(g, 16))
}

/**
 * Who an address stands for in per-address rate limits. An IPv4 address is
 * itself (also when written as IPv4-mapped IPv6). An IPv6 address counts as
 * its /64: that is one household's or one phone's network, and a host that
 * has one can use any of its 2^64 addresses, so counting single addresses
 * would limit nobody (decision 0014). Anything else is kept as given.
 */
export const rateLimitAddress = (address: string): string => {
  const text = address.trim().toLowerCase()
  const groups = text.includes(":") ? ipv6Groups(text.split("%")[0] ?? "") : undefined
  if (groups === undefined || groups.length !== 8) return text
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0] = groups
  if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && f === 0xffff)
    return `${g >> 8}.${g & 255}.${h >> 8}.${h & 255}`
  return `${[a, b, c, d].map((n) => n.toString(16)).join(":")}::/64`
}

// --- The account forms, checked on the server with docs/product/validation.md's validators

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>

const collect = <Field extends string>(
  results: Record<Field, string | undefined>,
): FieldErrors<Field> => {
  const errors: FieldErrors<Field> = {}
  for (const field of Object.keys(results) as Field[]) {
    const error = results[field]
    if (error !== undefined) errors[field] = error
  }
  return errors
}

export const hasErrors = (errors: Readonly<Record<string, string | undefined>>): boolean =>
  Object.values(errors).some((error) => error !== undefined)

export const validateLogin = (input: { email: string; password: string }) =>
  collect({ email: validateEmail(input.email), password: validateLoginPassword(input.password) })

export const validateEmailOnly = (input: { email: string }) =>
  collect({ email: validateEmail(input.email) })

export const validateResetPassword = (input: { password: string; confirmPassword: string }) =>
  collect({
    password: validateNewPassword(input.password),
    confirmPassword: validateConfirmPassword(input.confirmPassword, input.password),
  })

export const validateChangePassword = (input: {
  currentPassword: string
  newPassword: string
  confirmNewPassword: string
}) =>
  collect({
    currentPassword: validateCurrentPassword(input.currentPassword),
    newPassword: validateNewPassword(input.newPassword),
    confirmNewPassword: validateConfirmNewPassword(input.confirmNewPassword, input.newPassword),
  })

export const validateChangeEmail = (input: { newEmail: string; password: string }) =>
  collect({
    newEmail: validateNewEmail(input.newEmail),
    password: validateCurrentPasswordForEmailChange(input.password),
  })

export interface AddressInput {
  line1: string
  line2: string
  city: string
  county: string
  postCode: string
}

const optionalLine = (value: string): string | undefined =>
  value.trim().length > MAX_ADDRESS_LINE_LENGTH ? messages.addressLine1TooLong : undefined

/** Line 1 and postcode as docs/product/validation.md says; the other lines are optional but no longer than line 1. */
export const validateAddress = (address: AddressInput) =>
  collect({
    line1: validateAddressLine1(address.line1),
    line2: optionalLine(address.line2),
    city: optionalLine(address.city),
    county: optionalLine(address.county),
    postCode: validatePostcode(address.postCode),
  })

export interface CustomerDetailsInput {
  firstName: string
  lastName: string
  dateOfBirth: string
  telephoneNumber: string
  defaultBillingAddress: AddressInput | null
  defaultShippingAddress: AddressInput | null
}

/**
 * The personal and address pages save one customer model (docs/product/screens.md). Address
 * errors are named like `defaultBillingAddress.postCode`, as the wire nests them.
 */
export const validateCustomerDetails = (
  input: CustomerDetailsInput,
  today: Date,
): Record<string, string> => {
  const errors: Record<string, string> = {
    ...collect({
      firstName: validateFirstName(input.firstName),
      lastName: validateLastName(input.lastName),
      dateOfBirth: validateDateOfBirth(input.dateOfBirth, today),
      telephoneNumber: validateTelephone(input.telephoneNumber),
    }),
  }
  for (const key of ["defaultBillingAddress", "defaultShippingAddress"] as const) {
    const address = input[key]
    if (address === null) continue
    for (const [field, error] of Object.entries(validateAddress(address))) {
      if (error !== undefined) errors[`${key}.${field}`] = error
    }
  }
  return errors
}

/** The clean-ups the storefront applies as the customer types, applied again on the server. */
export const cleanAddress = (address: AddressInput): AddressInput => ({
  line1: trimText(address.line1),
  line2: trimText(address.line2),
  city: trimText(address.city),
  county: trimText(address.county),
  postCode: trimText(address.postCode).toUpperCase(),
})

/** An address with every line blank is no address at all. */
export const isBlankAddress = (address: AddressInput): boolean =>
  Object.values(address).every((line) => line.trim() === "")

export const cleanTelephone = (value: string): string =>
  trimText(stripInvalidTelephoneCharacters(value))
