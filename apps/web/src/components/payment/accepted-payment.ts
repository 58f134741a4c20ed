import type { OrderJson } from "@howzat/contracts/orders"
import { isApiError } from "../../api/client"
import { failureText } from "../orders/load-order"

/** What the payment page says when the provider took the money but the order did not complete. */
export interface AcceptedPaymentMessage {
  readonly title: string
  readonly text: string
}

const REFUNDED_BY_ITSELF =
  "Your payment will be refunded to your card automatically: you don't need to do anything."

/**
 * The card was accepted, then complete-order refused. 402: the provider has
 * not confirmed yet, and its notification completes the order. 409: the
 * order had closed meanwhile (its time ran out, or it was cancelled in
 * another tab), so it cannot take the money, which the shop refunds by
 * itself (docs/decisions/0011); `closedAs` is the order's status read
 * afterwards, null if it could not be read. Anything else: the shop could
 * not be asked, and the order completes once the provider tells it.
 */
export const acceptedPaymentMessage = (
  error: unknown,
  orderRef: string,
  closedAs: OrderJson["status"] | null,
): AcceptedPaymentMessage => {
  if (isApiError(error) && error.status === 402)
    return {
      title: "Payment received",
      text: "Your card payment is being processed. Your order will be completed as soon as the card provider confirms it: please check My Orders in a moment.",
    }
  if (isApiError(error) && error.status === 409)
    return {
      title: "Order cancelled",
      text: `${
        closedAs === "SystemCancelled"
          ? `Order ${orderRef} had been cancelled because its time to pay ran out, and its tickets went back on sale`
          : `Order ${orderRef} had been cancelled before your payment arrived`
      }, so it could not take your payment. ${REFUNDED_BY_ITSELF}`,
    }
  return {
    title: "Payment received",
    text: `Your payment was received, but we couldn't confirm your order just now (${failureText(error)}). Please check My Orders in a moment.`,
  }
}
