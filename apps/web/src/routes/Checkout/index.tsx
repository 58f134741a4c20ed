import type { BasketJson } from "@howzat/contracts/baskets"
import type { CustomerJson } from "@howzat/contracts/customers"
import { formatMoney, pence } from "@howzat/core/rules"
import { useStore } from "@tanstack/react-form"
import { createFileRoute, useNavigate } from "@tanstack/react-router"
import { useEffect, useRef, useState } from "react"
import { getCustomer, register, updateCustomer } from "../../api/accounts"
import { checkoutBasket } from "../../api/baskets"
import { logCreateOrder } from "../../api/logging"
import { signInWith } from "../../auth/session"
import { useSession } from "../../auth/use-session"
import {
  addressesOf,
  afterCheckoutPath,
  blankCheckoutValues,
  type CheckoutMode,
  type CheckoutStep,
  type CheckoutValues,
  checkoutRules,
  checkoutStepFailure,
  checkoutValuesOf,
  customerUpdateOf,
  needsAddress,
  personOf,
  registrationOf,
} from "../../basket/checkout"
import { reloadBasket, startNewBasket } from "../../basket/store"
import { useBasketState } from "../../basket/use-basket"
import { pageTitle } from "../../brand"
import { StandingNotice } from "../../components/account/StandingNotice"
import { BasketPending, EmptyBasket } from "../../components/Basket"
import { BillingFields, useCheckoutForm } from "../../components/basket/checkout/BillingFields"
import { CheckoutLogin } from "../../components/basket/checkout/CheckoutLogin"
import { OrderSummary } from "../../components/basket/checkout/OrderSummary"
import { SiteCreditPanel } from "../../components/basket/checkout/SiteCreditPanel"
import { Dialog, DialogLines } from "../../components/Dialog"
import { FormMessage, ShowErrorsWhenTouched, submitWith } from "../../components/forms/Fields"
import { PageHeading } from "../../components/PageStates"
import { basketTexts, checkoutOutcome, ticketItems } from "../../lib/basket"
import type { DialogContent } from "../../lib/error-text"
import { firstFormError, type Rules } from "../../lib/form-rules"
import { checkoutEvent } from "../../tracking/basket-events"
import { marketingEvents } from "../../tracking/index"

export const Route = createFileRoute("/Checkout/")({
  head: () => ({ meta: [{ title: pageTitle("Checkout") }] }),
  component: Checkout,
})

/** Marketing hears once per basket that its checkout began (only with consent: tracking/gate.ts). */
const useCheckoutStarted = (basket: BasketJson | null) => {
  const reported = useRef<string | null>(null)
  useEffect(() => {
    if (basket === null || ticketItems(basket).length === 0 || reported.current === basket.id)
      return
    reported.current = basket.id
    marketingEvents.checkoutStarted(checkoutEvent(basket))
  }, [basket])
}

/** A message the customer reads before the page moves on (or stays, with nothing `afterwards`). */
interface Notice {
  readonly content: DialogContent
  readonly afterwards?: () => void
}

/** The signed-in customer's record, for the read-only billing details. */
const useCustomerRecord = (customerId: string | null) => {
  const [record, setRecord] = useState<{ id: string; customer: CustomerJson } | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (customerId === null) return
    const controller = new AbortController()
    setFailed(false)
    getCustomer(customerId, controller.signal).then(
      ({ customer }) => setRecord({ id: customerId, customer }),
      () => {
        if (!controller.signal.aborted) setFailed(true)
      },
    )
    return () => controller.abort()
  }, [customerId])
  const customer = customerId !== null && record?.id === customerId ? record.customer : null
  return { customer, failed }
}

/**
 * /Checkout (docs/product/screens.md, docs/product/states.md). A visitor is registered (and so logged in) and
 * their addresses saved before the basket is checked out, because checkout
 * is a signed-in customer's call (docs/decisions/0007). What allocation did
 * to the basket is reported before moving on to payment.
 */
