import type { OrderJson } from "@howzat/contracts/orders"
import { ticketNumbersWithheldText } from "@howzat/core/rules"
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router"
import { type ReactNode, useEffect, useRef, useState } from "react"
import { getPaymentOptions } from "../../../api/card-form"
import { isApiError } from "../../../api/client"
import { logPaymentFailed, logPaymentSucceeded, sendLog } from "../../../api/logging"
import { completeOrder, confirmSandboxPayment, getOrder, startPayment } from "../../../api/orders"
import { requireCustomer } from "../../../auth/guard"
import { useCustomer } from "../../../auth/use-session"
import { pageTitle } from "../../../brand"
import { FormMessage } from "../../../components/forms/Fields"
import { MessagePage } from "../../../components/MessagePage"
import { failureText, loadOrder } from "../../../components/orders/load-order"
import { OrderLines, OrderTotals } from "../../../components/orders/OrderLines"
import {
  NoSuchOrder,
  OrderCancelled,
  OrderLinks,
  Working,
} from "../../../components/orders/OrderMessages"
import {
  type AcceptedPaymentMessage,
  acceptedPaymentMessage,
} from "../../../components/payment/accepted-payment"
import { CardForm } from "../../../components/payment/CardForm"
import { CheckoutFlowForm } from "../../../components/payment/CheckoutFlowForm"
import type { CardValues } from "../../../components/payment/card"
import { type CardOutcome, sandboxOutcome } from "../../../components/payment/card-outcome"
import {
  creditCardNoticeOf,
  refusedCreditCardDetail,
} from "../../../components/payment/credit-cards"
import { PayByBankPanel } from "../../../components/payment/PayByBankPanel"
import {
  bankFirst,
  bankPageLink,
  pendingBankPayment,
} from "../../../components/payment/pay-by-bank"
import {
  cardFormFor,
  NO_TOKEN_MESSAGE,
  paymentStep,
  pendingPayment,
} from "../../../components/payment/payment-step"
import { SpendLimitBeforePayment } from "../../../components/payment/SpendLimitBeforePayment"
import { StripeCardForm } from "../../../components/payment/StripeCardForm"
import { isSpendLimitUnanswered } from "../../../lib/spend-limits"
import { marketingEvents } from "../../../tracking"

export const Route = createFileRoute("/Checkout/Payment/$orderId")({
  beforeLoad: requireCustomer,
  loader: async ({ params, abortController }) => {
    const [order, options] = await Promise.all([
      loadOrder(params.orderId, abortController.signal),
      getPaymentOptions(abortController.signal),
    ])
    return { order, ...options }
  },
  // An order changes under us (paid, cancelled, a payment started): never show a remembered one.
  gcTime: 0,
  shouldReload: true,
  head: () => ({ meta: [{ title: pageTitle("Payment") }] }),
  notFoundComponent: NoSuchOrder,
  component: PaymentPage,
})

/**
 * docs/product/states.md's payment screen. A paid order moves on, a cancelled one says so,
 * an order with nothing to pay is completed at once; otherwise the card
 * form starts with the first pending payment's token, starting a payment
 * when there is none.
 */
