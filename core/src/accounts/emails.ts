/**
 * The account emails: plain text for every client, and a simple HTML part
 * with the same words and one link. Links are absolute and already checked
 * to be on the shop's own site (rules/auth safeReturnUrl).
 */
import { BRAND } from "../rules/brand.js"
import { escapeHtml } from "../rules/html.js"
import type { MailMessage } from "./model.js"

export { BRAND }

interface Letter {
  readonly kind: MailMessage["kind"]
  readonly to: string
  readonly subject: string
  readonly greeting: string
  readonly paragraphs: readonly string[]
  readonly link?: { readonly url: string; readonly label: string }
  readonly closing?: string
}

const compose = (letter: Letter): MailMessage => {
  const text = [
    letter.greeting,
    "",
    ...letter.paragraphs.flatMap((p) => [p, ""]),
    ...(letter.link ? [`${letter.link.label}: ${letter.link.url}`, ""] : []),
    ...(letter.closing ? [letter.closing, ""] : []),
    `The ${BRAND} team`,
  ].join("\n")
  const html = [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(letter.greeting)}</p>`,
    ...letter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(letter.link
      ? [`<p><a href="${escapeHtml(letter.link.url)}">${escapeHtml(letter.link.label)}</a></p>`]
      : []),
    ...(letter.closing ? [`<p>${escapeHtml(letter.closing)}</p>`] : []),
    `<p>The ${BRAND} team</p>`,
    "</body></html>",
  ].join("\n")
  return { kind: letter.kind, to: letter.to, subject: letter.subject, text, html }
}

const hello = (firstName: string) => `Hello ${firstName},`
const notYou =
  "If this wasn't you, you can ignore this email; nothing changes unless the link is used."

export const verificationEmail = (to: string, firstName: string, link: string): MailMessage =>
  compose({
    kind: "VerifyEmail",
    to,
    subject: `Please verify your ${BRAND} email address`,
    greeting: hello(firstName),
    paragraphs: ["Please confirm that this is your email address. The link works for 48 hours."],
    link: { url: link, label: "Verify my email address" },
    closing: notYou,
  })

export const passwordResetEmail = (to: string, firstName: string, link: string): MailMessage =>
  compose({
    kind: "ResetPassword",
    to,
    subject: `Reset your ${BRAND} password`,
    greeting: hello(firstName),
    paragraphs: [
      "Someone asked to reset the password of your account. The link works once, for one hour.",
    ],
    link: { url: link, label: "Choose a new password" },
    closing: notYou,
  })

export const loginLinkEmail = (to: string, firstName: string, link: string): MailMessage =>
  compose({
    kind: "LoginLink",
    to,
    subject: `Your ${BRAND} login link`,
    greeting: hello(firstName),
    paragraphs: ["Here is the link you asked for. It logs you in once, within 15 minutes."],
    link: { url: link, label: "Log me in" },
    closing: notYou,
  })

/** Goes to the old address: the one way its owner learns of a takeover. */
export const emailChangedNotice = (to: string, firstName: string, newEmail: string): MailMessage =>
  compose({
    kind: "EmailChanged",
    to,
    subject: `Your ${BRAND} email address was changed`,
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
export const emailInUseNotice = (to: string, firstName: string): MailMessage =>
  compose({
    kind: "EmailInUse",
    to,
    subject: `Someone tried to use your email address at ${BRAND}`,
    greeting: hello(firstName),
    paragraphs: [
      "Someone signed in to another account asked to change its email address to this one. This address already belongs to your account, so nothing was changed.",
      "If that was you: you already have an account with this address. Log in with it, or reset its password if you have forgotten it.",
      "If it wasn't you, you need do nothing: your account is as it was.",
    ],
  })

export const passwordChangedNotice = (to: string, firstName: string): MailMessage =>
  compose({
    kind: "PasswordChanged",
    to,
    subject: `Your ${BRAND} password was changed`,
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
  to: string,
  firstName: string,
  role: "Staff" | "Admin",
  link: string,
  lifetimeHours: number,
): MailMessage =>
  compose({
    kind: "StaffInvitation",
    to,
    subject: `Your ${BRAND} staff account`,
    greeting: hello(firstName),
    paragraphs: [
      `An account with ${role === "Admin" ? "admin" : "staff"} access to ${BRAND} was made for you, to sign in with this email address.`,
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
  to: string,
  firstName: string,
  wrongCodes: number,
): MailMessage =>
  compose({
    kind: "SecondFactorLocked",
    to,
    subject: `Two-step sign-in to your ${BRAND} account is locked`,
    greeting: hello(firstName),
    paragraphs: [
      `${wrongCodes} wrong codes in a row were entered for the two-step sign-in of your account, so codes from your authenticator app are not accepted for now.`,
      "To sign in, use one of your recovery codes (that also unlocks it), or ask another admin to reset your two-step sign-in.",
      "If this wasn't you, someone knows your password: change it as soon as you are signed in.",
    ],
  })
