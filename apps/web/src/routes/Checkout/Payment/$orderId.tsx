import type { OrderJson, PaymentJson } from "@howzat/contracts/orders"
import type { CardFormJson, PayByBankJson } from "@howzat/contracts/payments"
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
import type { AcceptedPaymentMessage } from "../../../components/payment/accepted-payment"
import { CardForm } from "../../../components/payment/CardForm"
import { CheckoutFlowForm } from "../../../components/payment/CheckoutFlowForm"
import type { CardValues } from "../../../components/payment/card"
import { type CardOutcome, sandboxOutcome } from "../../../components/payment/card-outcome"
import { creditCardNoticeOf } from "../../../components/payment/credit-cards"
import { PayByBankPanel } from "../../../components/payment/PayByBankPanel"
import {
  bankFirst,
  bankPageLink,
  pendingBankPayment,
} from "../../../components/payment/pay-by-bank"
import {
  cardFormFor,
  NO_TOKEN_MESSAGE,
  type PaymentStep,
  paymentStep,
  pendingPayment,
} from "../../../components/payment/payment-step"
import { SpendLimitBeforePayment } from "../../../components/payment/SpendLimitBeforePayment"
import { StripeCardForm } from "../../../components/payment/StripeCardForm"
import { sandboxFailureOutcome, settleCardOutcome } from "../../../components/payment/settle"
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

/** The order as this page changed it (a payment started), until the loader brings a newer one. */
const useLatestOrder = (loaded: OrderJson) => {
  const [local, setLocal] = useState<{ base: OrderJson; order: OrderJson } | null>(null)
  const order = local && local.base === loaded ? local.order : loaded
  return [order, (next: OrderJson) => setLocal({ base: loaded, order: next })] as const
}

/** Leaving the payment page: paid (logged, told to marketing) or failed with the provider's words. */
const useLeavePayment = () => {
  const navigate = useNavigate()
  const toSuccess = (orderId: string) =>
    void navigate({
      to: "/Checkout/PaymentSucceeded/$orderId",
      params: { orderId },
      replace: true,
    })
  const succeeded = (paid: { readonly id: string; readonly orderTotal: number }) => {
    logPaymentSucceeded(paid.id)
    marketingEvents.orderPaid({ orderId: paid.id, value: paid.orderTotal })
    toSuccess(paid.id)
  }
  const failed = (orderId: string, detail: string) => {
    logPaymentFailed(orderId, detail)
    void navigate({
      to: "/Checkout/PaymentFailed/$orderId",
      params: { orderId },
      search: { error: detail },
    })
  }
  return { toSuccess, succeeded, failed }
}

/**
 * What the page does by itself for the step it is on: a paid order moves
 * on, an order with nothing to pay is completed, and an order with no
 * payment to pay gets one started. Each call is made once per order and
 * step, even when React runs effects twice; `again` lets the current step
 * run once more (after the spend-limit answer, or a failed bank start).
 */
const useAutomaticStep = ({
  order,
  step,
  provider,
  setOrder,
  setProblem,
  askSpendLimit,
  leave,
}: {
  order: OrderJson
  step: PaymentStep
  provider: string
  setOrder: (order: OrderJson) => void
  setProblem: (problem: string) => void
  askSpendLimit: () => void
  leave: ReturnType<typeof useLeavePayment>
}) => {
  const started = useRef<string | null>(null)
  useEffect(() => {
    const key = `${order.id}:${step.kind}`
    if (started.current === key) return
    if (step.kind === "succeeded") {
      started.current = key
      leave.toSuccess(order.id)
    } else if (step.kind === "complete") {
      started.current = key
      // Site credit (or a voucher) paid for everything: nothing for the card to do.
      completeOrder(order.id).then(
        ({ order: done }) => leave.succeeded(done),
        (error: unknown) => setProblem(failureText(error)),
      )
    } else if (step.kind === "start") {
      started.current = key
      startPayment(order.id).then(
        ({ order: next }) => {
          if (paymentStep(next, provider).kind === "start") {
            console.error(NO_TOKEN_MESSAGE)
            sendLog({ event: "client-error", orderId: next.id, title: NO_TOKEN_MESSAGE })
            setProblem(NO_TOKEN_MESSAGE)
          }
          setOrder(next)
        },
        (error: unknown) =>
          isSpendLimitUnanswered(error) ? askSpendLimit() : setProblem(failureText(error)),
      )
    }
  })
  return {
    again: () => {
      started.current = null
    },
  }
}

