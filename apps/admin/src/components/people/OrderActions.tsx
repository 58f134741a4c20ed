import type { OrderJson } from "@howzat/contracts/orders"
import { useState } from "react"
import { api } from "../../api"
import { formatPence } from "../../lib/format"
import { orderActions } from "../../lib/order-filters"
import { refusalText } from "../../lib/refusal"
import { useAction } from "../../lib/use-action"
import { ConfirmDialog } from "../Confirm"

/**
 * Cancel (an unpaid order) and refund (a paid one), each confirmed with what
 * will happen. The server has the last word (a closed competition not yet
 * drawn, an order that won): its refusal is shown in the dialog.
 */
export function OrderActions({ order }: { readonly order: OrderJson }) {
  const [asking, setAsking] = useState<"cancel" | "refund" | undefined>()
  const [done, setDone] = useState("")
  const cancel = useAction(() => api.orders.cancel({ path: { orderId: order.id } }))
  const refund = useAction(() => api.staffOrders.refund({ path: { orderId: order.id } }))
  const allowed = orderActions(order)
  const cardPaid = order.payments
    .filter((p) => p.status === "Succeeded")
    .reduce((sum, p) => sum + p.amount, 0)
  const action = asking === "cancel" ? cancel : refund
  const close = () => {
    cancel.reset()
    refund.reset()
    setAsking(undefined)
  }
  const confirm = async () => {
    const result = await action.run()
    if (result) {
      setDone(asking === "cancel" ? "Order cancelled." : "Order refunded.")
      setAsking(undefined)
    }
  }
  if (!allowed.cancel && !allowed.refund)
    return (
      <span role="status" aria-live="polite" className="text-sm text-green-700">
        {done}
      </span>
    )
  return (
    <>
      {allowed.cancel && (
        <button type="button" className="btn btn-danger" onClick={() => setAsking("cancel")}>
          Cancel order…
        </button>
      )}
      {allowed.refund && (
        <button type="button" className="btn btn-danger" onClick={() => setAsking("refund")}>
          Refund order…
        </button>
      )}
      <span role="status" aria-live="polite" className="text-sm text-green-700">
        {done}
      </span>
      <ConfirmDialog
        open={asking !== undefined}
        title={
          asking === "cancel"
            ? `Cancel order ${order.orderRef}?`
            : `Refund order ${order.orderRef}?`
        }
        confirmLabel={
          asking === "cancel"
            ? "Cancel order"
            : `Refund ${formatPence(cardPaid + order.siteCreditDebitTotal)}`
        }
        pending={action.pending}
        error={action.error === undefined ? undefined : new Error(refusalText(action.error))}
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        {asking === "cancel" ? (
          <>
            <p>
              The order is cancelled and its {order.totalTicketQuantity} tickets go back on sale.
              {order.siteCreditDebitTotal > 0 &&
                ` The ${formatPence(order.siteCreditDebitTotal)} of site credit it used goes back to the customer.`}
            </p>
            <p>Nothing has been charged to a card, so nothing is refunded.</p>
          </>
        ) : (
          <>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <strong>{formatPence(cardPaid)}</strong> back to the card through the payment
                provider.
              </li>
              {order.siteCreditDebitTotal > 0 && (
                <li>
                  <strong>{formatPence(order.siteCreditDebitTotal)}</strong> back to the customer's
                  site credit.
                </li>
              )}
              <li>Any club credit the order earned is taken back.</li>
              <li>
                Tickets in competitions still open go back on sale; tickets in drawn competitions
                stay as they are.
              </li>
            </ul>
            <p>
              Refused if a competition has closed but is not drawn yet, or if one of the tickets
              won. Vouchers used stay counted. This cannot be undone.
            </p>
          </>
        )}
      </ConfirmDialog>
    </>
  )
}
