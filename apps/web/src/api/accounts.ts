import type { PayloadOf } from "@howzat/api-client"
import type { HONEY_POT_FIELD, RegistrationRequestJson } from "@howzat/contracts/customers"
import { api } from "./client"

/**
 * The account calls of docs/product/api.md that the account pages make (login, refresh
 * and logout live in auth/session.ts). A token about to expire is renewed
 * by the client before the calls that need the customer.
 */

/** The honey-pot's name on the wire (contracts' HONEY_POT_FIELD), checked by the compiler. */
export const HONEY_POT: typeof HONEY_POT_FIELD = "website"

/** Links in emails lead back to this site: the server keeps only their origin and path. */
const siteUrl = (path = "/") => new URL(path, window.location.origin).toString()

export const register = (body: Omit<RegistrationRequestJson, "emailVerificationReturnUrl">) =>
  api.customers.register({ payload: { ...body, emailVerificationReturnUrl: siteUrl() } })

export const verifyEmail = (token: string) => api.auth.verifyEmail({ payload: { token } })

/** Another verification email to the signed-in account's address; rate-limited (429 says when). */
export const resendVerificationEmail = () =>
  api.auth.resendVerificationEmail({ payload: { emailVerificationReturnUrl: siteUrl() } })

export const forgotPassword = (email: string) =>
  api.auth.forgotPassword({ payload: { email, returnUrl: siteUrl("/Auth/ForgotPassword") } })

export const resetPassword = (body: PayloadOf<"auth", "resetPassword">) =>
  api.auth.resetPassword({ payload: body })

export const changeEmailAddress = (
  body: Omit<PayloadOf<"auth", "changeEmailAddress">, "emailVerificationReturnUrl">,
) => api.auth.changeEmailAddress({ payload: { ...body, emailVerificationReturnUrl: siteUrl() } })

export const changePassword = (body: PayloadOf<"auth", "changePassword">) =>
  api.auth.changePassword({ payload: body })

export const getCustomer = (customerId: string, signal?: AbortSignal) =>
  api.customers.byId({ path: { customerId }, signal })

export const updateCustomer = (customerId: string, body: PayloadOf<"customers", "update">) =>
  api.customers.update({ path: { customerId }, payload: body })