function Checkout() {
  const { basket, status } = useBasketState()
  const session = useSession()
  const user = session.status === "signedIn" ? session.user : null
  const { customer, failed } = useCustomerRecord(user?.customerId ?? null)
  const [leaving, setLeaving] = useState(false)
  useCheckoutStarted(basket)
  const [notice, setNotice] = useState<Notice | null>(null)
  // Registering logs the visitor in halfway through placing the order: the
  // form they pressed stays on screen until the order is placed or refused.
  const [frozen, setFrozen] = useState<CheckoutMode | null>(null)
  const mode: CheckoutMode | null =
    frozen ??
    (customer ? { kind: "customer", customer } : user === null ? { kind: "visitor" } : null)

  const dialog = (
    <Dialog
      open={notice !== null}
      title={notice?.content.title ?? ""}
      tone="error"
      onClose={() => {
        const afterwards = notice?.afterwards
        setNotice(null)
        afterwards?.()
      }}
    >
      {notice ? <DialogLines content={notice.content} /> : null}
    </Dialog>
  )

  if (leaving) {
    return (
      <>
        <p role="status" className="px-5 py-16 text-center text-muted">
          Placing your order…
        </p>
        {dialog}
      </>
    )
  }
  return (
    <div className="mx-auto max-w-5xl px-3 py-8 sm:px-5 lg:py-12">
      <PageHeading title="Checkout" />
      <StandingNotice />
      {basket === null ? (
        <div className="card">
          <BasketPending failed={status === "error"} />
        </div>
      ) : ticketItems(basket).length === 0 && frozen === null ? (
        <div className="card">
          <EmptyBasket />
        </div>
      ) : mode === null ? (
        failed ? (
          <FormMessage tone="error">
            We couldn't load your details just now. Please refresh the page to try again.
          </FormMessage>
        ) : (
          <p role="status" className="text-muted">
            Loading your details…
          </p>
        )
      ) : (
        <CheckoutForm
          // A new form when the visitor logs in: the customer's details replace the blank ones.
          key={mode.kind === "customer" ? mode.customer.customerId : "visitor"}
          basket={basket}
          mode={mode}
          onFreeze={setFrozen}
          onNotice={setNotice}
          onLeaving={() => setLeaving(true)}
        />
      )}
      {dialog}
    </div>
  )
}

/** The checkout form's basket and mode, and what it tells the page around it. */
interface CheckoutFormProps {
  basket: BasketJson
  mode: CheckoutMode
  onFreeze: (mode: CheckoutMode | null) => void
  onNotice: (notice: Notice) => void
  onLeaving: () => void
}

/**
 * Placing the order from the form: a visitor registers (and so logs in) and
 * their address is saved, a customer without one saves it, then the basket
 * is checked out. What allocation changed is said before moving on; which
 * step failed decides what the customer is told (docs/product/errors.md).
 */
