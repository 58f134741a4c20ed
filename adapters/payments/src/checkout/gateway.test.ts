import { createHmac } from "node:crypto"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@effect/vitest"
import { pence } from "@howzat/core/rules"
import { Effect, TestClock } from "effect"
import fc from "fast-check"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { cardFundingOf, makeCheckoutGateway, sessionReference } from "./gateway"

const API = "https://pfx.api.sandbox.checkout.test"
const SIGNATURE_KEY = "whsk-shop"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const config = {
  secretKey: "sk_sbox_shop",
  publicKey: "pk_sbox_shop",
  processingChannelId: "pc_shop",
  webhookSignatureKey: SIGNATURE_KEY,
  environment: "sandbox",
  apiUrl: `${API}/`,
  successUrl: "https://howzat.test/orders/{orderId}/return?outcome=success",
  failureUrl: "https://howzat.test/orders/{orderId}/return?outcome=failure",
  timeout: "200 millis",
} as const
const gateway = makeCheckoutGateway(config)

const order = {
  orderId: "order-9",
  amount: pence(2599),
  idempotencyKey: "order-9:1",
  creditCardsAllowed: true,
}
const REF = sessionReference(order.idempotencyKey)

const reasonOf = <A>(effect: Effect.Effect<A, { readonly reason: string }>) =>
  Effect.flip(effect).pipe(Effect.map((e) => e.reason))

type Payment = Record<string, unknown> & { id: string; status: string }

/** A card payment as GET /payments answers it. */
const cardPayment = (
  id: string,
  status: string,
  fields: Record<string, unknown> = {},
  source: Record<string, unknown> = {},
): Payment => ({
  id,
  status,
  reference: REF,
  amount: 2599,
  currency: "GBP",
  approved: !["Declined", "Canceled", "Expired"].includes(status),
  requested_on: "2026-11-29T10:00:00Z",
  source: {
    id: "src_1",
    type: "card",
    scheme: "Visa",
    last4: "4242",
    fingerprint: "FP-VISA-4242",
    card_type: "DEBIT",
    ...source,
  },
  ...fields,
})

/**
 * Checkout.com as far as the adapter sees it: payments listed by reference,
 * voids and refunds remembered under their idempotency keys.
 */
const standIn = (initial: Payment[] = []) => {
  const state = {
    payments: [...initial],
    voids: new Map<string, string>(),
    refunds: new Map<string, { paymentId: string; amount: number; actionId: string }>(),
    calls: [] as Array<{ method: string; path: string; headers: Headers; body: unknown }>,
    /** Answers the next refund with a dropped connection, after doing it. */
    dropNextRefund: false,
    /** Refuses voids, as for a payment captured meanwhile. */
    refuseVoids: false,
    /** GET /payments/{id}/actions, latest first, by payment id. */
    actions: new Map<string, Array<Record<string, unknown>>>(),
  }
  const remember = async (request: Request) => {
    const text = await request.text()
    const url = new URL(request.url)
    state.calls.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    })
    if (request.headers.get("authorization") !== `Bearer ${config.secretKey}`) {
      throw new Error("unauthenticated request")
    }
    return text ? JSON.parse(text) : undefined
  }
  server.use(
    http.get(`${API}/payments`, async ({ request }) => {
      await remember(request)
      const reference = new URL(request.url).searchParams.get("reference")
      const data = state.payments.filter((p) => p.reference === reference)
      return HttpResponse.json({ limit: 100, skip: 0, total_count: data.length, data })
    }),
    http.get(`${API}/payments/:id/actions`, async ({ request, params }) => {
      await remember(request)
      const actions = state.actions.get(String(params.id))
      return actions ? HttpResponse.json(actions) : new HttpResponse(null, { status: 404 })
    }),
    http.post(`${API}/payments/:id/voids`, async ({ request, params }) => {
      await remember(request)
      const payment = state.payments.find((p) => p.id === params.id)
      if (!payment) return new HttpResponse(null, { status: 404 })
      if (state.refuseVoids || payment.status !== "Authorized") {
        return HttpResponse.json(
          { request_id: "req_1", error_type: "action_not_allowed" },
          { status: 403 },
        )
      }
      const key = request.headers.get("cko-idempotency-key") ?? ""
      if (!state.voids.has(key)) state.voids.set(key, `act_void_${state.voids.size + 1}`)
      // Accepted now, done a moment later: the list still says Authorized.
      return HttpResponse.json({ action_id: state.voids.get(key), reference: REF }, { status: 202 })
    }),
    http.post(`${API}/payments/:id/refunds`, async ({ request, params }) => {
      const body = (await remember(request)) as { amount: number }
      const key = request.headers.get("cko-idempotency-key") ?? ""
      if (!state.refunds.has(key)) {
        state.refunds.set(key, {
          paymentId: String(params.id),
          amount: body.amount,
          actionId: `act_refund_${state.refunds.size + 1}`,
        })
      }
      if (state.dropNextRefund) {
        state.dropNextRefund = false
        return HttpResponse.error()
      }
      return HttpResponse.json(
        { action_id: state.refunds.get(key)?.actionId, reference: REF },
        { status: 202 },
      )
    }),
  )
  return state
}

