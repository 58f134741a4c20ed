/**
 * The contact page's plain logic: what a signed-in customer's form starts
 * with, and what a failed send means for the page (docs/product/errors.md: the failure
 * wording only when delivery really failed; a 400 is the customer's to fix).
 */

import type { ContactRequestJson } from "@howzat/contracts/contact"
import {
  type ContactForm,
  trimText,
  validateContactEmail,
  validateContactMessage,
  validateSenderFirstName,
  validateSenderLastName,
  validateTelephone,
} from "@howzat/core/rules"
import { HONEY_POT } from "../api/accounts"
import { ApiError } from "../api/client"
import type { Rules } from "./form-rules"

export interface ContactValues extends ContactForm {
  honeyPot: string
}

export const blankContact: ContactValues = {
  firstName: "",
  lastName: "",
  email: "",
  telephoneNumber: "",
  message: "",
  honeyPot: "",
}

type ContactField = keyof ContactForm

const CONTACT_FIELDS: readonly ContactField[] = [
  "firstName",
  "lastName",
  "email",
  "telephoneNumber",
  "message",
]

export type SendFailure =
  /** The server named fields to fix: their messages go under them. */
  | { readonly kind: "fields"; readonly errors: Partial<Record<ContactField, string>> }
  /** Nothing the customer can fix: network down, the limit, the server. */
  | { readonly kind: "undelivered" }

/** Reads a failed send. A 400 that names none of the form's fields is not the customer's to fix. */
export const sendFailure = (error: unknown): SendFailure => {
  if (error instanceof ApiError && error.status === 400) {
    const named = error.problem?.errors
    const errors: Partial<Record<ContactField, string>> = {}
    if (named && typeof named === "object") {
      for (const field of CONTACT_FIELDS) {
        const messages = (named as Record<string, unknown>)[field]
        if (Array.isArray(messages) && typeof messages[0] === "string") errors[field] = messages[0]
      }
    }
    if (Object.keys(errors).length > 0) return { kind: "fields", errors }
  }
  return { kind: "undelivered" }
}

/**
 * What a signed-in customer need not type again: fills only the fields
 * still empty, so nothing already typed is overwritten.
 */
export const prefillContact = (
  values: ContactValues,
  known: Partial<Record<"firstName" | "lastName" | "email" | "telephoneNumber", string | null>>,
): ContactValues => {
  const fill = (current: string, value: string | null | undefined) =>
    current.trim() === "" && value ? value : current
  return {
    ...values,
    firstName: fill(values.firstName, known.firstName),
    lastName: fill(values.lastName, known.lastName),
    email: fill(values.email, known.email),
    telephoneNumber: fill(values.telephoneNumber, known.telephoneNumber),
  }
}

/** Each field's rule, in the order the fields appear. */
export const contactRules: Rules<ContactValues> = {
  firstName: (value) => validateSenderFirstName(value),
  lastName: (value) => validateSenderLastName(value),
  email: (value) => validateContactEmail(value),
  telephoneNumber: (value) => validateTelephone(value),
  message: (value) => validateContactMessage(value),
}

/** What sending the message posts: names, phone and message trimmed, the honey-pot as it is. */
export const contactRequest = (value: ContactValues): ContactRequestJson => ({
  firstName: trimText(value.firstName),
  lastName: trimText(value.lastName),
  email: value.email,
  telephoneNumber: trimText(value.telephoneNumber),
  message: trimText(value.message),
  [HONEY_POT]: value.honeyPot,
})