/**
 * Pay by bank: the shop starts the bank payment (voiding the card's open
 * one, so only one can ever take the money) and the customer goes to the
 * provider's page, returning to /Checkout/PayByBank. If it could not be
 * started, the order is read again and the card form gets a fresh payment.
 */
const usePayByBank = ({
  order,
  payByBank,
  askSpendLimit,
  refreshed,
}: {
  order: OrderJson
  payByBank: PayByBankJson | null
  askSpendLimit: () => void
  refreshed: (order: OrderJson) => void
}) => {
  const [problem, setProblem] = useState<string | null>(null)
  const pay = async () => {
    if (payByBank === null) return
    setProblem(null)
    try {
      const { order: next } = await startPayment(order.id, "BankTransfer")
      const bank = pendingBankPayment(next, payByBank)
      const link = bank ? bankPageLink(payByBank, bank.token, window.location.origin) : null
      if (link === null) throw new Error(NO_TOKEN_MESSAGE)
      window.location.assign(link)
      // The page is leaving: the button keeps saying so until it has.
      await new Promise<never>(() => {})
    } catch (error) {
      if (isSpendLimitUnanswered(error)) return askSpendLimit()
      sendLog({ event: "client-error", orderId: order.id, title: "Pay by bank could not start" })
      setProblem(error instanceof Error && !isApiError(error) ? error.message : failureText(error))
      const fresh = await getOrder(order.id).then(
        ({ order: now }) => now,
        () => null,
      )
      if (fresh !== null) refreshed(fresh)
    }
  }
  return { pay, problem }
}

/**
 * docs/product/states.md's payment screen. A paid order moves on, a cancelled one says so,
 * an order with nothing to pay is completed at once; otherwise the card
 * form starts with the first pending payment's token, starting a payment
 * when there is none.
 */
function PaymentPage() {
  const { order: loaded, cardForm, payByBank } = Route.useLoaderData()
  const [order, setOrder] = useLatestOrder(loaded)
  const [problem, setProblem] = useState<string | null>(null)
  // The provider took the money but the order did not complete (yet): no second payment.
  const [received, setReceived] = useState<AcceptedPaymentMessage | null>(null)
  // Never answered the spend-limit question: it is asked here, before any payment (0041).
  const [spendLimitAsked, setSpendLimitAsked] = useState(false)
  const askSpendLimit = () => setSpendLimitAsked(true)
  const customer = useCustomer()
  const step = paymentStep(order, cardForm.provider)
  const leave = useLeavePayment()
  const automatic = useAutomaticStep({
    order,
    step,
    provider: cardForm.provider,
    setOrder,
    setProblem,
    askSpendLimit,
    leave,
  })
  const bank = usePayByBank({
    order,
    payByBank,
    askSpendLimit,
    refreshed: (fresh) => {
      automatic.again()
      setOrder(fresh)
    },
  })

  const settle = async (outcome: CardOutcome) => {
    setProblem(null)
    const settled = await settleCardOutcome(order, outcome, { completeOrder, getOrder })
    if (settled.kind === "paid") leave.succeeded(order)
    else if (settled.kind === "failed") leave.failed(order.id, settled.detail)
    else if (settled.kind === "retry") setProblem(settled.message)
    else setReceived(settled.message)
  }

  const paySandbox = async (card: CardValues) => {
    const payment = pendingPayment(order, cardForm.provider)
    if (!payment) return
    const outcome = await confirmSandboxPayment({
      clientToken: payment.token,
      cardNumber: card.cardNumber.replace(/\D/g, ""),
      cardholderName: card.cardholderName,
      expiry: card.expiry,
      securityCode: card.securityCode,
    }).then(sandboxOutcome, sandboxFailureOutcome)
    await settle(outcome)
  }

  if (received) return <PaymentReceived received={received} orderId={order.id} />
  if (step.kind === "cancelled") return <OrderCancelled orderRef={order.orderRef} />
  if (step.kind === "refunded") return <OrderRefunded order={order} />
  if (spendLimitAsked && customer?.customerId)
    return (
      <PaymentLayout order={order}>
        <SpendLimitBeforePayment
          customerId={customer.customerId}
          onAnswered={() => {
            // Answered: the payment starts as it would have, and the form follows.
            automatic.again()
            setSpendLimitAsked(false)
          }}
        />
      </PaymentLayout>
    )
  if (problem && step.kind !== "card")
    return <PaymentProblem problem={problem} orderId={order.id} />
  if (step.kind !== "card")
    return (
      <Working
        text={step.kind === "start" ? "Getting ready for your payment…" : "Completing your order…"}
      />
    )
  return (
    <PaymentLayout order={order}>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      <PaymentChoices
        order={order}
        payment={step.payment}
        cardForm={cardForm}
        bank={payByBank === null ? null : bank}
        onPaySandbox={paySandbox}
        onOutcome={settle}
      />
    </PaymentLayout>
  )
}

