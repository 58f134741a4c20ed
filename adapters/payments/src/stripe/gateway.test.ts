import { afterAll, afterEach, beforeAll, describe, expect, it } from "@effect/vitest"
import { pence } from "@howzat/core/rules"
import { Deferred, Effect, Fiber, TestClock } from "effect"
import { delay, HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { signatureHeader } from "../signature"
import { makeStripeGateway } from "./gateway"

const API = "https://stripe.test"
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const gateway = makeStripeGateway({
  secretKey: "sk_test_123",
  webhookSecret: "whsec_abc",
  apiBase: `${API}/`,
  timeout: "200 millis",
})
const order = {
  orderId: "order-9",
  amount: pence(2599),
  idempotencyKey: "payment-9",
  creditCardsAllowed: true,
}

const reasonOf = <A>(effect: Effect.Effect<A, { readonly reason: string }>) =>
  Effect.flip(effect).pipe(Effect.map((e) => e.reason))

const intent = (fields: Record<string, unknown>) =>
  HttpResponse.json({
    object: "payment_intent",
    id: "pi_1",
    client_secret: "pi_1_secret_x",
    ...fields,
  })

describe("the Stripe-shaped gateway: intents", () => {
  it.effect("creates an intent form-encoded, with the key, the idempotency key and gbp", () =>
    Effect.gen(function* () {
      const seen: Array<{ headers: Headers; form: URLSearchParams }> = []
      server.use(
        http.post(`${API}/v1/payment_intents`, async ({ request }) => {
          seen.push({ headers: request.headers, form: new URLSearchParams(await request.text()) })
          return intent({ status: "requires_payment_method" })
        }),
      )
      expect(yield* gateway.createIntent(order)).toEqual({
        providerReference: "pi_1",
        clientToken: "pi_1_secret_x",
      })
      const [call] = seen
      expect(call?.headers.get("authorization")).toBe("Bearer sk_test_123")
      expect(call?.headers.get("idempotency-key")).toBe("payment-9")
      expect(call?.headers.get("content-type")).toBe("application/x-www-form-urlencoded")
      expect(Object.fromEntries(call?.form ?? [])).toEqual({
        amount: "2599",
        currency: "gbp",
        "metadata[order_id]": "order-9",
        "metadata[credit_cards_allowed]": "true",
        "automatic_payment_methods[enabled]": "true",
      })
    }),
  )

  it.effect("a 5xx, an error answer or nonsense is unavailable, with the provider's reason", () =>
    Effect.gen(function* () {
      server.use(
        http.post(`${API}/v1/payment_intents`, () =>
          HttpResponse.json({ error: { message: "Something went wrong" } }, { status: 502 }),
        ),
      )
      const error = yield* Effect.flip(gateway.createIntent(order))
      expect(error).toMatchObject({
        _tag: "PaymentGatewayUnavailable",
        provider: "stripe",
        reason: "The provider answered 502: Something went wrong",
      })
      server.use(
        http.post(`${API}/v1/payment_intents`, () =>
          HttpResponse.json({ error: { message: "Invalid API Key provided" } }, { status: 401 }),
        ),
      )
      expect(yield* reasonOf(gateway.createIntent(order))).toMatch(/401: Invalid API Key/)
      server.use(
        http.post(`${API}/v1/payment_intents`, () => HttpResponse.text("<html>", { status: 503 })),
      )
      expect(yield* reasonOf(gateway.createIntent(order))).toMatch(/503 without JSON/)
      server.use(http.post(`${API}/v1/payment_intents`, () => HttpResponse.json({ hello: 1 })))
      expect(yield* reasonOf(gateway.createIntent(order))).toMatch(/not a payment intent/)
      server.use(
        http.post(`${API}/v1/payment_intents`, () =>
          intent({ status: "requires_payment_method", client_secret: null }),
        ),
      )
      expect(yield* reasonOf(gateway.createIntent(order))).toMatch(/without a client secret/)
    }),
  )

  it.effect("a network error is unavailable", () =>
    Effect.gen(function* () {
      server.use(http.post(`${API}/v1/payment_intents`, () => HttpResponse.error()))
      expect(yield* reasonOf(gateway.createIntent(order))).toMatch(/could not be reached/)
    }),
  )

  it.effect("a provider that does not answer in time is unavailable", () =>
    Effect.gen(function* () {
      const asked = yield* Deferred.make<void>()
      server.use(
        http.get(`${API}/v1/payment_intents/pi_slow`, async () => {
          Effect.runSync(Deferred.succeed(asked, undefined))
          await delay("infinite")
          return intent({})
        }),
      )
      const status = yield* Effect.fork(reasonOf(gateway.intentStatus("pi_slow")))
      // The provider has the request and will never answer: the timeout is all that can end it.
      yield* Deferred.await(asked)
      yield* TestClock.adjust("200 millis")
      expect(yield* Fiber.join(status)).toMatch(/did not answer within 200ms/)
    }),
  )

  it.effect("intent status maps the provider's states", () =>
    Effect.gen(function* () {
      const states: Record<string, Record<string, unknown>> = {
        pi_ok: { status: "succeeded" },
        pi_new: { status: "requires_payment_method", last_payment_error: null },
        pi_declined: {
          status: "requires_payment_method",
          last_payment_error: {
            code: "card_declined",
            message: "Your card has insufficient funds.",
          },
        },
        pi_silent: { status: "requires_payment_method", last_payment_error: { code: "x" } },
        pi_busy: { status: "processing" },
        pi_3ds: { status: "requires_action" },
        pi_gone: { status: "canceled", cancellation_reason: "abandoned" },
        pi_odd: { status: "teleported" },
      }
      server.use(
        http.get(`${API}/v1/payment_intents/:id`, ({ params, request }) => {
          expect(request.headers.get("authorization")).toBe("Bearer sk_test_123")
          const state = states[String(params.id)]
          return state
            ? intent({ id: params.id, ...state })
            : HttpResponse.json({ error: { message: "No such payment_intent" } }, { status: 404 })
        }),
      )
      expect(yield* gateway.intentStatus("pi_ok")).toEqual({ status: "Succeeded" })
      expect(yield* gateway.intentStatus("pi_new")).toEqual({ status: "Pending" })
      expect(yield* gateway.intentStatus("pi_declined")).toEqual({
        status: "Failed",
        failureDetail: "Your card has insufficient funds.",
      })
      expect(yield* gateway.intentStatus("pi_silent")).toEqual({
        status: "Failed",
        failureDetail: "Your card was declined.",
      })
      expect(yield* gateway.intentStatus("pi_busy")).toEqual({ status: "Pending" })
      expect(yield* gateway.intentStatus("pi_3ds")).toEqual({ status: "Pending" })
      expect(yield* gateway.intentStatus("pi_gone")).toEqual({
        status: "Failed",
        failureDetail: "The payment was cancelled.",
      })
      expect(yield* reasonOf(gateway.intentStatus("pi_odd"))).toMatch(/unknown state: teleported/)
      expect(yield* reasonOf(gateway.intentStatus("pi_missing"))).toMatch(/404: No such/)
    }),
  )
})

describe("the Stripe-shaped gateway: voiding intents", () => {
  const unexpectedState = (status: string) =>
    HttpResponse.json(
      {
        error: {
          code: "payment_intent_unexpected_state",
          message: `You cannot cancel this PaymentIntent because it has a status of ${status}.`,
          type: "invalid_request_error",
        },
      },
      { status: 400 },
    )

  it.effect("cancels an open intent: POST …/cancel, and the intent is voided", () =>
    Effect.gen(function* () {
      const seen: Array<{ headers: Headers; form: URLSearchParams }> = []
      server.use(
        http.post(`${API}/v1/payment_intents/pi_1/cancel`, async ({ request }) => {
          seen.push({ headers: request.headers, form: new URLSearchParams(await request.text()) })
          return intent({ status: "canceled", cancellation_reason: "abandoned" })
        }),
      )
      expect(yield* gateway.cancelIntent("pi_1")).toEqual({
        status: "Failed",
        failureDetail: "The payment was cancelled.",
      })
      expect(seen[0]?.headers.get("authorization")).toBe("Bearer sk_test_123")
      expect(Object.fromEntries(seen[0]?.form ?? [])).toEqual({ cancellation_reason: "abandoned" })
    }),
  )

  it.effect("an intent the customer already paid is Succeeded, not voided", () =>
    Effect.gen(function* () {
      server.use(
        http.post(`${API}/v1/payment_intents/:id/cancel`, ({ params }) =>
          unexpectedState(params.id === "pi_paid" ? "succeeded" : "canceled"),
        ),
        http.get(`${API}/v1/payment_intents/:id`, ({ params }) =>
          intent({
            id: params.id,
            status: params.id === "pi_paid" ? "succeeded" : "canceled",
          }),
        ),
      )
      expect(yield* gateway.cancelIntent("pi_paid")).toEqual({ status: "Succeeded" })
      // Voided earlier (a retry of the shop's own cancel): voided still.
      expect(yield* gateway.cancelIntent("pi_gone")).toEqual({
        status: "Failed",
        failureDetail: "The payment was cancelled.",
      })
    }),
  )

  it.effect("an intent it cannot void yet is Pending, never reported as failed", () =>
    Effect.gen(function* () {
      server.use(
        http.post(`${API}/v1/payment_intents/pi_busy/cancel`, () => unexpectedState("processing")),
        http.get(`${API}/v1/payment_intents/pi_busy`, () =>
          intent({ id: "pi_busy", status: "processing" }),
        ),
        http.post(`${API}/v1/payment_intents/pi_odd/cancel`, () =>
          intent({
            id: "pi_odd",
            status: "requires_payment_method",
            last_payment_error: { message: "Your card was declined." },
          }),
        ),
      )
      expect(yield* gateway.cancelIntent("pi_busy")).toEqual({ status: "Pending" })
      expect(yield* gateway.cancelIntent("pi_odd")).toEqual({ status: "Pending" })
    }),
  )

  it.effect("any other error, nonsense or silence is unavailable", () =>
    Effect.gen(function* () {
      server.use(
        http.post(`${API}/v1/payment_intents/pi_missing/cancel`, () =>
          HttpResponse.json(
            { error: { code: "resource_missing", message: "No such payment_intent" } },
            { status: 404 },
          ),
        ),
        http.post(`${API}/v1/payment_intents/pi_down/cancel`, () =>
          HttpResponse.text("<html>", { status: 502 }),
        ),
        http.post(`${API}/v1/payment_intents/pi_junk/cancel`, () => HttpResponse.json({ a: 1 })),
        http.post(`${API}/v1/payment_intents/pi_net/cancel`, () => HttpResponse.error()),
      )
      expect(yield* reasonOf(gateway.cancelIntent("pi_missing"))).toMatch(/404: No such/)
      expect(yield* reasonOf(gateway.cancelIntent("pi_down"))).toMatch(/502 without JSON/)
      expect(yield* reasonOf(gateway.cancelIntent("pi_junk"))).toMatch(/not a payment intent/)
      expect(yield* reasonOf(gateway.cancelIntent("pi_net"))).toMatch(/could not be reached/)
    }),
  )
})

describe("the Stripe-shaped gateway: refunds", () => {
  const request = {
    providerReference: "pi_1",
    amount: pence(2599),
    idempotencyKey: "refund-payment-9",
  }

  it.effect("refunds by POST /v1/refunds with the payment intent, amount and idempotency key", () =>
    Effect.gen(function* () {
      const seen: Array<{ headers: Headers; form: URLSearchParams }> = []
      server.use(
        http.post(`${API}/v1/refunds`, async ({ request }) => {
          seen.push({ headers: request.headers, form: new URLSearchParams(await request.text()) })
          return HttpResponse.json({ object: "refund", id: "re_1", status: "succeeded" })
        }),
      )
      expect(yield* gateway.refund(request)).toEqual({ refundReference: "re_1" })
      const [call] = seen
      expect(call?.headers.get("authorization")).toBe("Bearer sk_test_123")
      expect(call?.headers.get("idempotency-key")).toBe("refund-payment-9")
      expect(Object.fromEntries(call?.form ?? [])).toEqual({
        payment_intent: "pi_1",
        amount: "2599",
      })
    }),
  )

  it.effect("a pending refund is accepted; a failed or canceled one is not", () =>
    Effect.gen(function* () {
      let status = "pending"
      server.use(
        http.post(`${API}/v1/refunds`, () =>
          HttpResponse.json({ object: "refund", id: "re_2", status }),
        ),
      )
      expect(yield* gateway.refund(request)).toEqual({ refundReference: "re_2" })
      for (status of ["failed", "canceled"]) {
        expect(yield* reasonOf(gateway.refund(request))).toBe(
          `The provider's refund re_2 is ${status}.`,
        )
      }
    }),
  )

  it.effect(
    "an error answer, nonsense or no answer is unavailable, with the provider's words",
    () =>
      Effect.gen(function* () {
        server.use(
          http.post(`${API}/v1/refunds`, () =>
            HttpResponse.json(
              {
                error: {
                  code: "charge_already_refunded",
                  message: "Charge ch_1 has already been refunded.",
                },
              },
              { status: 400 },
            ),
          ),
        )
        expect(yield* reasonOf(gateway.refund(request))).toBe(
          "The provider answered 400: Charge ch_1 has already been refunded.",
        )
        server.use(http.post(`${API}/v1/refunds`, () => HttpResponse.json({ object: "refund" })))
        expect(yield* reasonOf(gateway.refund(request))).toMatch(/not a refund/)
        server.use(http.post(`${API}/v1/refunds`, () => HttpResponse.error()))
        expect(yield* reasonOf(gateway.refund(request))).toMatch(/could not be reached/)
      }),
  )
})

const event = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: "evt_1",
    object: "event",
    type,
    data: {
      object: { object: "payment_intent", id: "pi_1", client_secret: "pi_1_secret_x", ...object },
    },
  })