const usePlaceOrder = ({
  basket,
  mode,
  onFreeze,
  onNotice: setNotice,
  onLeaving,
}: CheckoutFormProps) => {
  const navigate = useNavigate()
  const go = (href: string) => {
    onLeaving()
    void navigate({ href })
  }
  return async (value: CheckoutValues) => {
    const before = basket
    // Which step failed decides what the customer is told (docs/product/errors.md).
    let step: CheckoutStep = "register"
    onFreeze(mode)
    try {
      if (mode.kind === "visitor") {
        const user = await signInWith(await register(registrationOf(value)))
        const customerId = user.customerId ?? ""
        step = "saveAddress"
        await updateCustomer(customerId, customerUpdateOf(customerId, personOf(value), value))
      } else if (needsAddress(mode)) {
        step = "saveAddress"
        await updateCustomer(
          mode.customer.customerId,
          customerUpdateOf(mode.customer.customerId, mode.customer, value),
        )
      }
      step = "placeOrder"
      // A saved address is the order's by default; a typed one is sent with it.
      const typed = needsAddress(mode) ? addressesOf(value) : null
      const { basket: after, order } = await checkoutBasket(
        basket.id,
        typed ? { billingAddress: typed.billing, shippingAddress: typed.shipping } : {},
      )
      logCreateOrder(order.id)
      marketingEvents.orderPlaced({ orderId: order.id, value: order.orderTotal })
      // Paid in full with site credit and completed at once: the payment page is skipped.
      if (order.status === "Completed" && order.orderBalance <= 0)
        marketingEvents.orderPaid({ orderId: order.id, value: order.orderTotal })
      onLeaving()
      // The old basket now belongs to the order (docs/product/states.md): this browser starts a new one.
      void startNewBasket().catch(() => undefined)
      const outcome = checkoutOutcome(before, after, order)
      const next = ticketItems(after).length === 0 ? "/" : afterCheckoutPath(order)
      if (outcome.kind === "unchanged") go(next)
      else setNotice({ content: outcome.content, afterwards: () => go(next) })
    } catch (error) {
      const failure = checkoutStepFailure(step, error, ticketItems(before).length)
      setNotice({
        content: failure.content,
        afterwards: failure.goHome
          ? () => {
              void reloadBasket()
              go("/")
            }
          : undefined,
      })
    } finally {
      onFreeze(null)
    }
  }
}

const CheckoutForm = ({ basket, mode, onFreeze, onNotice, onLeaving }: CheckoutFormProps) => {
  const rules = checkoutRules(mode)
  const placeOrder = usePlaceOrder({ basket, mode, onFreeze, onNotice, onLeaving })
  const formElement = useRef<HTMLFormElement>(null)
  const form = useCheckoutForm(
    mode.kind === "customer" ? checkoutValuesOf(mode.customer) : blankCheckoutValues(),
    placeOrder,
    // Every field's message shows; the customer starts at the first to fix.
    () => formElement.current,
  )

  return (
    <div className="space-y-6">
      {mode.kind === "visitor" ? <CheckoutLogin /> : null}
      <OrderSummary basket={basket} />
      <form ref={formElement} noValidate onSubmit={submitWith(form)} className="space-y-6">
        <ShowErrorsWhenTouched>
          <BillingFields form={form} mode={mode} rules={rules} />
        </ShowErrorsWhenTouched>
        {basket.siteCreditAvailable > 0 ? <SiteCreditPanel basket={basket} /> : null}
        <GrandTotal basket={basket} form={form} rules={rules} />
      </form>
    </div>
  )
}

/** The total to pay and the button that places the order, with a word when fields need fixing. */
const GrandTotal = ({
  basket,
  form,
  rules,
}: {
  basket: BasketJson
  form: ReturnType<typeof useCheckoutForm>
  rules: Rules<CheckoutValues>
}) => {
  const values = useStore(form.store, (s) => s.values)
  const attempted = useStore(form.store, (s) => s.submissionAttempts > 0)
  const submitting = useStore(form.store, (s) => s.isSubmitting)
  const invalid = firstFormError(rules, values) !== undefined
  return (
    <section aria-label="Grand total" className="card space-y-4 p-5 sm:p-6">
      <p className="flex items-baseline justify-between text-xl font-extrabold">
        <span>GRAND TOTAL</span>
        <span className="tabular-nums" data-testid="grand-total">
          {formatMoney(pence(basket.basketTotal))}
        </span>
      </p>
      {attempted && invalid ? (
        <FormMessage tone="error">{basketTexts.invalidForm}</FormMessage>
      ) : null}
      <button
        type="submit"
        className="btn-primary w-full py-3.5 text-base"
        disabled={submitting}
        aria-busy={submitting || undefined}
      >
        {submitting ? "PLEASE WAIT…" : "PROCEED TO PAYMENT"}
      </button>
    </section>
  )
}
