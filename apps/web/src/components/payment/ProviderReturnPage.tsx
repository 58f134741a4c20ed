import type { OrderJson } from "@howzat/contracts/orders"
import { Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { isApiError } from "../../api/client"
import { logPaymentFailed, logPaymentSucceeded } from "../../api/logging"
import { completeOrder } from "../../api/orders"
import { marketingEvents } from "../../tracking"
import { MessagePage } from "../MessagePage"
import { failureText } from "../orders/load-order"
import { NoSuchOrder, OrderCancelled, OrderLinks, Working } from "../orders/OrderMessages"
import { returnOutcomeOf } from "./provider-return"

/** How often, and how many times, the page asks again while the bank has not said. */
const ASK_EVERY_MS = 2_000
const ASKS = 15

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

type Shown =
  | { readonly kind: "asking" }
  | { readonly kind: "unknown" }
  | { readonly kind: "closed"; readonly orderRef: string }
  | { readonly kind: "waiting"; readonly order: OrderJson }
  | { readonly kind: "problem"; readonly text: string }

/**
 * The customer back from a provider's page (their bank's approval, a card's
 * 3-D Secure). The shop is asked, not the address: complete-order asks the
 * provider itself, so an edited link proves nothing. Paid goes to the
 * order's success page, a refusal to the payment-failed page with the
 * provider's words, and a payment still being decided is asked about again
 * for half a minute, then the page says the order completes when it is.
 * `find` names the order (404: not the customer's, or no such payment);
 * `findKey` changes when it names another.
 */
export const ProviderReturnPage = ({
  find,
  findKey,
}: {
  find: () => Promise<OrderJson>
  findKey: string
}) => {
  const navigate = useNavigate()
  const [shown, setShown] = useState<Shown>({ kind: "asking" })
  const asked = useRef<string | null>(null)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `findKey` names what `find` finds.
  useEffect(() => {
    if (asked.current === findKey) return
    asked.current = findKey
    let gone = false
    const check = async () => {
      let order: OrderJson
      try {
        order = await find()
      } catch (error) {
        if (isApiError(error) && error.status === 404) return setShown({ kind: "unknown" })
        return setShown({ kind: "problem", text: failureText(error) })
      }
      for (let ask = 1; !gone; ask++) {
        // complete-order asks the provider; a refusal says why in the order's payments.
        order = await completeOrder(order.id).then(
          ({ order: done }) => done,
          () =>
            find().then(
              (now) => now,
              () => order,
            ),
        )
        const outcome = returnOutcomeOf(order)
        if (outcome.kind === "paid") {
          logPaymentSucceeded(order.id)
          marketingEvents.orderPaid({ orderId: order.id, value: order.orderTotal })
          return navigate({
            to: "/Checkout/PaymentSucceeded/$orderId",
            params: { orderId: order.id },
            replace: true,
          })
        }
        if (outcome.kind === "failed") {
          logPaymentFailed(order.id, outcome.detail)
          return navigate({
            to: "/Checkout/PaymentFailed/$orderId",
            params: { orderId: order.id },
            search: { error: outcome.detail },
            replace: true,
          })
        }
        if (outcome.kind === "closed") return setShown({ kind: "closed", orderRef: order.orderRef })
        if (ask >= ASKS) return setShown({ kind: "waiting", order })
        await pause(ASK_EVERY_MS)
      }
    }
    void check()
    return () => {
      gone = true
    }
  }, [findKey, navigate])

  if (shown.kind === "unknown") return <NoSuchOrder />
  if (shown.kind === "asking") return <Working text="Checking your payment…" />
  if (shown.kind === "closed")
    return (
      <OrderCancelled orderRef={shown.orderRef}>
        <p className="mt-3 text-muted">
          If the payment was taken, it is refunded automatically: you don't need to do anything.
        </p>
      </OrderCancelled>
    )
  if (shown.kind === "problem")
    return (
      <MessagePage icon="info">
        <h1 className="display-title text-3xl">We couldn't check your payment</h1>
        <p role="alert" className="mt-3 text-muted">
          {shown.text}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/Account/Orders" className="btn-primary">
            My orders
          </Link>
        </div>
      </MessagePage>
    )
  return (
    <MessagePage icon="clock">
      <h1 className="display-title text-3xl">Waiting for your payment</h1>
      <p role="status" className="mt-3 text-muted">
        The payment for order {shown.order.orderRef} hasn't been confirmed yet. We'll complete your
        order as soon as it is, and email you: there's no need to pay again.
      </p>
      <OrderLinks orderId={shown.order.id} />
    </MessagePage>
  )
}
