import type { Pence } from "../rules/money.js"

/**
 * Who may sign in and what they are. A customer is a user with a customer
 * record (and so a customerId); staff and admins have none, which is how the
 * storefront tells a customer session from a back-office one (docs/product/states.md).
 */
export type Role = "Customer" | "Staff" | "Admin"

export interface User {
  readonly id: string
  /** As the person typed it; compared case-insensitively. */
  readonly emailAddress: string
  readonly firstName: string
  readonly lastName: string
  readonly role: Role
  readonly customerId: string | null
  readonly emailVerified: boolean
}

/** A user as the repository holds it: with the argon2id hash, never the password. */
export interface UserWithPassword extends User {
  readonly passwordHash: string
}

export interface Address {
  readonly line1: string
  readonly line2: string
  readonly city: string
  readonly county: string
  /** Stored upper case (docs/product/validation.md). */
  readonly postCode: string
}

export interface MarketingPreferences {
  readonly allowMarketingByEmail: boolean
  readonly allowMarketingByPhone: boolean
  readonly allowMarketingByText: boolean
  readonly allowMarketingByPost: boolean
}

export interface Customer extends MarketingPreferences {
  readonly customerId: string
  readonly userId: string
  readonly firstName: string
  readonly lastName: string
  readonly email: string
  readonly emailVerified: boolean
  /** A calendar date, "yyyy-mm-dd": a birthday has no time zone. */
  readonly dateOfBirth: string
  readonly telephoneNumber: string
  readonly defaultBillingAddress: Address | null
  readonly defaultShippingAddress: Address | null
  readonly siteCreditAccountBalance: Pence
}

/** What a customer may change on their own record; the email has its own verified flow. */
export interface CustomerDetails extends MarketingPreferences {
  readonly firstName: string
  readonly lastName: string
  readonly dateOfBirth: string
  readonly telephoneNumber: string
  readonly defaultBillingAddress: Address | null
  readonly defaultShippingAddress: Address | null
}

export interface NewCustomerAccount extends MarketingPreferences {
  readonly emailAddress: string
  readonly passwordHash: string
  readonly firstName: string
  readonly lastName: string
  readonly dateOfBirth: string
  readonly telephoneNumber: string
}

export interface CustomerQuery {
  readonly firstName?: string | undefined
  readonly lastName?: string | undefined
  readonly email?: string | undefined
  readonly page: { readonly pageNumber: number; readonly pageSize: number }
}

/**
 * Who is calling, as read from a verified access token. Deliberately small:
 * everything in it is in the token, so checking it needs no database.
 */
export interface Principal {
  readonly userId: string
  readonly role: Role
  readonly customerId: string | null
  readonly email: string
  readonly name: string
}

export type OneTimeTokenPurpose = "VerifyEmail" | "ResetPassword" | "Login"

/**
 * Who is asking, as far as the edge can tell. Rate limits count per client
 * address; a browser's refresh token can vouch for it while its account is
 * throttled (decision 0013).
 */
export interface Caller {
  /** The client's network address; undefined when unknown (then only per-account limits apply). */
  readonly address?: string | undefined
  /** The refresh token the caller's browser holds, if any. */
  readonly refreshToken?: string | undefined
}

/**
 * A signed-in session as handed to the edge: the access token for the body,
 * the refresh token for the httpOnly cookie (never the body).
 */
export interface Session {
  readonly user: User
  readonly accessToken: string
  readonly accessTokenExpiresAt: Date
  readonly refreshToken: string
  readonly refreshTokenExpiresAt: Date
}

export interface MailMessage {
  /** What the message is for, kept with it in the outbox (and shown in the dev mailbox). */
  readonly kind:
    | "VerifyEmail"
    | "ResetPassword"
    | "LoginLink"
    | "EmailChanged"
    | "PasswordChanged"
    /** To the owner of an address another account tried to change to (decision 0013). */
    | "EmailInUse"
    | "OrderConfirmation"
    | "DrawWinner"
    /** "You've won an instant prize": one per paid order whose tickets won any. */
    | "InstantWin"
    /** A new staff member's link to choose their password. */
    | "StaffInvitation"
    /** To an Admin whose second factor ten wrong codes locked (decision 0064). */
    | "SecondFactorLocked"
    /** A contact-form message, to the brand's customer-care address. */
    | "ContactMessage"
    /** "Thank you for contacting ...", to whoever sent the contact form. */
    | "ContactAcknowledgement"
    /** A customer's invitation to a friend, with their referral link (decision 0039). */
    | "ReferralInvitation"
    /** Confirms a customer's break (cool-off or self-suspension, decision 0043). */
    | "AccountPaused"
    /** Confirms a customer's account closure (decision 0043). */
    | "AccountClosed"
    /** A complaint's acknowledgement with its reference and timelines (decision 0044). */
    | "ComplaintAcknowledgement"
    /** A new complaint, to the brand's customer-care address. */
    | "ComplaintReceived"
  readonly to: string
  readonly subject: string
  readonly text: string
  readonly html: string
}