describe("the Checkout.com gateway: payment sessions", () => {
  it.effect(
    "creates a Flow session: GBP in pence, 3-D Secure, captured, per-intent reference",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(Date.parse("2026-11-29T10:00:00Z"))
        const seen: Array<{ headers: Headers; body: Record<string, unknown> }> = []
        server.use(
          http.post(`${API}/payment-sessions`, async ({ request }) => {
            seen.push({ headers: request.headers, body: (await request.json()) as never })
            return HttpResponse.json(
              {
                id: "ps_1",
                payment_session_token: "pst-1",
                payment_session_secret: "pss_1",
                _links: { self: { href: `${API}/payment-sessions/ps_1` } },
              },
              { status: 201 },
            )
          }),
        )
        const intent = yield* gateway.createIntent({
          ...order,
          creditCardsAllowed: false,
          creditCardNotice: "A credit card cannot pay for an instant win.",
          payer: { name: "Jo Bloggs", email: "jo@example.com" },
        })
        expect(intent.providerReference).toBe(REF)
        expect(JSON.parse(intent.clientToken)).toEqual({
          paymentSession: {
            id: "ps_1",
            payment_session_secret: "pss_1",
            payment_session_token: "pst-1",
          },
          publicKey: "pk_sbox_shop",
          environment: "sandbox",
        })
        const [call] = seen
        expect(call?.headers.get("authorization")).toBe("Bearer sk_sbox_shop")
        expect(call?.headers.get("cko-idempotency-key")).toBe("order-9:1")
        expect(call?.headers.get("content-type")).toBe("application/json")
        expect(call?.body).toEqual({
          amount: 2599,
          currency: "GBP",
          reference: REF,
          processing_channel_id: "pc_shop",
          payment_type: "Regular",
          capture: true,
          "3ds": { enabled: true },
          enabled_payment_methods: ["card", "applepay", "googlepay"],
          billing: { address: { country: "GB" } },
          customer: { name: "Jo Bloggs", email: "jo@example.com" },
          // Each order's customer comes back to their own order.
          success_url: "https://howzat.test/orders/order-9/return?outcome=success",
          failure_url: "https://howzat.test/orders/order-9/return?outcome=failure",
          locale: "en-GB",
          expires_on: "2026-11-29T11:00:00.000Z",
          metadata: { order_id: "order-9", credit_cards_allowed: false },
        })
      }),
  )

  it("makes one short reference per idempotency key", () => {
    expect(REF).toMatch(/^hz-[A-Za-z0-9_-]{24}$/)
    // American Express takes at most 30 characters.
    expect(REF.length).toBeLessThanOrEqual(30)
    expect(sessionReference("order-9:1")).toBe(REF)
    expect(sessionReference("order-9:2")).not.toBe(REF)
  })

  it("every key's reference fits American Express and only that key gives it", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sessionReference(a)).toMatch(/^hz-[A-Za-z0-9_-]{24}$/)
        expect(sessionReference(a) === sessionReference(b)).toBe(a === b)
      }),
    )
  })

  it.effect("a refusal or nonsense is unavailable, in Checkout.com's words", () =>
    Effect.gen(function* () {
      server.use(
        http.post(`${API}/payment-sessions`, () =>
          HttpResponse.json(
            {
              request_id: "req_1",
              error_type: "request_invalid",
              error_codes: ["processing_channel_id_invalid"],
            },
            { status: 422 },
          ),
        ),
      )
      expect(yield* reasonOf(gateway.createIntent(order))).toBe(
        "The provider answered 422: request_invalid (processing_channel_id_invalid)",
      )
      server.use(http.post(`${API}/payment-sessions`, () => HttpResponse.json({ id: "ps_1" })))
      expect(yield* reasonOf(gateway.createIntent(order))).toMatch(/not a payment session/)
    }),
  )
})

