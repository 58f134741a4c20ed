/**
 * The complaints page's plain logic: the blank form, and what a failed send
 * means (a 400 naming fields is the customer's to fix; anything else is ours).
 */
import type { ComplaintForm } from "@howzat/core/rules"
import { ApiError } from "../api/client"

export interface ComplaintValues extends ComplaintForm {
  honeyPot: string
}

export const blankComplaint: ComplaintValues = {
  name: "",
  email: "",
  orderNumber: "",
  category: "",
  description: "",
  honeyPot: "",
}

type ComplaintField = keyof ComplaintForm

const COMPLAINT_FIELDS: readonly ComplaintField[] = [
  "name",
  "email",
  "orderNumber",
  "category",
  "description",
]

export type ComplaintFailure =
  | { readonly kind: "fields"; readonly errors: Partial<Record<ComplaintField, string>> }
  /** Nothing the customer can fix: network down, the limit, the server. */
  | { readonly kind: "notTaken"; readonly detail: string | undefined }

export const complaintFailure = (error: unknown): ComplaintFailure => {
  if (error instanceof ApiError && error.status === 400) {
    const named = error.problem?.errors
    const errors: Partial<Record<ComplaintField, string>> = {}
    if (named && typeof named === "object")
      for (const field of COMPLAINT_FIELDS) {
        const messages = (named as Record<string, unknown>)[field]
        if (Array.isArray(messages) && typeof messages[0] === "string") errors[field] = messages[0]
      }
    if (Object.keys(errors).length > 0) return { kind: "fields", errors }
  }
  // The rate limit's own words say when to try again.
  const detail = error instanceof ApiError && error.status === 429 ? error.detail : undefined
  return { kind: "notTaken", detail }
}

/** A signed-in customer's name and email, filled in only where still empty. */
export const prefillComplaint = (
  values: ComplaintValues,
  known: { readonly name?: string | null; readonly email?: string | null },
): ComplaintValues => {
  const fill = (current: string, value: string | null | undefined) =>
    current.trim() === "" && value ? value : current
  return { ...values, name: fill(values.name, known.name), email: fill(values.email, known.email) }
}
