import { BRAND, escapeHtml } from "../accounts/emails"
import type { MailMessage } from "../accounts/model"
import type { WonInstantWin } from "../ports/instant-wins"
import type { Order } from "./model"

/** What happens next with each prize: site credit is already paid, anything else is sent. */
const nextStep = (prize: WonInstantWin) =>
  prize.siteCredit === null
    ? "we will be in touch to arrange it"
    : "added to your site credit, ready to spend"

/**
 * To a customer whose paid order won instant prizes: each prize with its
 * ticket and competition, what happens next, and a link to the order.
 * One message per order, however many prizes it won.
 */
export const instantWinEmail = (
  to: string,
  firstName: string,
  order: Order,
  prizes: readonly WonInstantWin[],
  orderLink: string,
): MailMessage => {
  const count = prizes.length
  const intro =
    count === 1
      ? `Your order ${order.orderRef} has won an instant prize!`
      : `Your order ${order.orderRef} has won ${count} instant prizes!`
  const lines = prizes.map(
    (prize) =>
      `${prize.prizeName}: ticket ${prize.ticketNumber} in ${prize.competitionName} (${nextStep(prize)})`,
  )
  const text = [
    `Hello ${firstName},`,
    "",
    `Congratulations! ${intro}`,
    "",
    ...lines.map((line) => `- ${line}`),
    "",
    `See your order: ${orderLink}`,
    "",
    `The ${BRAND} team`,
  ].join("\n")
  const html = [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(`Hello ${firstName},`)}</p>`,
    `<p><strong>Congratulations!</strong> ${escapeHtml(intro)}</p>`,
    "<ul>",
    ...lines.map((line) => `<li>${escapeHtml(line)}</li>`),
    "</ul>",
    `<p><a href="${escapeHtml(orderLink)}">See your order</a></p>`,
    `<p>The ${BRAND} team</p>`,
    "</body></html>",
  ].join("\n")
  return { kind: "InstantWin", to, subject: "You've won an instant prize", text, html }
}