describe("the Checkout.com gateway: where a payment stands", () => {
  it.effect("paid: captured is Succeeded, with the card's funding and fingerprint", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Captured")])
      expect(yield* gateway.intentStatus(REF)).toEqual({
        status: "Succeeded",
        cardFunding: "Debit",
        cardFingerprint: "FP-VISA-4242",
      })
      expect(state.calls[0]?.path).toBe(`/payments?reference=${REF}&limit=100`)
    }),
  )

  it.effect("declined: Failed, in words the customer can act on", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Declined", { response_code: "20051" })])
      expect(yield* gateway.intentStatus(REF)).toEqual({
        status: "Failed",
        failureDetail:
          "Your card was declined: there was not enough money in the account. Your order is still open: please try again, or use another card.",
      })
      state.payments[0] = cardPayment("pay_1", "Declined")
      expect(yield* gateway.intentStatus(REF)).toEqual({
        status: "Failed",
        failureDetail:
          "Your card was declined. Your order is still open: please try again, or use another card.",
      })
      // Another card in the same session, after the decline: the session is paid.
      state.payments.push(
        cardPayment("pay_2", "Captured", { requested_on: "2026-11-29T10:01:00Z" }),
      )
      expect(yield* gateway.intentStatus(REF)).toMatchObject({ status: "Succeeded" })
    }),
  )

  it.effect("declined: the reason is read from the payment's authorisation action", () =>
    Effect.gen(function* () {
      // Checkout.com's payment has no response_code of its own: the code is on
      // its actions (GetPaymentResponse.actions, PaymentActionSummary in its SDKs).
      standIn([
        cardPayment("pay_1", "Declined", {
          actions: [
            {
              id: "act_1",
              type: "Authorization",
              response_code: "20051",
              response_summary: "Insufficient Funds",
            },
          ],
        }),
      ])
      expect(yield* gateway.intentStatus(REF)).toEqual({
        status: "Failed",
        failureDetail:
          "Your card was declined: there was not enough money in the account. Your order is still open: please try again, or use another card.",
      })
    }),
  )

  it.effect("declined, listed without its actions: the reason is asked of the payment", () =>
    Effect.gen(function* () {
      // The list documents neither a response_code nor the actions summary
      // (that comes only with a session id), so the adapter asks
      // GET /payments/{id}/actions, latest first, for the authorisation's code.
      const state = standIn([cardPayment("pay_1", "Declined")])
      const action = (id: string, type: string, code: string, at: string) => ({
        id,
        type,
        processed_on: at,
        amount: 2599,
        approved: code === "10000",
        response_code: code,
        response_summary: code === "10000" ? "Approved" : "Declined",
      })
      state.actions.set("pay_1", [
        action("act_3", "Void", "10000", "2026-11-29T10:00:09Z"),
        action("act_2", "Authorization", "20054", "2026-11-29T10:00:05Z"),
        action("act_1", "Authorization", "20051", "2026-11-29T10:00:01Z"),
      ])
      expect(yield* gateway.intentStatus(REF)).toEqual({
        status: "Failed",
        failureDetail:
          "Your card has expired. Your order is still open: please try again, or use another card.",
      })
      expect(state.calls.map((c) => c.path)).toEqual([
        `/payments?reference=${REF}&limit=100`,
        "/payments/pay_1/actions",
      ])
      // The reason is words, not the outcome: unanswered, the decline stands in general words.
      state.actions.clear()
      expect(yield* gateway.intentStatus(REF)).toEqual({
        status: "Failed",
        failureDetail:
          "Your card was declined. Your order is still open: please try again, or use another card.",
      })
      // Paid with another card: no decline to explain, so nothing more is asked.
      state.payments.push(
        cardPayment("pay_2", "Captured", { requested_on: "2026-11-29T10:01:00Z" }),
      )
      state.calls.length = 0
      expect(yield* gateway.intentStatus(REF)).toMatchObject({ status: "Succeeded" })
      expect(state.calls.map((c) => c.path)).toEqual([`/payments?reference=${REF}&limit=100`])
    }),
  )

  it.effect(
    "3-D Secure: Pending while the bank asks, still Pending when authorised, then paid",
    () =>
      Effect.gen(function* () {
        const state = standIn()
        // Nobody has paid from the session yet.
        expect(yield* gateway.intentStatus(REF)).toEqual({ status: "Pending" })
        state.payments.push(cardPayment("pay_1", "Pending", { approved: false }))
        expect(yield* gateway.intentStatus(REF)).toEqual({ status: "Pending" })
        // Held on the card; the automatic capture is still to come and could be declined.
        state.payments[0] = cardPayment("pay_1", "Authorized")
        expect(yield* gateway.intentStatus(REF)).toEqual({ status: "Pending" })
        state.payments[0] = cardPayment("pay_1", "Captured")
        expect(yield* gateway.intentStatus(REF)).toMatchObject({ status: "Succeeded" })
        // A refunded payment was paid first.
        state.payments[0] = cardPayment("pay_1", "Refunded")
        expect(yield* gateway.intentStatus(REF)).toMatchObject({ status: "Succeeded" })
      }),
  )

  it.effect("a credit card says so, whichever way Checkout.com spells it", () =>
    Effect.gen(function* () {
      const state = standIn()
      for (const [cardType, funding] of [
        ["CREDIT", "Credit"],
        ["Credit", "Credit"],
        ["CHARGE", "Credit"],
        ["PREPAID", "Prepaid"],
        ["Deferred Debit", "Unknown"],
      ] as const) {
        state.payments = [cardPayment("pay_1", "Captured", {}, { card_type: cardType })]
        expect(yield* gateway.intentStatus(REF)).toEqual({
          status: "Succeeded",
          cardFunding: funding,
          cardFingerprint: "FP-VISA-4242",
        })
      }
      expect(cardFundingOf(undefined)).toBeUndefined()
    }),
  )

  it.effect("an unknown state, a 5xx, an error answer, nonsense or silence is unavailable", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Teleported")])
      expect(yield* reasonOf(gateway.intentStatus(REF))).toMatch(/unknown state: Teleported/)
      state.payments = []
      server.use(
        http.get(`${API}/payments`, ({ request }) => {
          switch (new URL(request.url).searchParams.get("reference")) {
            case "down":
              return HttpResponse.text("<html>", { status: 503 })
            case "denied":
              return HttpResponse.json({ error_type: "unauthorized" }, { status: 401 })
            case "junk":
              return HttpResponse.json({ hello: 1 })
            default:
              return HttpResponse.error()
          }
        }),
      )
      expect(yield* reasonOf(gateway.intentStatus("down"))).toMatch(/503 without JSON/)
      expect(yield* reasonOf(gateway.intentStatus("denied"))).toBe(
        "The provider answered 401: unauthorized",
      )
      expect(yield* reasonOf(gateway.intentStatus("junk"))).toMatch(/not a list of payments/)
      const error = yield* Effect.flip(gateway.intentStatus("net"))
      expect(error).toMatchObject({ _tag: "PaymentGatewayUnavailable", provider: "checkout" })
      expect(error.reason).toMatch(/could not be reached/)
    }),
  )
})

