import type { OrderJson } from "@howzat/contracts/orders"
import {
  formatMoney,
  mayReadTicketNumbers,
  pence,
  ticketNumbersWithheldText,
} from "@howzat/core/rules"
import { Link } from "@tanstack/react-router"
import { NO_TICKETS, orderTotalRows, ticketRanges } from "./order-view"

const money = (amount: number) => formatMoney(pence(amount))

/**
 * An order's lines as a table: competition, quantity, ticket numbers as
 * ranges and line total. On a phone the quantity and tickets sit under the
 * competition's name so nothing scrolls sideways. An unpaid order has no
 * numbers yet (docs/decisions/0059): one message says so where they would
 * be, above the table, so it is read once rather than on every line.
 */
export const OrderLines = ({
  order,
  showTickets = true,
}: {
  order: OrderJson
  showTickets?: boolean
}) => {
  // An order of credit alone has no tickets: its table is items and totals.
  const creditOnly = order.ticketItems.length === 0 && order.siteCreditItems.length > 0
  const withheld = !mayReadTicketNumbers("Customer", order.status) && order.ticketItems.length > 0
  const withTickets = showTickets && !creditOnly && !withheld
  return (
    <>
      {showTickets && withheld ? (
        <p
          role="note"
          data-testid="ticket-numbers-withheld"
          className="mb-3 rounded-xl bg-sunken px-4 py-3 text-sm text-fg"
        >
          {ticketNumbersWithheldText(order.status)}
        </p>
      ) : null}
      <div className="overflow-hidden rounded-xl border border-line">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Order {order.orderRef}</caption>
          <thead className="bg-sunken text-xs font-bold tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2.5 sm:px-4">
                {creditOnly ? "Item" : "Competition"}
              </th>
              {creditOnly ? null : (
                <th scope="col" className="hidden px-3 py-2.5 text-right sm:table-cell">
                  Quantity
                </th>
              )}
              {withTickets ? (
                <th scope="col" className="hidden px-3 py-2.5 sm:table-cell">
                  Ticket numbers
                </th>
              ) : null}
              <th scope="col" className="px-3 py-2.5 text-right sm:px-4">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {order.ticketItems.length === 0 && order.siteCreditItems.length === 0 ? (
              <tr>
                <td colSpan={withTickets ? 4 : 3} className="px-4 py-6 text-center text-muted">
                  {NO_TICKETS}
                </td>
              </tr>
            ) : null}
            {order.ticketItems.map((line) => {
              const tickets = ticketRanges(line.ticketNumbers) || NO_TICKETS
              return (
                <tr key={line.competition.id} className="align-top">
                  <td className="px-3 py-3 sm:px-4">
                    <Link
                      to="/Competitions/Competition/$competitionId"
                      params={{ competitionId: line.competition.id }}
                      className="font-semibold hover:text-accent hover:underline"
                    >
                      {line.competition.name}
                    </Link>
                    <span className="mt-1 block text-muted sm:hidden">
                      {line.quantity} × {money(line.price)}
                    </span>
                    {withTickets ? (
                      <span className="mt-1 block break-words text-muted sm:hidden">
                        Tickets:{" "}
                        <span
                          data-testid="ticket-numbers"
                          className="font-medium text-fg tabular-nums"
                        >
                          {tickets}
                        </span>
                      </span>
                    ) : null}
                  </td>
                  <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">
                    {line.quantity}
                  </td>
                  {withTickets ? (
                    <td
                      data-testid="ticket-numbers"
                      className="hidden max-w-64 px-3 py-3 break-words tabular-nums sm:table-cell"
                    >
                      {tickets}
                    </td>
                  ) : null}
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums sm:px-4">
                    {line.preDiscountTotal > line.lineTotal ? (
                      <s className="mr-1.5 text-muted">
                        <span className="sr-only">was </span>
                        {money(line.preDiscountTotal)}
                      </s>
                    ) : null}
                    {money(line.lineTotal)}
                  </td>
                </tr>
              )
            })}
            {order.siteCreditItems.map((line) => (
              <tr key={line.description}>
                <td className="px-3 py-3 sm:px-4">{line.description}</td>
                {creditOnly ? null : <td className="hidden sm:table-cell" />}
                {withTickets ? <td className="hidden sm:table-cell" /> : null}
                <td className="px-3 py-3 text-right tabular-nums sm:px-4">
                  {money(line.lineTotal)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

/** The money under the lines (orderTotalRows), as a list of label and amount. */
export const OrderTotals = ({ order }: { order: OrderJson }) => {
  const rows = orderTotalRows(order)
  return (
    <dl className="mt-4 ml-auto max-w-sm space-y-1.5 text-sm">
      {rows.map((row) => (
        <div
          key={row.label}
          className={`flex justify-between gap-6 ${row.strong ? "text-base font-bold" : "text-muted"}`}
        >
          <dt>{row.label}</dt>
          <dd className="tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  )
}

const toneClass = {
  success: "bg-accent-soft text-accent-strong dark:text-accent",
  waiting: "bg-gold-300/30 text-fg",
  ended: "bg-sunken text-muted",
} as const

export const OrderStatusBadge = ({
  label,
  tone,
}: {
  label: string
  tone: keyof typeof toneClass
}) => (
  <span
    className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-bold ${toneClass[tone]}`}
  >
    {label}
  </span>
)
