import type { AuthResponseJson, MessageResponseJson } from "@howzat/contracts/auth"
import type {
  CustomerResponseJson,
  CustomerUpdateRequestJson,
  HONEY_POT_FIELD,
  RegistrationRequestJson,
} from "@howzat/contracts/customers"
import { ensureFreshToken } from "../auth/session"
import { apiGet, apiSend } from "./client"

/**
 * The account calls of SPEC §7 that the account pages make (login, refresh
 * and logout live in auth/session.ts). Types only from the contracts.
 */

/** The honey-pot's name on the wire (contracts' HONEY_POT_FIELD), checked by the compiler. */
export const HONEY_POT: typeof HONEY_POT_FIELD = "website"

/** Links in emails lead back to this site: the server keeps only their origin and path. */
const siteUrl = (path = "/") => new URL(path, window.location.origin).toString()

export const register = (body: Omit<RegistrationRequestJson, "emailVerificationReturnUrl">) =>
  apiSend<AuthResponseJson>("POST", "/Customers", {
    ...body,
    emailVerificationReturnUrl: siteUrl(),
  })

export const verifyEmail = (token: string) =>
  apiSend<MessageResponseJson>("POST", "/auth/verify-email", { token })

export const forgotPassword = (email: string) =>
  apiSend<MessageResponseJson>("POST", "/auth/forgot-password", {
    email,
    returnUrl: siteUrl("/Auth/ForgotPassword"),
  })

export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  apiSend<MessageResponseJson>("POST", "/auth/reset-password", body)

export const changeEmailAddress = async (body: {
  currentEmail: string
  newEmail: string
  password: string
}) => {
  await ensureFreshToken()
  return apiSend<MessageResponseJson>("POST", "/auth/change-email-address", {
    ...body,
    emailVerificationReturnUrl: siteUrl(),
  })
}

export const changePassword = async (body: {
  email: string
  currentPassword: string
  newPassword: string
  confirmNewPassword: string
}) => {
  await ensureFreshToken()
  return apiSend<MessageResponseJson>("POST", "/auth/change-password", body)
}

const customerPath = (customerId: string) => `/Customers/${encodeURIComponent(customerId)}`

export const getCustomer = async (customerId: string, signal?: AbortSignal) => {
  await ensureFreshToken()
  return apiGet<CustomerResponseJson>(customerPath(customerId), { signal })
}

export const updateCustomer = async (customerId: string, body: CustomerUpdateRequestJson) => {
  await ensureFreshToken()
  return apiSend<CustomerResponseJson>("PUT", customerPath(customerId), body)
}