describe("the Checkout.com gateway: cancelling", () => {
  const cancelled = { status: "Failed", failureDetail: "The payment was cancelled." }

  it.effect("voids an authorised payment, once however often it is asked", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Authorized")])
      expect(yield* gateway.cancelIntent(REF)).toEqual(cancelled)
      expect(yield* gateway.cancelIntent(REF)).toEqual(cancelled)
      const voids = state.calls.filter((c) => c.path === "/payments/pay_1/voids")
      expect(voids).toHaveLength(2)
      expect(voids.map((c) => c.headers.get("cko-idempotency-key"))).toEqual([
        "void-pay_1",
        "void-pay_1",
      ])
      expect(state.voids.size).toBe(1)
      // Done at Checkout.com: the payment says Voided.
      state.payments[0] = cardPayment("pay_1", "Voided")
      expect(yield* gateway.cancelIntent(REF)).toEqual(cancelled)
    }),
  )

  it.effect("paid before the cancel landed: Succeeded, and nothing is voided", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Captured", {}, { card_type: "CREDIT" })])
      expect(yield* gateway.cancelIntent(REF)).toEqual({
        status: "Succeeded",
        cardFunding: "Credit",
        cardFingerprint: "FP-VISA-4242",
      })
      expect(state.calls.some((c) => c.path.endsWith("/voids"))).toBe(false)
      // Captured between the look and the void: the void is refused, the payment says paid.
      const raced = standIn([cardPayment("pay_1", "Authorized")])
      raced.refuseVoids = true
      let looks = 0
      server.use(
        http.get(`${API}/payments`, () => {
          looks += 1
          const status = looks === 1 ? "Authorized" : "Captured"
          return HttpResponse.json({ data: [cardPayment("pay_1", status)] })
        }),
      )
      expect(yield* gateway.cancelIntent(REF)).toMatchObject({ status: "Succeeded" })
    }),
  )

  it.effect("a session nobody paid from is closed; one mid-3-D Secure stays Pending", () =>
    Effect.gen(function* () {
      const state = standIn()
      expect(yield* gateway.cancelIntent(REF)).toEqual(cancelled)
      state.payments = [cardPayment("pay_1", "Pending", { approved: false })]
      expect(yield* gateway.cancelIntent(REF)).toEqual({ status: "Pending" })
      state.payments = [cardPayment("pay_1", "Declined")]
      expect(yield* gateway.cancelIntent(REF)).toMatchObject({ status: "Failed" })
    }),
  )

  it.effect("a void the provider fails on is unavailable", () =>
    Effect.gen(function* () {
      standIn([cardPayment("pay_1", "Authorized")])
      server.use(
        http.post(`${API}/payments/pay_1/voids`, () =>
          HttpResponse.json({ error_type: "internal" }, { status: 500 }),
        ),
      )
      expect(yield* reasonOf(gateway.cancelIntent(REF))).toBe("The provider answered 500: internal")
    }),
  )
})