function PaymentPage() {
  const { order: loaded, cardForm, payByBank } = Route.useLoaderData()
  const navigate = useNavigate()
  // The order as this page changed it (a payment started), until the loader brings a newer one.
  const [local, setLocal] = useState<{ base: OrderJson; order: OrderJson } | null>(null)
  const order = local && local.base === loaded ? local.order : loaded
  const setOrder = (next: OrderJson) => setLocal({ base: loaded, order: next })
  const [problem, setProblem] = useState<string | null>(null)
  const [bankProblem, setBankProblem] = useState<string | null>(null)
  // The provider took the money but the order did not complete (yet): no second payment.
  const [received, setReceived] = useState<AcceptedPaymentMessage | null>(null)
  // Never answered the spend-limit question: it is asked here, before any payment (0041).
  const [askSpendLimit, setAskSpendLimit] = useState(false)
  const customer = useCustomer()
  const step = paymentStep(order, cardForm.provider)
  // Each automatic call is made once per order, even when React runs effects twice.
  const started = useRef<string | null>(null)

  const succeeded = (paid: { readonly id: string; readonly orderTotal: number }) => {
    const orderId = paid.id
    logPaymentSucceeded(orderId)
    marketingEvents.orderPaid({ orderId, value: paid.orderTotal })
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
        ({ order: done }) => succeeded(done),
        (error: unknown) => setProblem(failureText(error)),
      )
    } else if (step.kind === "start") {
      started.current = key
      startPayment(order.id).then(
        ({ order: next }) => {
          if (paymentStep(next, cardForm.provider).kind === "start") {
            console.error(NO_TOKEN_MESSAGE)
            sendLog({ event: "client-error", orderId: next.id, title: NO_TOKEN_MESSAGE })
            setProblem(NO_TOKEN_MESSAGE)
          }
          setOrder(next)
        },
        (error: unknown) =>
          isSpendLimitUnanswered(error) ? setAskSpendLimit(true) : setProblem(failureText(error)),
      )
    }
  })

  /** Answered: the payment starts as it would have, and the form follows. */
  const spendLimitAnswered = () => {
    started.current = null
    setAskSpendLimit(false)
  }

  /**
   * One way for every provider's answer. A decline is put to the shop too
   * (complete-order asks the provider), so the failed attempt is on record
   * before a retry starts the next one; if a payment went through after
   * all, the order completes instead.
   */
  const settle = async (outcome: CardOutcome) => {
    setProblem(null)
    if (outcome.kind === "retry") return setProblem(outcome.message)
    try {
      await completeOrder(order.id)
      return succeeded(order)
    } catch (error) {
      if (outcome.kind === "declined") return failed(order.id, outcome.detail)
      // Taken, then refused by the shop as a credit card it may not keep: the
      // money goes back and the order waits for another card.
      if (isApiError(error) && error.status === 402) {
        const refused = await getOrder(order.id).then(
          ({ order: now }) => refusedCreditCardDetail(now),
          () => null,
        )
        if (refused !== null) return failed(order.id, refused)
      }
      // The card was taken: the provider's notification completes the order even if
      // this call failed, or, when the order had closed meanwhile, the shop refunds it.
      const closedAs =
        isApiError(error) && error.status === 409
          ? await getOrder(order.id).then(
              ({ order: now }) => now.status,
              () => null,
            )
          : null
      setReceived(acceptedPaymentMessage(error, order.orderRef, closedAs))
    }
  }

  const paySandbox = async (card: CardValues) => {
    const payment = pendingPayment(order, cardForm.provider)
    if (!payment) return
    let outcome: CardOutcome
    try {
      outcome = sandboxOutcome(
        await confirmSandboxPayment({
          clientToken: payment.token,
          cardNumber: card.cardNumber.replace(/\D/g, ""),
          cardholderName: card.cardholderName,
          expiry: card.expiry,
          securityCode: card.securityCode,
        }),
      )
    } catch (error) {
      // Unreachable provider: nothing happened yet, so the customer may simply try again.
      outcome =
        isApiError(error) && error.unreachable
          ? { kind: "retry", message: failureText(error) }
          : { kind: "declined", detail: failureText(error) }
    }
    await settle(outcome)
  }

  /**
   * Pay by bank: the shop starts the bank payment (voiding the card's open
   * one, so only one can ever take the money) and the customer goes to the
   * provider's page, returning to /Checkout/PayByBank. If it could not be
   * started, the order is read again and the card form gets a fresh payment.
   */
  const payByBankNow = async () => {
    if (payByBank === null) return
    setBankProblem(null)
    try {
      const { order: next } = await startPayment(order.id, "BankTransfer")
      const bank = pendingBankPayment(next, payByBank)
      const link = bank ? bankPageLink(payByBank, bank.token, window.location.origin) : null
      if (link === null) throw new Error(NO_TOKEN_MESSAGE)
      window.location.assign(link)
      // The page is leaving: the button keeps saying so until it has.
      await new Promise<never>(() => {})
    } catch (error) {
      if (isSpendLimitUnanswered(error)) return setAskSpendLimit(true)
      sendLog({ event: "client-error", orderId: order.id, title: "Pay by bank could not start" })
      setBankProblem(
        error instanceof Error && !isApiError(error) ? error.message : failureText(error),
      )
      const fresh = await getOrder(order.id).then(
        ({ order: now }) => now,
        () => null,
      )
      if (fresh !== null) {
        started.current = null
        setOrder(fresh)
      }
    }
  }

  if (received)
    return (
      <MessagePage icon="info">
        <h1 className="display-title text-3xl">{received.title}</h1>
        <p role="status" className="mt-3 text-muted">
          {received.text}
        </p>
        <OrderLinks orderId={order.id} />
      </MessagePage>
    )
  if (step.kind === "cancelled") return <OrderCancelled orderRef={order.orderRef} />
  if (step.kind === "refunded")
    return (
      <MessagePage icon="info">
        <h1 className="display-title text-3xl">Order refunded</h1>
        <p className="mt-3 text-muted">
          Order {order.orderRef} was paid and has since been refunded, so there is nothing to pay.
        </p>
        <OrderLinks orderId={order.id} />
      </MessagePage>
    )
  if (askSpendLimit && customer?.customerId)
    return (
      <PaymentLayout order={order}>
        <SpendLimitBeforePayment customerId={customer.customerId} onAnswered={spendLimitAnswered} />
      </PaymentLayout>
    )
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

  const form = cardFormFor(cardForm)
  const creditNotice = creditCardNoticeOf(step.payment)
  const bankOffered = payByBank !== null
  const bankIsFirst = bankFirst(creditNotice)
  const bankPanel = (
    <div className="space-y-3">
      {bankProblem ? <FormMessage tone="error">{bankProblem}</FormMessage> : null}
      <PayByBankPanel balance={order.orderBalance} first={bankIsFirst} onPay={payByBankNow} />
    </div>
  )
  return (
    <PaymentLayout order={order}>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      {bankOffered && bankIsFirst ? bankPanel : null}
      {creditNotice ? (
        <div
          role="note"
          aria-label="Paying by credit card"
          className="rounded-xl border border-accent/30 bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong dark:text-accent"
        >
          <p>{creditNotice}</p>
          <p className="mt-1 font-normal">
            <Link to="/ResponsiblePlay" className="underline">
              Why? Read about responsible play
            </Link>
          </p>
        </div>
      ) : null}
      {form.kind === "sandbox" ? (
        <CardForm balance={order.orderBalance} onPay={paySandbox} />
      ) : form.kind === "checkout" ? (
        <CheckoutFlowForm
          balance={order.orderBalance}
          scriptUrl={form.scriptUrl}
          clientToken={step.payment.token}
          creditCardNotice={creditNotice}
          onOutcome={settle}
        />
      ) : (
        <StripeCardForm
          balance={order.orderBalance}
          publishableKey={form.publishableKey}
          scriptUrl={form.scriptUrl}
          clientSecret={step.payment.token}
          onOutcome={settle}
        />
      )}
      {bankOffered && !bankIsFirst ? bankPanel : null}
    </PaymentLayout>
  )
}

/** The order on the left, what pays for it (or what comes first) on the right. */
const PaymentLayout = ({ order, children }: { order: OrderJson; children: ReactNode }) => (
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
        .{order.ticketItems.length > 0 ? ` ${ticketNumbersWithheldText(order.status)}` : null}
      </p>
      <OrderLines order={order} showTickets={false} />
      <OrderTotals order={order} />
    </section>
    <div className="space-y-4">{children}</div>
  </div>
)
