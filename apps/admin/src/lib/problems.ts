/**
 * What went wrong, in words for staff. The API's problems (RFC 9457) carry a
 * title and a detail; a 400 may name fields in `errors`, which a form shows
 * beside each field.
 */
import { ApiError } from "../api"

export const errorMessage = (error: unknown): string => {
  if (error instanceof ApiError) {
    if (error.unreachable)
      return "The server could not be reached. Check the connection and try again."
    if (error.status === 403) return "Your role does not allow this. Ask an Admin."
    return error.detail || error.title
  }
  if (error instanceof Error && error.message) return error.message
  return "Something went wrong. Please try again."
}

/** A 400's field messages, keyed by field name (first message each). */
export const fieldErrors = (error: unknown): Record<string, string> => {
  const errors = error instanceof ApiError ? error.problem?.errors : undefined
  const out: Record<string, string> = {}
  if (errors && typeof errors === "object") {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      if (Array.isArray(messages) && typeof messages[0] === "string") out[field] = messages[0]
    }
  }
  return out
}