describe("the Checkout.com gateway: refunds", () => {
  const request = { providerReference: REF, amount: pence(2599), idempotencyKey: "refund-9" }

  it.effect("refunds the captured payment with the key; the action id comes back", () =>
    Effect.gen(function* () {
      const state = standIn([
        cardPayment("pay_0", "Declined"),
        cardPayment("pay_1", "Captured", { requested_on: "2026-11-29T10:01:00Z" }),
      ])
      expect(yield* gateway.refund(request)).toEqual({ refundReference: "act_refund_1" })
      const call = state.calls.find((c) => c.path === "/payments/pay_1/refunds")
      expect(call?.headers.get("cko-idempotency-key")).toBe("refund-9")
      expect(call?.body).toEqual({ amount: 2599, reference: REF })
    }),
  )

  it.effect("unreachable mid-refund: unavailable, and the retry gives the same one refund", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Captured")])
      // Checkout.com did it; the answer is lost on the way back.
      state.dropNextRefund = true
      const error = yield* Effect.flip(gateway.refund(request))
      expect(error._tag).toBe("PaymentGatewayUnavailable")
      expect(yield* gateway.refund(request)).toEqual({ refundReference: "act_refund_1" })
      expect(state.refunds.size).toBe(1)
      expect([...state.refunds.values()]).toEqual([
        { paymentId: "pay_1", amount: 2599, actionId: "act_refund_1" },
      ])
    }),
  )

  it.effect("nothing captured, a refusal or nonsense is unavailable", () =>
    Effect.gen(function* () {
      const state = standIn([cardPayment("pay_1", "Declined")])
      expect(yield* reasonOf(gateway.refund(request))).toMatch(/no captured payment/)
      state.payments = [cardPayment("pay_1", "Captured")]
      server.use(
        http.post(`${API}/payments/pay_1/refunds`, () =>
          HttpResponse.json(
            { error_type: "request_invalid", error_codes: ["refund_amount_exceeds_balance"] },
            { status: 422 },
          ),
        ),
      )
      expect(yield* reasonOf(gateway.refund(request))).toBe(
        "The provider answered 422: request_invalid (refund_amount_exceeds_balance)",
      )
      server.use(http.post(`${API}/payments/pay_1/refunds`, () => HttpResponse.json({})))
      expect(yield* reasonOf(gateway.refund(request))).toMatch(/not a refund/)
    }),
  )
})

