/**
 * The back office's instance of the shared API client and session
 * (@howzat/api-client, docs/decisions/0030 and 0100), with what is the back
 * office's own handed in: only staff sign in here, and its hint key.
 */
import { createSession } from "@howzat/api-client"

export { ApiError, isApiError } from "@howzat/api-client"

export class NotStaffError extends Error {
  override readonly name = "NotStaffError"
  constructor() {
    super("This is a customer account. Sign in with a staff account.")
  }
}

export const session = createSession({
  // Not the storefront's key: signing out of one app leaves the other's hint alone.
  hintKey: "howzat-staff-session",
  admits: (user) => user.role !== "Customer",
  refused: () => new NotStaffError(),
})

export const api = session.api
