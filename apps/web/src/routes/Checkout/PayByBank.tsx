import type { OrderJson } from "@howzat/contracts/orders"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { isApiError } from "../../api/client"
import { logPaymentFailed, logPaymentSucceeded } from "../../api/logging"
import { completeOrder, orderOfPayment } from "../../api/orders"
import { requireCustomer } from "../../auth/guard"
import { pageTitle } from "../../brand"
import { MessagePage } from "../../components/MessagePage"
import { failureText } from "../../components/orders/load-order"
import { NoSuchOrder, OrderCancelled, Working } from "../../components/orders/OrderMessages"
import { BANK_PROVIDER, bankReturnOf } from "../../components/payment/pay-by-bank"
import { marketingEvents } from "../../tracking"

export const Route = createFileRoute("/Checkout/PayByBank")({
  validateSearch: (search: Record<string, unknown>): { payment_id?: string } =>
    typeof search.payment_id === "string" && search.payment_id !== ""
      ? { payment_id: search.payment_id }
      : {},
  beforeLoad: requireCustomer,
  head: () => ({ meta: [{ title: pageTitle("Paying by bank") }] }),
  component: PayByBankReturn,
})

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
 * The customer back from their bank (the provider's page sends everyone to
 * this one address with its payment's id). The shop is asked, not the
 * address: it asks the provider itself, so an edited link proves nothing.
 * Paid goes to the order's success page, a refusal to the payment-failed
 * page with the bank's words, and a bank still deciding is asked again for
 * half a minute, then the page says the order completes when it answers.
 */
function PayByBankReturn() {
  const { payment_id: paymentId } = Route.useSearch()
  const navigate = useNavigate()
  const [shown, setShown] = useState<Shown>({ kind: "asking" })
  const asked = useRef<string | null>(null)

  useEffect(() => {
    if (paymentId === undefined || asked.current === paymentId) return
    asked.current = paymentId
    let gone = false
    const check = async () => {
      let order: OrderJson
      try {
        order = (await orderOfPayment(BANK_PROVIDER, paymentId)).order
      } catch (error) {
        if (isApiError(error) && error.status === 404) return setShown({ kind: "unknown" })
        return setShown({ kind: "problem", text: failureText(error) })
      }
      for (let ask = 1; !gone; ask++) {
        // complete-order asks the provider; a refusal says why in the order's payments.
        order = await completeOrder(order.id).then(
          ({ order: done }) => done,
          () =>
            orderOfPayment(BANK_PROVIDER, paymentId).then(
              ({ order: now }) => now,
              () => order,
            ),
        )
        const outcome = bankReturnOf(order, BANK_PROVIDER)
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
  }, [paymentId, navigate])

  if (paymentId === undefined || shown.kind === "unknown") return <NoSuchOrder />
  if (shown.kind === "asking") return <Working text="Checking your payment with your bank…" />
  if (shown.kind === "closed")
    return (
      <OrderCancelled orderRef={shown.orderRef}>
        <p className="mt-3 text-muted">
          If your bank took the payment, it is refunded to your account automatically: you don't
          need to do anything.
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
      <h1 className="display-title text-3xl">Waiting for your bank</h1>
      <p role="status" className="mt-3 text-muted">
        Your bank hasn't confirmed the payment for order {shown.order.orderRef} yet. We'll complete
        your order as soon as it does, and email you: there's no need to pay again.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/Account/Order/$id" params={{ id: shown.order.id }} className="btn-primary">
          View order
        </Link>
        <Link to="/Account/Orders" className="btn-outline">
          My orders
        </Link>
      </div>
    </MessagePage>
  )
}
