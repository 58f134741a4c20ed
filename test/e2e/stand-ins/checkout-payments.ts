import { randomInt } from "node:crypto"
import {
  cardOf,
  FAILED_3DS,
  fingerprintOf,
  RESPONSE_SUMMARIES,
  type TestCard,
} from "./checkout-cards"
import { ckoId, type EventData, type Webhooks } from "./checkout-webhooks"

/**
 * The Checkout.com stand-in's payment sessions and payments
 * (checkout-provider.ts serves them over HTTP): how a payment moves from
 * Pending (a 3-D Secure challenge) or straight to Authorized or Declined,
 * then Captured (the session asked for capture), Voided or Refunded, the
 * webhook each change sends, and the payment as `GET /payments` shows it.
 * Shapes follow Checkout.com's API reference and its SDKs' recorded answers:
 * statuses in title case, `source.card_type` in capitals, the decline's
 * response code on the payment's authorisation action, and in webhooks
 * `source.last_4` where the API says `last4`. The payment itself carries no
 * response code, and neither the list by reference nor a lookup by payment
 * id carries the actions summary (the API reference gives it only to a
 * lookup by session id): the code is in `GET /payments/{id}/actions`.
 */

export interface Session {
  readonly id: string
  /** What Flow presents with the public key: only the browser that has it can pay. */
  readonly secret: string
  readonly token: string
  readonly amount: number
  readonly currency: string
  readonly reference: string | undefined
  readonly successUrl: string
  readonly failureUrl: string
  readonly metadata: Record<string, unknown>
  readonly expiresOn: string
  readonly customer: { readonly name?: string; readonly email?: string } | undefined
  readonly capture: boolean
  readonly locale: string
}

export interface CardDetails {
  readonly number: string
  readonly expiryMonth: number
  readonly expiryYear: number
  readonly name: string
}

type ActionType = "Authorization" | "Capture" | "Void" | "Refund"

export interface Action {
  readonly id: string
  readonly type: ActionType
  readonly amount: number
  readonly reference: string | undefined
  /** The issuer's code, on an approved authorisation only. */
  readonly auth_code: string | undefined
  readonly response_code: string
  readonly response_summary: string
  readonly processed_on: string
}

export type PaymentStatus =
  | "Pending"
  | "Authorized"
  | "Captured"
  | "Declined"
  | "Voided"
  | "Refunded"
  | "Partially Refunded"

export interface Payment {
  readonly id: string
  readonly session: Session
  readonly requestedOn: string
  readonly details: CardDetails
  readonly card: TestCard
  readonly sourceId: string
  /** Authorised but left uncaptured until a hook captures it (to test voids). */
  readonly holdCapture: boolean
  status: PaymentStatus
  approved: boolean
  readonly totals: { authorized: number; captured: number; voided: number; refunded: number }
  /** Oldest first. */
  readonly actions: Action[]
  threeDs?: { readonly sessionId: string; authenticationResponse?: "Y" | "N" }
}

let lastStamp = 0
/** Time stamps strictly increasing, so newest-first never ties. */
export const stamp = () => {
  lastStamp = Math.max(Date.now(), lastStamp + 1)
  return new Date(lastStamp).toISOString()
}

