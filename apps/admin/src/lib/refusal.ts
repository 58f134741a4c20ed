/**
 * The server's refusal in one sentence for a place with no fields to put
 * it beside (a dialog, a banner). A 400's detail is the machine-readable
 * "Validation failed: -- field: …" text, so its field messages are used.
 */
import { errorMessage, fieldErrors } from "./problems"

export const refusalText = (error: unknown): string => {
  const messages = Object.values(fieldErrors(error))
  return messages.length > 0 ? messages.join(" ") : errorMessage(error)
}
