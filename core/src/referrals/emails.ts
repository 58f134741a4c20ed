import { BRAND } from "../accounts/emails.js"
import type { MailMessage } from "../accounts/model.js"
import { escapeHtml } from "../rules/html.js"

/**
 * A customer's invitation to a friend: the link that makes the friend
 * theirs, and nothing the customer typed. It goes to an address nobody has
 * confirmed, so a name (or anything else an account holds) would let anyone
 * send a stranger their own words under the shop's name; the friend knows
 * who told them to expect it. It promises nothing the rule does not keep:
 * the reward needs £5 of tickets paid for.
 */
export const referralInvitationEmail = (to: string, link: string): MailMessage => {
  const paragraphs = [
    `A friend of yours thinks you would enjoy ${BRAND}: prize competitions with live draws every Thursday.`,
    "Join through this link and, once you have spent £5 on tickets, you and your friend each get £5 of site credit.",
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
    subject: `A friend invited you to ${BRAND}`,
    text,
    html,
  }
}