describe("the Stripe-shaped gateway: webhooks", () => {
  const at = 1_790_000_000
  const verify = (rawBody: string, header: string | undefined) =>
    gateway.verifyNotification(rawBody, { "stripe-signature": header })

  it.effect("a genuine succeeded or failed event verifies to its outcome", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at * 1000 + 30_000)
      const succeeded = event("payment_intent.succeeded", { status: "succeeded" })
      expect(yield* verify(succeeded, signatureHeader("whsec_abc", at, succeeded))).toEqual({
        kind: "IntentStatus",
        providerReference: "pi_1",
        eventId: "evt_1",
        outcome: { status: "Succeeded" },
      })
      const failed = event("payment_intent.payment_failed", {
        status: "requires_payment_method",
        last_payment_error: { message: "Your card was declined." },
      })
      expect(yield* verify(failed, signatureHeader("whsec_abc", at, failed))).toMatchObject({
        outcome: { status: "Failed", failureDetail: "Your card was declined." },
      })
      const processing = event("payment_intent.processing", { status: "processing" })
      expect(yield* verify(processing, signatureHeader("whsec_abc", at, processing))).toMatchObject(
        { outcome: { status: "Pending" } },
      )
    }),
  )

  it.effect("a genuine event the shop does not act on is ignored, not rejected", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at * 1000)
      const signed = (body: string) => verify(body, signatureHeader("whsec_abc", at, body))
      // What our own refunds set off, and events about things that are not intents at all.
      const refunded = JSON.stringify({
        id: "evt_2",
        object: "event",
        type: "charge.refunded",
        data: { object: { object: "charge", id: "ch_1", status: "succeeded", refunded: true } },
      })
      expect(yield* signed(refunded)).toEqual({
        kind: "Ignored",
        eventId: "evt_2",
        eventType: "charge.refunded",
      })
      const customer = JSON.stringify({
        id: "evt_3",
        type: "customer.created",
        data: { object: { object: "customer", id: "cus_1" } },
      })
      expect(yield* signed(customer)).toMatchObject({ kind: "Ignored", eventId: "evt_3" })
      // An intent's event in a state the adapter does not know: nothing to record.
      const odd = event("payment_intent.teleported", { status: "teleported" })
      expect(yield* signed(odd)).toMatchObject({ kind: "Ignored", eventId: "evt_1" })
      const created = event("payment_intent.created", { status: "requires_payment_method" })
      expect(yield* signed(created)).toMatchObject({
        kind: "IntentStatus",
        outcome: { status: "Pending" },
      })
    }),
  )

  it.effect("a forged, altered, stale or foreign event is rejected", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at * 1000)
      const body = event("payment_intent.succeeded", { status: "succeeded" })
      const genuine = signatureHeader("whsec_abc", at, body)
      expect(yield* reasonOf(verify(body, signatureHeader("whsec_guess", at, body)))).toMatch(
        /does not match/,
      )
      expect(yield* reasonOf(verify(body.replace("pi_1", "pi_2"), genuine))).toMatch(
        /does not match/,
      )
      expect(yield* reasonOf(verify(body, undefined))).toMatch(/missing/)
      // Forged, an event the shop would ignore is still rejected.
      const refunded = JSON.stringify({
        id: "evt_2",
        type: "charge.refunded",
        data: { object: { id: "ch_1" } },
      })
      expect(
        yield* reasonOf(verify(refunded, signatureHeader("whsec_guess", at, refunded))),
      ).toMatch(/does not match/)
      const notAnEvent = JSON.stringify({ hello: "world" })
      expect(
        yield* reasonOf(verify(notAnEvent, signatureHeader("whsec_abc", at, notAnEvent))),
      ).toMatch(/not an event/)
      const brokenIntent = JSON.stringify({
        id: "evt_4",
        type: "payment_intent.succeeded",
        data: { object: { object: "payment_intent" } },
      })
      expect(
        yield* reasonOf(verify(brokenIntent, signatureHeader("whsec_abc", at, brokenIntent))),
      ).toMatch(/payment intent is malformed/)
      yield* TestClock.adjust("6 minutes")
      expect(yield* reasonOf(verify(body, genuine))).toMatch(/outside/)
    }),
  )
})