/** The provider took the money but the order did not complete (yet): said, with where to look. */
const PaymentReceived = ({
  received,
  orderId,
}: {
  received: AcceptedPaymentMessage
  orderId: string
}) => (
  <MessagePage icon="info">
    <h1 className="display-title text-3xl">{received.title}</h1>
    <p role="status" className="mt-3 text-muted">
      {received.text}
    </p>
    <OrderLinks orderId={orderId} />
  </MessagePage>
)

const OrderRefunded = ({ order }: { order: OrderJson }) => (
  <MessagePage icon="info">
    <h1 className="display-title text-3xl">Order refunded</h1>
    <p className="mt-3 text-muted">
      Order {order.orderRef} was paid and has since been refunded, so there is nothing to pay.
    </p>
    <OrderLinks orderId={order.id} />
  </MessagePage>
)

/** A payment could not be started or the order completed: no form to retry in, so the way out. */
const PaymentProblem = ({ problem, orderId }: { problem: string; orderId: string }) => (
  <MessagePage icon="info">
    <h1 className="display-title text-3xl">We couldn't take your payment</h1>
    <p role="alert" className="mt-3 text-muted">
      {problem}
    </p>
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/Account/Order/$id" params={{ id: orderId }} className="btn-primary">
        View order
      </Link>
      <Link to="/" className="btn-outline">
        Home
      </Link>
    </div>
  </MessagePage>
)

/** Why a credit card cannot pay this attempt (decision 0042), in the shop's words. */
const CreditCardNotice = ({ notice }: { notice: string }) => (
  <div
    role="note"
    aria-label="Paying by credit card"
    className="rounded-xl border border-accent/30 bg-accent-soft px-4 py-3 text-sm font-medium text-accent-strong dark:text-accent"
  >
    <p>{notice}</p>
    <p className="mt-1 font-normal">
      <Link to="/ResponsiblePlay" className="underline">
        Why? Read about responsible play
      </Link>
    </p>
  </div>
)

/**
 * The ways to pay: the shop's card form for its provider, and pay by bank
 * when offered (first when a credit card cannot pay, so the way that can is
 * seen first).
 */
const PaymentChoices = ({
  order,
  payment,
  cardForm,
  bank,
  onPaySandbox,
  onOutcome,
}: {
  order: OrderJson
  payment: PaymentJson & { readonly token: string }
  cardForm: CardFormJson
  bank: { pay: () => Promise<void>; problem: string | null } | null
  onPaySandbox: (card: CardValues) => Promise<void>
  onOutcome: (outcome: CardOutcome) => Promise<void>
}) => {
  const form = cardFormFor(cardForm)
  const creditNotice = creditCardNoticeOf(payment)
  const bankIsFirst = bankFirst(creditNotice)
  const bankPanel = bank ? (
    <div className="space-y-3">
      {bank.problem ? <FormMessage tone="error">{bank.problem}</FormMessage> : null}
      <PayByBankPanel balance={order.orderBalance} first={bankIsFirst} onPay={bank.pay} />
    </div>
  ) : null
  return (
    <>
      {bankIsFirst ? bankPanel : null}
      {creditNotice ? <CreditCardNotice notice={creditNotice} /> : null}
      {form.kind === "sandbox" ? (
        <CardForm balance={order.orderBalance} onPay={onPaySandbox} />
      ) : form.kind === "checkout" ? (
        <CheckoutFlowForm
          balance={order.orderBalance}
          scriptUrl={form.scriptUrl}
          clientToken={payment.token}
          creditCardNotice={creditNotice}
          onOutcome={onOutcome}
        />
      ) : (
        <StripeCardForm
          balance={order.orderBalance}
          publishableKey={form.publishableKey}
          scriptUrl={form.scriptUrl}
          clientSecret={payment.token}
          onOutcome={onOutcome}
        />
      )}
      {bankIsFirst ? null : bankPanel}
    </>
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
