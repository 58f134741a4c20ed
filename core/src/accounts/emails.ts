import type { BrandShape } from "../brand.js"
import { EMAIL_VERIFICATION_LIFETIME_MS } from "../rules/auth.js"
import { hoursText } from "../rules/dates.js"
import { linkBlock, paragraph, renderEmail } from "../rules/email-layout.js"
import type { MailMessage } from "./model.js"

/**
 * The account emails: the greeting, a few paragraphs, perhaps one link and
 * a closing line, through the shop's one layout (rules/email-layout). Links
 * are absolute and already checked to be on the shop's own site (rules/auth
 * safeReturnUrl).
 */

interface Letter {
  readonly kind: MailMessage["kind"]
  readonly to: string
  readonly subject: string
  readonly greeting: string
  readonly paragraphs: readonly string[]
  readonly link?: { readonly url: string; readonly label: string }
  readonly closing?: string
}

const compose = (brand: BrandShape, letter: Letter): MailMessage =>
  renderEmail(brand, {
    kind: letter.kind,
    to: letter.to,
    subject: letter.subject,
    blocks: [
      paragraph(letter.greeting),
      ...letter.paragraphs.map(paragraph),
      ...(letter.link ? [linkBlock(letter.link.url, letter.link.label)] : []),
      ...(letter.closing ? [paragraph(letter.closing)] : []),
    ],
    signed: true,
  })

const hello = (firstName: string) => `Hello ${firstName},`
const notYou =
  "If this wasn't you, you can ignore this email; nothing changes unless the link is used."

export const verificationEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  link: string,
): MailMessage =>
  compose(brand, {
    kind: "VerifyEmail",
    to,
    subject: `Please verify your ${brand.name} email address`,
    greeting: hello(firstName),
    paragraphs: [
      `Please confirm that this is your email address. The link works for ${hoursText(EMAIL_VERIFICATION_LIFETIME_MS / 3_600_000)}.`,
    ],
    link: { url: link, label: "Verify my email address" },
    closing: notYou,
  })

export const passwordResetEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  link: string,
): MailMessage =>
  compose(brand, {
    kind: "ResetPassword",
    to,
    subject: `Reset your ${brand.name} password`,
    greeting: hello(firstName),
    paragraphs: [
      "Someone asked to reset the password of your account. The link works once, for one hour.",
    ],
    link: { url: link, label: "Choose a new password" },
    closing: notYou,
  })

export const loginLinkEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  link: string,
): MailMessage =>
  compose(brand, {
    kind: "LoginLink",
    to,
    subject: `Your ${brand.name} login link`,
    greeting: hello(firstName),
    paragraphs: ["Here is the link you asked for. It logs you in once, within 15 minutes."],
    link: { url: link, label: "Log me in" },
    closing: notYou,
  })

/** Goes to the old address: the one way its owner learns of a takeover. */
export const emailChangedNotice = (
  brand: BrandShape,
  to: string,
  firstName: string,
  newEmail: string,
): MailMessage =>
  compose(brand, {
    kind: "EmailChanged",
    to,
    subject: `Your ${brand.name} email address was changed`,
    greeting: hello(firstName),
    paragraphs: [
      `The email address of your account was changed to ${newEmail}. From now on you log in with that address.`,
      "If you did not do this, please contact us straight away.",
    ],
  })

/**
 * Goes to the owner of an address that someone signed in to another account
 * tried to change to. The caller is told the same as for a free address, so
 * only the mailbox's owner learns the address is taken — and not who asked.
 */
export const emailInUseNotice = (brand: BrandShape, to: string, firstName: string): MailMessage =>
  compose(brand, {
    kind: "EmailInUse",
    to,
    subject: `Someone tried to use your email address at ${brand.name}`,
    greeting: hello(firstName),
    paragraphs: [
      "Someone signed in to another account asked to change its email address to this one. This address already belongs to your account, so nothing was changed.",
      "If that was you: you already have an account with this address. Log in with it, or reset its password if you have forgotten it.",
      "If it wasn't you, you need do nothing: your account is as it was.",
    ],
  })

export const passwordChangedNotice = (
  brand: BrandShape,
  to: string,
  firstName: string,
): MailMessage =>
  compose(brand, {
    kind: "PasswordChanged",
    to,
    subject: `Your ${brand.name} password was changed`,
    greeting: hello(firstName),
    paragraphs: [
      "The password of your account was just changed, and other devices were logged out.",
      "If you did not do this, please reset your password and contact us straight away.",
    ],
  })

/**
 * A new staff member's first password is chosen through the reset page, so
 * the one who added them never learns it. No "if this wasn't you": nobody
 * asked, an admin added them.
 */
export const staffInvitationEmail = (
  brand: BrandShape,
  to: string,
  firstName: string,
  role: "Staff" | "Admin",
  link: string,
  lifetimeHours: number,
): MailMessage =>
  compose(brand, {
    kind: "StaffInvitation",
    to,
    subject: `Your ${brand.name} staff account`,
    greeting: hello(firstName),
    paragraphs: [
      `An account with ${role === "Admin" ? "admin" : "staff"} access to ${brand.name} was made for you, to sign in with this email address.`,
      `Choose your password with the link below. It works once, within ${lifetimeHours} hours; after that, use "Forgot password" on the login page.`,
    ],
    link: { url: link, label: "Choose my password" },
    closing:
      "If you didn't expect this, please tell us: nobody can sign in until a password is chosen.",
  })

/**
 * Goes to an Admin whose second factor just locked: whoever typed the codes
 * got past the password, so the owner hears of it at once, and once per
 * lock (decision 0064).
 */
export const secondFactorLockedNotice = (
  brand: BrandShape,
  to: string,
  firstName: string,
  wrongCodes: number,
): MailMessage =>
  compose(brand, {
    kind: "SecondFactorLocked",
    to,
    subject: `Two-step sign-in to your ${brand.name} account is locked`,
    greeting: hello(firstName),
    paragraphs: [
      `${wrongCodes} wrong codes in a row were entered for the two-step sign-in of your account, so codes from your authenticator app are not accepted for now.`,
      "To sign in, use one of your recovery codes (that also unlocks it), or ask another admin to reset your two-step sign-in.",
      "If this wasn't you, someone knows your password: change it as soon as you are signed in.",
    ],
  })
