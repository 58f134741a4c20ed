/**
 * The contact form (docs/product/screens.md, docs/product/entities.md's Contact model,
 * docs/product/validation.md's rules), shared by the
 * storefront's page and the server so both say the same words. Pure: no
 * Effect, so it tree-shakes into the page.
 */
import {
  isEmailAddress,
  MAX_EMAIL_LENGTH,
  messages,
  stripInvalidEmailCharacters,
  stripInvalidTelephoneCharacters,
  trimText,
  validateEmail,
  validateMessage,
  validateSenderFirstName,
  validateSenderLastName,
  validateTelephone,
} from "./validation.js"

/**
 * Long enough for any real complaint or question (about a thousand words),
 * short enough that the form is no way to post a book to the care mailbox.
 */
export const MAX_CONTACT_MESSAGE_LENGTH = 5000

export const contactMessages = {
  messageTooLong: `Please keep your message to ${MAX_CONTACT_MESSAGE_LENGTH.toLocaleString("en-GB")} characters or fewer.`,
  /** docs/product/errors.md's words, with the brand's name. */
  thanks: (brandName: string) => `Thank you for contacting ${brandName}`,
  replySoon: "It won't be long until we reply.",
  failure:
    "Sorry, we weren't able to pass on your message at this time. Please try again soon, or mail us here.",
} as const

/** docs/product/entities.md's Contact model, as typed. */
export interface ContactForm {
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly telephoneNumber: string
  readonly message: string
}

export type ContactErrors = Partial<Record<keyof ContactForm, string>>

export const validateContactEmail = (value: string): string | undefined =>
  validateEmail(value) ?? (value.length > MAX_EMAIL_LENGTH ? messages.emailInvalid : undefined)

export const validateContactMessage = (value: string): string | undefined =>
  validateMessage(value) ??
  (value.trim().length > MAX_CONTACT_MESSAGE_LENGTH ? contactMessages.messageTooLong : undefined)

/**
 * docs/product/validation.md's clean-ups: text trimmed, invalid characters stripped from the
 * email and telephone. Line breaks inside the message are the customer's
 * and stay; only its ends are trimmed.
 */
export const cleanContactForm = (form: ContactForm): ContactForm => ({
  firstName: trimText(form.firstName),
  lastName: trimText(form.lastName),
  email: stripInvalidEmailCharacters(form.email),
  telephoneNumber: trimText(stripInvalidTelephoneCharacters(form.telephoneNumber)),
  message: trimText(form.message),
})

/** Every field's first error; an empty object when the form may be sent. */
export const validateContactForm = (form: ContactForm): ContactErrors => {
  const results: Record<keyof ContactForm, string | undefined> = {
    firstName: validateSenderFirstName(form.firstName),
    lastName: validateSenderLastName(form.lastName),
    email: validateContactEmail(form.email),
    telephoneNumber: validateTelephone(form.telephoneNumber),
    message: validateContactMessage(form.message),
  }
  return Object.fromEntries(
    Object.entries(results).filter(([, error]) => error !== undefined),
  ) as ContactErrors
}

export type ReadContactForm =
  | { readonly _tag: "Valid"; readonly form: ContactForm }
  | { readonly _tag: "Invalid"; readonly errors: ContactErrors }

/** Cleans, then judges: what a server stores is always what the rules accept. */
export const readContactForm = (typed: ContactForm): ReadContactForm => {
  const form = cleanContactForm(typed)
  const errors = validateContactForm(form)
  return Object.keys(errors).length === 0 ? { _tag: "Valid", form } : { _tag: "Invalid", errors }
}

/**
 * A mailto: link, or "" when the address is not one: an address that fails
 * the email rule can carry other headers or a script-like scheme.
 */
export const mailtoLink = (address: string, subject?: string): string =>
  isEmailAddress(address)
    ? `mailto:${address.split("@").map(encodeURIComponent).join("@")}${subject === undefined ? "" : `?subject=${encodeURIComponent(subject)}`}`
    : ""