const digits = (length: number) =>
  Array.from({ length }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join("")

export const makePayments = (webhooks: Webhooks, apiUrl: () => string) => {
  const sessions = new Map<string, Session>()
  const payments = new Map<string, Payment>()

  const action = (
    payment: Payment,
    type: ActionType,
    amount: number,
    responseCode = "10000",
    reference?: string,
  ) => {
    const done: Action = {
      id: ckoId("act"),
      type,
      amount,
      reference,
      auth_code: type === "Authorization" && responseCode === "10000" ? digits(6) : undefined,
      response_code: responseCode,
      response_summary: RESPONSE_SUMMARIES[responseCode] ?? "Declined",
      processed_on: stamp(),
    }
    payment.actions.push(done)
    return done
  }

  const balancesOf = ({ status, totals }: Payment) => {
    const open = status === "Authorized"
    return {
      total_authorized: totals.authorized,
      total_voided: totals.voided,
      available_to_void: open ? totals.authorized : 0,
      total_captured: totals.captured,
      available_to_capture: open ? totals.authorized - totals.captured : 0,
      total_refunded: totals.refunded,
      available_to_refund: totals.captured - totals.refunded,
    }
  }

  const cardFields = ({ details, card, sourceId }: Payment) => ({
    id: sourceId,
    type: "card",
    expiry_month: details.expiryMonth,
    expiry_year: details.expiryYear,
    name: details.name,
    fingerprint: fingerprintOf(details.number),
    bin: details.number.slice(0, 6),
    card_type: card.cardType,
    card_category: "CONSUMER",
    issuer_country: card.issuerCountry,
  })

  const threeDsOf = (payment: Payment) =>
    payment.threeDs?.authenticationResponse
      ? {
          "3ds": {
            downgraded: false,
            enrolled: "Y",
            authentication_response: payment.threeDs.authenticationResponse,
            version: "2.2.0",
            challenged: true,
          },
        }
      : {}

  const customerOf = ({ session }: Payment) =>
    session.customer ? { customer: { id: `cus_${session.id.slice(3)}`, ...session.customer } } : {}

  /** The payment as `GET /payments` and `GET /payments/{id}` answer it: no actions, no code. */
  const view = (payment: Payment) => {
    const { session, status } = payment
    const self = `${apiUrl()}/payments/${payment.id}`
    const approved = ["Authorized", "Captured", "Refunded", "Partially Refunded"].includes(status)
    const expiresOn = new Date(Date.parse(payment.requestedOn) + 30 * 86_400_000).toISOString()
    return {
      id: payment.id,
      requested_on: payment.requestedOn,
      source: {
        ...cardFields(payment),
        scheme: payment.card.scheme,
        last4: payment.details.number.slice(-4),
        avs_check: "G",
        cvv_check: "Y",
      },
      ...(approved ? { expires_on: expiresOn } : {}),
      amount: session.amount,
      currency: session.currency,
      payment_type: "Regular",
      ...(session.reference ? { reference: session.reference } : {}),
      status,
      approved: payment.approved,
      ...threeDsOf(payment),
      balances: balancesOf(payment),
      risk: { flagged: false, score: 0 },
      ...customerOf(payment),
      metadata: session.metadata,
      _links: {
        self: { href: self },
        actions: { href: `${self}/actions` },
        ...(status === "Authorized"
          ? { capture: { href: `${self}/captures` }, void: { href: `${self}/voids` } }
          : {}),
        ...(balancesOf(payment).available_to_refund > 0
          ? { refund: { href: `${self}/refunds` } }
          : {}),
      },
    }
  }

  /** `GET /payments/{id}/actions`: latest first, each with its response code. */
  const actionsView = (payment: Payment) =>
    [...payment.actions].reverse().map((done) => ({
      id: done.id,
      type: done.type,
      processed_on: done.processed_on,
      amount: done.amount,
      approved: done.response_code === "10000",
      ...(done.auth_code ? { auth_code: done.auth_code } : {}),
      response_code: done.response_code,
      response_summary: done.response_summary,
      ...(done.reference ? { reference: done.reference } : {}),
    }))

  /** An event's `data`, as Checkout.com's examples of each type show it. */
  const eventData = (payment: Payment, done: Action, withCard: boolean): EventData => ({
    id: payment.id,
    action_id: done.id,
    ...(payment.session.reference ? { reference: payment.session.reference } : {}),
    amount: done.amount,
    currency: payment.session.currency,
    metadata: payment.session.metadata,
    processed_on: done.processed_on,
    response_code: done.response_code,
    response_summary: done.response_summary,
    ...(withCard
      ? {
          auth_code: done.auth_code ?? digits(6),
          ...customerOf(payment),
          payment_type: "Regular",
          risk: { flagged: false, score: 0 },
          scheme_id: digits(15),
          ...threeDsOf(payment),
          // A webhook writes the scheme in capitals and the last digits as `last_4`.
          source: {
            ...cardFields(payment),
            scheme: payment.card.scheme.toUpperCase(),
            last_4: payment.details.number.slice(-4),
          },
        }
      : { balances: balancesOf(payment) }),
  })

  const decline = (payment: Payment, responseCode: string) => {
    payment.status = "Declined"
    payment.approved = false
    const done = action(payment, "Authorization", payment.session.amount, responseCode)
    void webhooks.send("payment_declined", eventData(payment, done, true))
  }

  const capture = (payment: Payment) => {
    payment.status = "Captured"
    payment.totals.captured = payment.totals.authorized
    const done = action(payment, "Capture", payment.totals.captured)
    // payment_captured carries no card: the shop asks for the payment to learn it.
    void webhooks.send("payment_captured", eventData(payment, done, false))
  }

  const authorize = (payment: Payment) => {
    if (payment.card.responseCode !== "10000") return decline(payment, payment.card.responseCode)
    payment.status = "Authorized"
    payment.approved = true
    payment.totals.authorized = payment.session.amount
    const done = action(payment, "Authorization", payment.session.amount)
    void webhooks.send("payment_approved", eventData(payment, done, true))
    if (payment.session.capture && !payment.holdCapture) capture(payment)
  }

  /**
   * A payment from the session with this card: authorised at once, or
   * Pending while the customer answers the 3-D Secure challenge.
   */
  const pay = (session: Session, details: CardDetails, holdCapture = false): Payment => {
    const card = cardOf(details.number)
    const payment: Payment = {
      id: ckoId("pay"),
      session,
      requestedOn: stamp(),
      details,
      card,
      sourceId: `src_${fingerprintOf(details.number).slice(0, 26).toLowerCase()}`,
      holdCapture,
      status: "Pending",
      approved: false,
      totals: { authorized: 0, captured: 0, voided: 0, refunded: 0 },
      actions: [],
    }
    payments.set(payment.id, payment)
    if (card.challenge) payment.threeDs = { sessionId: ckoId("sid") }
    else authorize(payment)
    return payment
  }

  /** The customer's answer to the challenge; only a completed one at an authenticating card pays. */
  const authenticate = (payment: Payment, completed: boolean) => {
    const authenticated = completed && payment.card.challenge === "authenticated"
    if (payment.threeDs) payment.threeDs.authenticationResponse = authenticated ? "Y" : "N"
    if (authenticated) authorize(payment)
    else decline(payment, FAILED_3DS)
  }

  const voidPayment = (payment: Payment, reference: string | undefined) => {
    payment.status = "Voided"
    payment.totals.voided = payment.totals.authorized
    const done = action(payment, "Void", payment.totals.voided, "10000", reference)
    void webhooks.send("payment_voided", eventData(payment, done, false))
    return done
  }

  const refund = (payment: Payment, amount: number, reference: string | undefined) => {
    payment.totals.refunded += amount
    payment.status =
      payment.totals.refunded === payment.totals.captured ? "Refunded" : "Partially Refunded"
    const done = action(payment, "Refund", amount, "10000", reference)
    void webhooks.send("payment_refunded", eventData(payment, done, false))
    return done
  }

  /** A session's payments share its reference; newest first, as the list answers. */
  const byReference = (reference: string) =>
    [...payments.values()]
      .filter((p) => p.session.reference === reference)
      .sort((a, b) => b.requestedOn.localeCompare(a.requestedOn))

  const ofSession = (session: Session) =>
    [...payments.values()]
      .filter((p) => p.session === session)
      .sort((a, b) => b.requestedOn.localeCompare(a.requestedOn))

  return {
    sessions,
    payments,
    view,
    actionsView,
    pay,
    authenticate,
    capture,
    voidPayment,
    refund,
    byReference,
    ofSession,
    balancesOf,
  }
}

export type Payments = ReturnType<typeof makePayments>
