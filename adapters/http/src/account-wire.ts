import type { AuthResponseJson } from "@howzat/contracts/auth"
import type { CustomerJson } from "@howzat/contracts/customers"
import type { Customer, Session, User } from "@howzat/core/accounts"
import { fullName } from "@howzat/core/rules"

export const userToWire = (user: User): AuthResponseJson["user"] => ({
  firstName: user.firstName,
  lastName: user.lastName,
  emailAddress: user.emailAddress,
  email: user.emailAddress,
  role: user.role,
  customerId: user.customerId,
  emailVerified: user.emailVerified,
})

/** The body of a sign-in; the refresh token goes in the cookie, never here. */
export const sessionToWire = (session: Session): AuthResponseJson => ({
  user: userToWire(session.user),
  accessToken: session.accessToken,
})

export const customerToWire = (customer: Customer): CustomerJson => ({
  customerId: customer.customerId,
  firstName: customer.firstName,
  lastName: customer.lastName,
  fullName: fullName(customer.firstName, customer.lastName),
  dateOfBirth: customer.dateOfBirth,
  telephoneNumber: customer.telephoneNumber,
  email: customer.email,
  emailVerified: customer.emailVerified,
  defaultBillingAddress: customer.defaultBillingAddress && { ...customer.defaultBillingAddress },
  defaultShippingAddress: customer.defaultShippingAddress && { ...customer.defaultShippingAddress },
  allowMarketingByEmail: customer.allowMarketingByEmail,
  allowMarketingByPhone: customer.allowMarketingByPhone,
  allowMarketingByText: customer.allowMarketingByText,
  allowMarketingByPost: customer.allowMarketingByPost,
  siteCreditAccountBalance: customer.siteCreditAccountBalance,
})
