import type { OrderJson } from "@howzat/contracts/orders"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { isApiError } from "../../../api/client"
import { logPaymentFailed, logPaymentSucceeded, sendLog } from "../../../api/logging"
import { completeOrder, confirmSandboxPayment, startPayment } from "../../../api/orders"
import { requireCustomer } from "../../../auth/guard"
import { pageTitle } from "../../../brand"
import { FormMessage } from "../../../components/forms/Fields"
import { MessagePage } from "../../../components/MessagePage"
import { failureText, loadOrder } from "../../../components/orders/load-order"
import { OrderLines, OrderTotals } from "../../../components/orders/OrderLines"
import { NoSuchOrder, OrderCancelled, Working } from "../../../components/orders/OrderMessages"
import { CardForm } from "../../../components/payment/CardForm"
import type { CardValues } from "../../../components/payment/card"
import {
  NO_TOKEN_MESSAGE,
  paymentStep,
  pendingPayment,
  SANDBOX_PROVIDER,
} from "../../../components/payment/payment-step"

export const Route = createFileRoute("/Checkout/Payment/$orderId")({
  beforeLoad: requireCustomer,
  loader: ({ params, abortController }) => loadOrder(params.orderId, abortController.signal),
  // An order changes under us (paid, cancelled, a payment started): never show a remembered one.
  gcTime: 0,
  shouldReload: true,
  head: () => ({ meta: [{ title: pageTitle("Payment") }] }),
  notFoundComponent: NoSuchOrder,
  component: PaymentPage,
})

/**
 * SPEC §4's payment screen. A paid order moves on, a cancelled one says so,
 * an order with nothing to pay is completed at once; otherwise the card
 * form starts with the first pending payment's token, starting a payment
 * when there is none.
 */
function PaymentPage() {
  const loaded = Route.useLoaderData()
  const navigate = useNavigate()
  // The order as this page changed it (a payment started), until the loader brings a newer one.
  const [local, setLocal] = useState<{ base: OrderJson; order: OrderJson } | null>(null)
  const order = local && local.base === loaded ? local.order : loaded
  const setOrder = (next: OrderJson) => setLocal({ base: loaded, order: next })
  const [problem, setProblem] = useState<string | null>(null)
  const step = paymentStep(order)
  // Each automatic call is made once per order, even when React runs effects twice.
  const started = useRef<string | null>(null)

  const succeeded = (orderId: string) => {
    logPaymentSucceeded(orderId)
    void navigate({
      to: "/Checkout/PaymentSucceeded/$orderId",
      params: { orderId },
      replace: true,
    })
  }

  const failed = (orderId: string, detail: string) => {
    logPaymentFailed(orderId, detail)
    void navigate({
      to: "/Checkout/PaymentFailed/$orderId",
      params: { orderId },
      search: { error: detail },
    })
  }

  useEffect(() => {
    const key = `${order.id}:${step.kind}`
    if (started.current === key) return
    if (step.kind === "succeeded") {
      started.current = key
      void navigate({
        to: "/Checkout/PaymentSucceeded/$orderId",
        params: { orderId: order.id },
        replace: true,
      })
    } else if (step.kind === "complete") {
      started.current = key
      // Site credit (or a voucher) paid for everything: nothing for the card to do.
      completeOrder(order.id).then(
        ({ order: done }) => succeeded(done.id),
        (error: unknown) => setProblem(failureText(error)),
      )
    } else if (step.kind === "start") {
      started.current = key
      startPayment(order.id).then(
        ({ order: next }) => {
          if (paymentStep(next).kind === "start") {
            console.error(NO_TOKEN_MESSAGE)
            sendLog({ event: "client-error", orderId: next.id, title: NO_TOKEN_MESSAGE })
            setProblem(NO_TOKEN_MESSAGE)
          }
          setOrder(next)
        },
        (error: unknown) => setProblem(failureText(error)),
      )
    }
  })

  const pay = async (card: CardValues) => {
    const payment = pendingPayment(order)
    if (!payment) return
    setProblem(null)
    let outcome: Awaited<ReturnType<typeof confirmSandboxPayment>>
    try {
      outcome = await confirmSandboxPayment({
        clientToken: payment.token,
        cardNumber: card.cardNumber.replace(/\D/g, ""),
        cardholderName: card.cardholderName,
        expiry: card.expiry,
        securityCode: card.securityCode,
      })
    } catch (error) {
      // Unreachable provider: nothing happened yet, so the customer may simply try again.
      if (isApiError(error) && error.unreachable) return setProblem(failureText(error))
      return failed(order.id, failureText(error))
    }
    if (outcome.status === "Failed") return failed(order.id, outcome.failureDetail ?? "")
    try {
      await completeOrder(order.id)
      succeeded(order.id)
    } catch (error) {
      if (isApiError(error) && error.status === 402) return failed(order.id, failureText(error))
      // The card was taken: the provider's notification completes the order even if this call failed.
      setProblem(
        `Your payment was received, but we couldn't confirm your order just now (${failureText(error)}). Please check My Orders in a moment.`,
      )
    }
  }

  if (step.kind === "cancelled") return <OrderCancelled orderRef={order.orderRef} />
  if (problem && step.kind !== "card")
    return (
      <MessagePage icon="info">
        <h1 className="display-title text-3xl">We couldn't take your payment</h1>
        <p role="alert" className="mt-3 text-muted">
          {problem}
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/Account/Order/$id" params={{ id: order.id }} className="btn-primary">
            View order
          </Link>
          <Link to="/" className="btn-outline">
            Home
          </Link>
        </div>
      </MessagePage>
    )
  if (step.kind !== "card")
    return (
      <Working
        text={step.kind === "start" ? "Getting ready for your payment…" : "Completing your order…"}
      />
    )

  const sandbox = step.payment.provider === SANDBOX_PROVIDER
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-3 py-8 sm:px-5 lg:grid-cols-[minmax(0,1fr)_26rem] lg:py-12">
      <section aria-labelledby="payment-summary">
        <p className="eyebrow mb-2">Checkout</p>
        <h1 id="payment-summary" className="display-title mb-2 text-3xl sm:text-4xl">
          Payment
        </h1>
        <p className="mb-6 text-muted">
          Order <strong className="text-fg">{order.orderRef}</strong>. Your tickets are held for you
          until{" "}
          {new Date(order.expiresDateUtc).toLocaleTimeString("en-GB", {
            hour: "2-digit",
            minute: "2-digit",
          })}
          .
        </p>
        <OrderLines order={order} showTickets={false} />
        <OrderTotals order={order} />
      </section>
      <div className="space-y-4">
        {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
        {sandbox ? (
          <CardForm balance={order.orderBalance} sandbox onPay={pay} />
        ) : (
          <div className="card p-5 sm:p-7">
            <h2 className="display-title text-2xl">CARD PAYMENT</h2>
            <p role="alert" className="mt-3 text-muted">
              Card payments through {step.payment.provider} aren't available in this version of the
              shop: its card form is not configured. Please contact us to complete your order.
            </p>
          </div>
        )}
      </div>
    </div>
  )
}
