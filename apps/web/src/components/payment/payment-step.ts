import type { OrderJson, PaymentJson } from "@howzat/contracts/orders"
import type { CardFormJson } from "@howzat/contracts/payments"

/**
 * What the payment page does with the order it loaded (docs/product/states.md): a paid
 * order goes to its success page, a cancelled one says so, an order with
 * nothing left to pay is completed at once, and otherwise the card form
 * starts with the first pending payment's token, or a payment is started.
 * Only the shop's current provider's payments count: a token belongs to
 * the provider that issued it, so a payment started before the shop
 * changed provider cannot be paid with the new one's form, and the server
 * starts a new attempt instead.
 */
export type PaymentStep =
  | { readonly kind: "succeeded" }
  | { readonly kind: "cancelled" }
  | { readonly kind: "refunded" }
  | { readonly kind: "complete" }
  | { readonly kind: "card"; readonly payment: PaymentJson & { readonly token: string } }
  | { readonly kind: "start" }

type OrderForPayment = Pick<OrderJson, "status" | "orderBalance" | "payments">

export const pendingPayment = (
  order: Pick<OrderJson, "payments">,
  provider: string,
): (PaymentJson & { readonly token: string }) | undefined =>
  order.payments.find(
    (p): p is PaymentJson & { token: string } =>
      p.status === "Pending" &&
      p.provider === provider &&
      typeof p.token === "string" &&
      p.token !== "",
  )

export const paymentStep = (order: OrderForPayment, provider: string): PaymentStep => {
  if (order.status === "Completed") return { kind: "succeeded" }
  if (order.status === "Cancelled" || order.status === "SystemCancelled")
    return { kind: "cancelled" }
  // Paid, then given back by staff: nothing is left to pay, and nothing to complete.
  if (order.status === "Refunded") return { kind: "refunded" }
  if (order.orderBalance <= 0) return { kind: "complete" }
  const payment = pendingPayment(order, provider)
  return payment ? { kind: "card", payment } : { kind: "start" }
}

/** docs/product/states.md, word for word: logged when no token arrives even after starting a payment. */
export const NO_TOKEN_MESSAGE =
  "Unable to proceed to payment: no payment intent token was received."

/** The shop's card form; `paymentStep` only ever offers it a payment of its own provider. */
export type CardFormChoice =
  | { readonly kind: "sandbox" }
  | { readonly kind: "stripe"; readonly publishableKey: string; readonly scriptUrl: string }
  | { readonly kind: "checkout"; readonly scriptUrl: string }

export const cardFormFor = (cardForm: CardFormJson): CardFormChoice => {
  switch (cardForm.provider) {
    case "stripe":
      return {
        kind: "stripe",
        publishableKey: cardForm.publishableKey,
        scriptUrl: cardForm.scriptUrl,
      }
    case "checkout":
      return { kind: "checkout", scriptUrl: cardForm.scriptUrl }
    default:
      return { kind: "sandbox" }
  }
}
