import { BRAND, escapeHtml } from "../accounts/emails.js"
import type { MailMessage } from "../accounts/model.js"

/**
 * A customer's invitation to a friend: who sent it (their first name only)
 * and the link that makes the friend theirs. It promises nothing the rule
 * does not keep: the reward needs £5 of tickets paid for.
 */
export const referralInvitationEmail = (
  to: string,
  inviterFirstName: string,
  link: string,
): MailMessage => {
  const paragraphs = [
    `${inviterFirstName} thinks you would enjoy ${BRAND}: prize competitions with live draws every Thursday.`,
    `Join through this link and, once you have spent £5 on tickets, you and ${inviterFirstName} each get £5 of site credit.`,
    "You were sent this because a friend typed in your address. If you would rather not join, just ignore it: we keep no list of invited addresses to market to.",
  ]
  const text = [
    "Hello,",
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    `Join here: ${link}`,
    "",
    `The ${BRAND} team`,
  ].join("\n")
  const html = [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    "<p>Hello,</p>",
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p><a href="${escapeHtml(link)}">Join ${BRAND}</a></p>`,
    `<p>The ${BRAND} team</p>`,
    "</body></html>",
  ].join("\n")
  return {
    kind: "ReferralInvitation",
    to,
    subject: `${inviterFirstName} invited you to ${BRAND}`,
    text,
    html,
  }
}
