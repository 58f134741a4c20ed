import type { OrderJson } from "@howzat/contracts/orders"
import { isApiError } from "../../api/client"
import { failureText } from "../orders/load-order"
import { type AcceptedPaymentMessage, acceptedPaymentMessage } from "./accepted-payment"
import type { CardOutcome } from "./card-outcome"
import { refusedCreditCardDetail } from "./credit-cards"

/**
 * Where the payment page goes once a card provider has answered:
 * - paid: the order completed, on to its success page;
 * - failed: this attempt is over, PaymentFailed with these words;
 * - retry: nothing was charged, the form says this and waits;
 * - received: the provider took the money but the order did not complete
 *   (yet), said so, with no second payment offered.
 */
export type Settlement =
  | { readonly kind: "paid" }
  | { readonly kind: "failed"; readonly detail: string }
  | { readonly kind: "retry"; readonly message: string }
  | { readonly kind: "received"; readonly message: AcceptedPaymentMessage }

/** The two shop calls settling needs (api/orders.ts in the page; stand-ins in tests). */
export interface SettlingShop {
  readonly completeOrder: (orderId: string) => Promise<unknown>
  readonly getOrder: (
    orderId: string,
  ) => Promise<{ readonly order: Pick<OrderJson, "status" | "payments"> }>
}

/** The order read again, or null when it could not be. */
const reread = <T>(
  shop: SettlingShop,
  orderId: string,
  read: (order: Pick<OrderJson, "status" | "payments">) => T,
) =>
  shop.getOrder(orderId).then(
    ({ order }) => read(order),
    () => null,
  )

/**
 * One way for every provider's answer. A decline is put to the shop too
 * (complete-order asks the provider), so the failed attempt is on record
 * before a retry starts the next one; if a payment went through after
 * all, the order completes instead.
 */
export const settleCardOutcome = async (
  order: Pick<OrderJson, "id" | "orderRef">,
  outcome: CardOutcome,
  shop: SettlingShop,
): Promise<Settlement> => {
  if (outcome.kind === "retry") return { kind: "retry", message: outcome.message }
  try {
    await shop.completeOrder(order.id)
    return { kind: "paid" }
  } catch (error) {
    if (outcome.kind === "declined") return { kind: "failed", detail: outcome.detail }
    // Taken, then refused by the shop as a credit card it may not keep: the
    // money goes back and the order waits for another card.
    if (isApiError(error) && error.status === 402) {
      const refused = await reread(shop, order.id, refusedCreditCardDetail)
      if (refused !== null) return { kind: "failed", detail: refused }
    }
    // The card was taken: the provider's notification completes the order even if
    // this call failed, or, when the order had closed meanwhile, the shop refunds it.
    const closedAs =
      isApiError(error) && error.status === 409
        ? await reread(shop, order.id, (now) => now.status)
        : null
    return { kind: "received", message: acceptedPaymentMessage(error, order.orderRef, closedAs) }
  }
}

/** The sandbox could not confirm: unreachable means nothing happened yet, so the customer may retry. */
export const sandboxFailureOutcome = (error: unknown): CardOutcome =>
  isApiError(error) && error.unreachable
    ? { kind: "retry", message: failureText(error) }
    : { kind: "declined", detail: failureText(error) }