describe("the Checkout.com gateway: webhooks", () => {
  const signed = (body: string, key = SIGNATURE_KEY) =>
    createHmac("sha256", key).update(body).digest("hex")
  const deliver = (body: string, signature: string | undefined) =>
    gateway.verifyNotification(body, {
      "content-type": "application/json",
      "cko-signature": signature,
    })
  const event = (type: string, data: Record<string, unknown> = {}, id = "evt_1") =>
    JSON.stringify({
      id,
      type,
      version: "1.0.33",
      created_on: "2026-11-29T10:00:05Z",
      data: {
        id: "pay_1",
        action_id: "act_1",
        reference: REF,
        amount: 2599,
        currency: "GBP",
        metadata: { order_id: "order-9", credit_cards_allowed: true },
        processed_on: "2026-11-29T10:00:04Z",
        ...data,
      },
      _links: { self: { href: `${API}/workflows/events/${id}` } },
    })

  it.effect("a genuine capture verifies to Succeeded; its retry carries the same event id", () =>
    Effect.gen(function* () {
      const body = event("payment_captured", {
        source: { type: "card", card_type: "Credit", fingerprint: "FP-AMEX" },
      })
      const paid = {
        kind: "IntentStatus",
        providerReference: REF,
        eventId: "evt_1",
        outcome: { status: "Succeeded", cardFunding: "Credit", cardFingerprint: "FP-AMEX" },
      }
      expect(yield* deliver(body, signed(body))).toEqual(paid)
      // Checkout.com retries: the same event, the same id, for the shop to recognise.
      expect(yield* deliver(body, signed(body))).toEqual(paid)
      // Without the card in the event, core asks intentStatus for it.
      const bare = event("payment_captured", {}, "evt_2")
      expect(yield* deliver(bare, signed(bare))).toEqual({
        ...paid,
        eventId: "evt_2",
        outcome: { status: "Succeeded" },
      })
    }),
  )

  it.effect("declines, voids and expiries are Failed; approvals are Pending", () =>
    Effect.gen(function* () {
      const outcomes: Array<[string, Record<string, unknown>, unknown]> = [
        [
          "payment_declined",
          { response_code: "20054", response_summary: "Expired Card" },
          {
            status: "Failed",
            failureDetail:
              "Your card has expired. Your order is still open: please try again, or use another card.",
          },
        ],
        ["payment_voided", {}, { status: "Failed", failureDetail: "The payment was cancelled." }],
        ["payment_canceled", {}, { status: "Failed", failureDetail: "The payment was cancelled." }],
        [
          "payment_expired",
          {},
          { status: "Failed", failureDetail: expect.stringMatching(/in time/) },
        ],
        ["payment_approved", {}, { status: "Pending" }],
        ["payment_pending", {}, { status: "Pending" }],
      ]
      for (const [type, data, outcome] of outcomes) {
        const body = event(type, data, `evt_${type}`)
        expect(yield* deliver(body, signed(body))).toEqual({
          kind: "IntentStatus",
          providerReference: REF,
          eventId: `evt_${type}`,
          outcome,
        })
      }
    }),
  )

  it.effect("a genuine event the shop does not act on is ignored, not rejected", () =>
    Effect.gen(function* () {
      for (const type of [
        "payment_refunded",
        "payment_refund_declined",
        "payment_chargeback",
        "card_verified",
      ]) {
        const body = event(type, {}, `evt_${type}`)
        expect(yield* deliver(body, signed(body))).toEqual({
          kind: "Ignored",
          eventId: `evt_${type}`,
          eventType: type,
        })
      }
      // A payment not from one of the shop's sessions names no reference.
      const stranger = event("payment_captured", { reference: null }, "evt_stranger")
      expect(yield* deliver(stranger, signed(stranger))).toEqual({
        kind: "Ignored",
        eventId: "evt_stranger",
        eventType: "payment_captured",
      })
    }),
  )

  it.effect("a forged or altered event is rejected", () =>
    Effect.gen(function* () {
      const body = event("payment_captured")
      // Someone else's key.
      expect(yield* reasonOf(deliver(body, signed(body, "guessed")))).toMatch(/does not match/)
      // The body changed after signing: another session's reference.
      const altered = body.replace(REF, sessionReference("order-7:1"))
      expect(yield* reasonOf(deliver(altered, signed(body)))).toMatch(/does not match/)
      // A declined payment turned into a captured one.
      const declined = event("payment_declined")
      expect(
        yield* reasonOf(
          deliver(declined.replace("payment_declined", "payment_captured"), signed(declined)),
        ),
      ).toMatch(/does not match/)
      expect(yield* reasonOf(deliver(body, undefined))).toMatch(/missing/)
      expect(yield* reasonOf(deliver(body, "garbage"))).toMatch(/does not match/)
      expect(yield* reasonOf(deliver(body, signed(body).slice(0, 32)))).toMatch(/does not match/)
      // Signed, but not an event.
      const notAnEvent = JSON.stringify({ hello: "world" })
      expect(yield* reasonOf(deliver(notAnEvent, signed(notAnEvent)))).toMatch(/not an event/)
    }),
  )

  it.effect("the signature is accepted in capitals too", () =>
    Effect.gen(function* () {
      const body = event("payment_captured")
      expect(yield* deliver(body, signed(body).toUpperCase())).toMatchObject({
        kind: "IntentStatus",
      })
    }),
  )
})
