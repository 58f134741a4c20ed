import { Schema } from "effect"
import { boundedString } from "./text.js"

/** Far above any name, address or password the rules allow: the rules, not this, give docs/product/validation.md's words. */
export const MAX_TEXT_LENGTH = 1000
/** Return URLs and other links a caller names. */
export const MAX_URL_LENGTH = 2000

/**
 * The auth calls of docs/product/api.md. Text fields default to "" when left out, so a
 * missing field is answered with docs/product/validation.md's own message by the server's
 * checks rather than a schema's "is missing".
 */
export const Text = Schema.optionalWith(boundedString(MAX_TEXT_LENGTH), { default: () => "" })

export const ReturnUrl = Schema.optional(boundedString(MAX_URL_LENGTH))

export const Role = Schema.Literal("Customer", "Staff", "Admin")

export const AuthUser = Schema.Struct({
  firstName: Schema.String,
  lastName: Schema.String,
  emailAddress: Schema.String,
  /** The same address again: docs/product/entities.md says the login response's user "has email". */
  email: Schema.String,
  role: Role,
  /** Null for staff and admins: the storefront treats such a login as a failure (docs/product/states.md). */
  customerId: Schema.NullOr(Schema.String),
  emailVerified: Schema.Boolean,
})

/**
 * Every call that signs someone in answers with this and sets the refresh
 * token as the httpOnly `howzat_refresh` cookie; the access token is a JWT
 * whose `exp` claim the storefront reads to refresh a minute early.
 */
export const AuthResponse = Schema.Struct({ user: AuthUser, accessToken: Schema.String })
export type AuthResponseJson = typeof AuthResponse.Encoded

/** Calls with nothing to return say what happened, in words the storefront may show. */
export const MessageResponse = Schema.Struct({ message: Schema.String })
export type MessageResponseJson = typeof MessageResponse.Encoded

export const AuthenticateRequest = Schema.Struct({ email: Text, password: Text })

export const TokenRequest = Schema.Struct({ token: Text })

export const ForgotPasswordRequest = Schema.Struct({
  email: Text,
  /** The reset page, on this shop's own site; the emailed link is it plus `?token=`. */
  returnUrl: ReturnUrl,
})

export const ResetPasswordRequest = Schema.Struct({
  token: Text,
  password: Text,
  confirmPassword: Text,
})

export const RequestLoginTokenRequest = Schema.Struct({ email: Text })

export const ChangeEmailAddressRequest = Schema.Struct({
  currentEmail: Text,
  newEmail: Text,
  password: Text,
  /** The site's origin; the verification link is `${origin}/?token=` (Home verifies it). */
  emailVerificationReturnUrl: ReturnUrl,
})

/** Another verification email for the signed-in account; the link leads to the site's origin. */
export const ResendVerificationRequest = Schema.Struct({
  emailVerificationReturnUrl: ReturnUrl,
})

export const ChangePasswordRequest = Schema.Struct({
  email: Text,
  currentPassword: Text,
  newPassword: Text,
  confirmNewPassword: Text,
})
