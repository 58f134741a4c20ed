import { BRAND } from "../accounts/emails.js"
import type { MailMessage } from "../accounts/model.js"
import { escapeHtml } from "../rules/html.js"
import { formatMoney, pence } from "../rules/money.js"
import { compressTicketNumbers } from "../rules/ticket-numbers.js"
import type { Order } from "./model.js"

interface Row {
  readonly label: string
  readonly value: string
}

/**
 * The money under the lines, in the order page's words: what the order
 * cost, and how it was paid.
 */
const totals = (order: Order): readonly Row[] => {
  const cardAmount = order.orderTotal
  const rows: Row[] = []
  if (order.discountTotal > 0) {
    rows.push({ label: "Discounts", value: formatMoney(pence(-order.discountTotal)) })
  }
  if (order.donation > 0)
    rows.push({ label: "Charity round-up", value: formatMoney(order.donation) })
  rows.push({
    label: "Order total",
    value: formatMoney(pence(cardAmount + order.siteCreditDebit)),
  })
  if (order.siteCreditDebit > 0) {
    rows.push({ label: "Paid with site credit", value: formatMoney(order.siteCreditDebit) })
  }
  if (cardAmount > 0) rows.push({ label: "Paid by card", value: formatMoney(cardAmount) })
  return rows
}

const ticketWord = (quantity: number) => (quantity === 1 ? "ticket" : "tickets")

/**
 * The confirmation of a paid order: its reference, each line with its
 * ticket numbers as ranges ("1-3, 7"), the totals and a link to the order
 * page. Plain text for every client, and HTML with the same words.
 */
export const orderConfirmationEmail = (
  to: string,
  firstName: string,
  order: Order,
  orderLink: string,
): MailMessage => {
  const credit = order.creditItems.map((item) => ({
    name: item.description,
    total: formatMoney(item.lineTotal),
  }))
  const creditWords = credit.map((item) => `${item.total} of ${item.name}`).join(" and ")
  const intro =
    order.lines.length === 0
      ? `Thank you for your order ${order.orderRef}. It is paid, and ${creditWords} has been added to your account.`
      : credit.length === 0
        ? `Thank you for your order ${order.orderRef}. It is paid, and your tickets are entered.`
        : `Thank you for your order ${order.orderRef}. It is paid, your tickets are entered and ${creditWords} has been added to your account.`
  const lines = order.lines.map((line) => ({
    name: line.competitionName,
    quantity: `${line.quantity} ${ticketWord(line.quantity)}`,
    total: formatMoney(line.lineTotal),
    tickets: compressTicketNumbers(line.ticketNumbers),
  }))
  const rows = totals(order)
  const text = [
    `Hello ${firstName},`,
    "",
    intro,
    "",
    ...lines.flatMap((line) => [
      `${line.name}: ${line.quantity}, ${line.total}`,
      `  Ticket numbers: ${line.tickets}`,
    ]),
    ...credit.map((item) => `${item.name}: ${item.total}`),
    "",
    ...rows.map((row) => `${row.label}: ${row.value}`),
    "",
    `View your order: ${orderLink}`,
    "",
    ...(lines.length > 0 ? ["Good luck!", ""] : []),
    `The ${BRAND} team`,
  ].join("\n")
  const cell = `style="padding: 4px 12px 4px 0; vertical-align: top"`
  const html = [
    "<!doctype html>",
    `<html><body style="font-family: sans-serif; line-height: 1.5">`,
    `<p>${escapeHtml(`Hello ${firstName},`)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...(lines.length === 0
      ? []
      : [
          `<table style="border-collapse: collapse">`,
          `<tr><th ${cell} align="left">Competition</th><th ${cell} align="left">Tickets</th><th ${cell} align="left">Ticket numbers</th><th ${cell} align="right">Total</th></tr>`,
          ...lines.map(
            (line) =>
              `<tr><td ${cell}>${escapeHtml(line.name)}</td><td ${cell}>${escapeHtml(line.quantity)}</td><td ${cell}>${escapeHtml(line.tickets)}</td><td ${cell} align="right">${escapeHtml(line.total)}</td></tr>`,
          ),
          "</table>",
        ]),
    ...(credit.length === 0
      ? []
      : [
          `<table style="border-collapse: collapse; margin-top: 12px">`,
          ...credit.map(
            (item) =>
              `<tr><td ${cell}>${escapeHtml(item.name)}</td><td ${cell} align="right">${escapeHtml(item.total)}</td></tr>`,
          ),
          "</table>",
        ]),
    `<table style="border-collapse: collapse; margin-top: 12px">`,
    ...rows.map(
      (row) =>
        `<tr><td ${cell}>${escapeHtml(row.label)}</td><td ${cell} align="right">${escapeHtml(row.value)}</td></tr>`,
    ),
    "</table>",
    `<p><a href="${escapeHtml(orderLink)}">View your order</a></p>`,
    ...(lines.length > 0 ? ["<p>Good luck!</p>"] : []),
    `<p>The ${BRAND} team</p>`,
    "</body></html>",
  ].join("\n")
  return {
    kind: "OrderConfirmation",
    to,
    subject: `Your ${BRAND} order ${order.orderRef} is confirmed`,
    text,
    html,
  }
}
