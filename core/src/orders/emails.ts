import type { MailMessage } from "../accounts/model.js"
import type { BrandShape } from "../brand.js"
import { composedBlock, linkBlock, paragraph, renderEmail } from "../rules/email-layout.js"
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
  brand: BrandShape,
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
  const cell = `style="padding: 4px 12px 4px 0; vertical-align: top"`
  // What was bought: a table of the lines and one of the credit, each only when there is any.
  const bought = composedBlock(
    [
      ...lines.flatMap((line) => [
        `${line.name}: ${line.quantity}, ${line.total}`,
        `  Ticket numbers: ${line.tickets}`,
      ]),
      ...credit.map((item) => `${item.name}: ${item.total}`),
    ].join("\n"),
    (esc) =>
      [
        ...(lines.length === 0
          ? []
          : [
              `<table style="border-collapse: collapse">`,
              `<tr><th ${cell} align="left">Competition</th><th ${cell} align="left">Tickets</th><th ${cell} align="left">Ticket numbers</th><th ${cell} align="right">Total</th></tr>`,
              ...lines.map(
                (line) =>
                  `<tr><td ${cell}>${esc(line.name)}</td><td ${cell}>${esc(line.quantity)}</td><td ${cell}>${esc(line.tickets)}</td><td ${cell} align="right">${esc(line.total)}</td></tr>`,
              ),
              "</table>",
            ]),
        ...(credit.length === 0
          ? []
          : [
              `<table style="border-collapse: collapse; margin-top: 12px">`,
              ...credit.map(
                (item) =>
                  `<tr><td ${cell}>${esc(item.name)}</td><td ${cell} align="right">${esc(item.total)}</td></tr>`,
              ),
              "</table>",
            ]),
      ].join("\n"),
  )
  const money = composedBlock(rows.map((row) => `${row.label}: ${row.value}`).join("\n"), (esc) =>
    [
      `<table style="border-collapse: collapse; margin-top: 12px">`,
      ...rows.map(
        (row) =>
          `<tr><td ${cell}>${esc(row.label)}</td><td ${cell} align="right">${esc(row.value)}</td></tr>`,
      ),
      "</table>",
    ].join("\n"),
  )
  return renderEmail(brand, {
    kind: "OrderConfirmation",
    to,
    subject: `Your ${brand.name} order ${order.orderRef} is confirmed`,
    blocks: [
      paragraph(`Hello ${firstName},`),
      paragraph(intro),
      // A paid order always bought something: tickets, credit or both.
      ...(lines.length + credit.length > 0 ? [bought] : []),
      money,
      linkBlock(orderLink, "View your order"),
      ...(lines.length > 0 ? [paragraph("Good luck!")] : []),
    ],
    signed: true,
  })
}
