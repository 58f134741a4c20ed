/**
 * The storefront's instance of the shared API client and session
 * (@howzat/api-client, docs/decisions/0030 and 0100), with what is the
 * storefront's own handed in: only customer accounts sign in here, its hint
 * key, and failures logged to the console (docs/product/errors.md).
 */
import { createSession } from "@howzat/api-client"

export { ApiError, type ApiErrorKind, isApiError, problemFromResponse } from "@howzat/api-client"

/** docs/product/states.md: a login whose user has no customerId is logged out again and is a failed login. */
export class NotACustomerError extends Error {
  override readonly name = "NotACustomerError"
  constructor() {
    super("This account is not a customer account.")
  }
}

export const session = createSession({
  hintKey: "howzat-session",
  admits: (user) => user.customerId !== null,
  refused: () => new NotACustomerError(),
  onRefreshFailed: (error) => console.error("Refreshing the access token failed", error),
  onRevokeFailed: (error) => console.warn("Logging out on the server failed", error),
})

export const api = session.api
