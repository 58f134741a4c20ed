import { sign as ecSign, generateKeyPairSync, type KeyObject } from "node:crypto"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@effect/vitest"
import { pence } from "@howzat/core/rules"
import { Effect, TestClock } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { type HttpMethod, verify } from "truelayer-signing"
import { idempotencyUuid, makeTrueLayerGateway, TRUELAYER_JWKS } from "./gateway"

const API = "https://api.truelayer.test"
const AUTH = "https://auth.truelayer.test"
const JKU = TRUELAYER_JWKS.sandbox
const WEBHOOK_PATH = "/api/Orders/payments/status-notification"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

// The shop's request-signing key (its public half "uploaded to Console") and
// TrueLayer's webhook key (its public half published at the jku).
const shopKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const shopPublicPem = shopKey.publicKey.export({ type: "spki", format: "pem" }).toString()
const trueLayerKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const forgerKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const jwksOf = (kid: string, key: KeyObject) =>
  JSON.stringify({ keys: [{ ...key.export({ format: "jwk" }), kid, alg: "ES512", use: "sig" }] })

const config = {
  clientId: "howzat-sandbox",
  clientSecret: "shh",
  signingKeyId: "kid-shop",
  signingPrivateKeyPem: shopKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  merchantAccountId: "ma-gbp",
  environment: "sandbox",
  apiUrl: `${API}/`,
  authUrl: AUTH,
  timeout: "200 millis",
} as const
const freshGateway = () => makeTrueLayerGateway(config)

const order = {
  orderId: "order-9",
  amount: pence(2599),
  idempotencyKey: "order-9:1",
  creditCardsAllowed: false,
  payer: { name: "Jo Bloggs", email: "jo@example.com" },
}

const reasonOf = <A>(effect: Effect.Effect<A, { readonly reason: string }>) =>
  Effect.flip(effect).pipe(Effect.map((e) => e.reason))

/** The auth server: counts the tokens it hands out. */
const authServer = (expiresIn = 3600) => {
  const issued: URLSearchParams[] = []
  server.use(
    http.post(`${AUTH}/connect/token`, async ({ request }) => {
      issued.push(new URLSearchParams(await request.text()))
      return HttpResponse.json({
        access_token: `token-${issued.length}`,
        expires_in: expiresIn,
        token_type: "Bearer",
        scope: "payments",
      })
    }),
  )
  return issued
}

/** Throws unless the request carries a Tl-Signature the shop's public key verifies. */
const assertSigned = (request: Request, body: string) => {
  const signature = request.headers.get("tl-signature")
  if (!signature) throw new Error("unsigned request")
  verify({
    publicKeyPem: shopPublicPem,
    signature,
    method: "POST" as HttpMethod,
    path: new URL(request.url).pathname,
    body,
    headers: Object.fromEntries(request.headers),
    requiredHeaders: ["Idempotency-Key"],
  })
}

/** A payment as GET /v3/payments/{id} answers it. */
const payment = (id: string, status: string, extra: Record<string, unknown> = {}) =>
  HttpResponse.json({
    id,
    amount_in_minor: 2599,
    currency: "GBP",
    status,
    created_at: "2026-11-29T10:00:00Z",
    ...extra,
  })

describe("the TrueLayer gateway: payments", () => {
  it.effect("creates a signed bank-transfer payment into the merchant account", () =>
    Effect.gen(function* () {
      const issued = authServer()
      const seen: Array<{ headers: Headers; body: Record<string, unknown> }> = []
      server.use(
        http.post(`${API}/v3/payments`, async ({ request }) => {
          const body = await request.text()
          assertSigned(request, body)
          seen.push({ headers: request.headers, body: JSON.parse(body) })
          return HttpResponse.json(
            {
              id: "pay-1",
              user: { id: "user-1" },
              resource_token: "rt-1",
              status: "authorization_required",
            },
            { status: 201 },
          )
        }),
      )
      const gateway = freshGateway()
      expect(yield* gateway.createIntent(order)).toEqual({
        providerReference: "pay-1",
        clientToken: JSON.stringify({ payment_id: "pay-1", resource_token: "rt-1" }),
      })
      expect(Object.fromEntries(issued[0] ?? [])).toEqual({
        grant_type: "client_credentials",
        client_id: "howzat-sandbox",
        client_secret: "shh",
        scope: "payments",
      })
      const [call] = seen
      expect(call?.headers.get("authorization")).toBe("Bearer token-1")
      expect(call?.headers.get("idempotency-key")).toBe(idempotencyUuid("order-9:1"))
      expect(call?.body).toEqual({
        amount_in_minor: 2599,
        currency: "GBP",
        payment_method: {
          type: "bank_transfer",
          provider_selection: { type: "user_selected" },
          beneficiary: { type: "merchant_account", merchant_account_id: "ma-gbp" },
        },
        user: { name: "Jo Bloggs", email: "jo@example.com" },
        metadata: { order_id: "order-9" },
      })
    }),
  )

  it("turns the shop's idempotency keys into stable UUIDs", () => {
    const uuid = idempotencyUuid("order-9:1")
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(idempotencyUuid("order-9:1")).toBe(uuid)
    expect(idempotencyUuid("order-9:2")).not.toBe(uuid)
  })

  it.effect("a payment without the payer named is refused before anything is sent", () =>
    Effect.gen(function* () {
      const { payer: _, ...anonymous } = order
      expect(yield* reasonOf(freshGateway().createIntent(anonymous))).toMatch(/payer's name/)
    }),
  )

  it.effect("paid: created, then executed and settled are Succeeded, debit money", () =>
    Effect.gen(function* () {
      authServer()
      let status = "authorization_required"
      server.use(
        http.post(`${API}/v3/payments`, () =>
          HttpResponse.json({ id: "pay-1", resource_token: "rt-1", status }),
        ),
        http.get(`${API}/v3/payments/pay-1`, ({ request }) => {
          expect(request.headers.get("authorization")).toBe("Bearer token-1")
          return payment("pay-1", status)
        }),
      )
      const gateway = freshGateway()
      const intent = yield* gateway.createIntent(order)
      expect(yield* gateway.intentStatus(intent.providerReference)).toEqual({ status: "Pending" })
      for (status of ["authorizing", "authorized"]) {
        expect(yield* gateway.intentStatus("pay-1")).toEqual({ status: "Pending" })
      }
      for (status of ["executed", "settled"]) {
        expect(yield* gateway.intentStatus("pay-1")).toEqual({
          status: "Succeeded",
          cardFunding: "Debit",
        })
      }
    }),
  )

  it.effect("declined at the bank: Failed, in words the customer can act on", () =>
    Effect.gen(function* () {
      authServer()
      const reasons: Record<string, string> = {
        "pay-poor": "insufficient_funds",
        "pay-no": "provider_rejected",
        "pay-odd": "something_new",
      }
      server.use(
        http.get(`${API}/v3/payments/:id`, ({ params }) =>
          payment(String(params.id), "failed", {
            failure_stage: "authorizing",
            failure_reason: reasons[String(params.id)],
          }),
        ),
      )
      const gateway = freshGateway()
      expect(yield* gateway.intentStatus("pay-poor")).toEqual({
        status: "Failed",
        failureDetail:
          "Your bank declined the payment: there was not enough money in the account. Your order is still open: please try again, or pay by card.",
      })
      expect(yield* gateway.intentStatus("pay-no")).toEqual({
        status: "Failed",
        failureDetail:
          "Your bank declined the payment. Your order is still open: please try again, or pay by card.",
      })
      expect(yield* gateway.intentStatus("pay-odd")).toMatchObject({
        status: "Failed",
        failureDetail: expect.stringMatching(/^Your bank could not make the payment just now\./),
      })
    }),
  )

  it.effect("abandoned on the bank's page: Pending until it expires, then Failed", () =>
    Effect.gen(function* () {
      authServer()
      let answer = payment("pay-1", "authorization_required")
      server.use(http.get(`${API}/v3/payments/pay-1`, () => answer))
      const gateway = freshGateway()
      expect(yield* gateway.intentStatus("pay-1")).toEqual({ status: "Pending" })
      answer = payment("pay-1", "failed", {
        failure_stage: "authorization_required",
        failure_reason: "expired",
      })
      expect(yield* gateway.intentStatus("pay-1")).toEqual({
        status: "Failed",
        failureDetail:
          "The payment was not authorised at your bank. Your order is still open: please try again.",
      })
    }),
  )

  it.effect("an unknown state, a 5xx, a problem answer or nonsense is unavailable", () =>
    Effect.gen(function* () {
      authServer()
      server.use(
        http.get(`${API}/v3/payments/pay-odd`, () => payment("pay-odd", "teleported")),
        http.get(`${API}/v3/payments/pay-down`, () => HttpResponse.text("<html>", { status: 503 })),
        http.get(`${API}/v3/payments/pay-gone`, () =>
          HttpResponse.json(
            {
              type: "https://docs.truelayer.com/errors#not_found",
              title: "Not Found",
              status: 404,
            },
            { status: 404 },
          ),
        ),
        http.get(`${API}/v3/payments/pay-junk`, () => HttpResponse.json({ hello: 1 })),
        http.get(`${API}/v3/payments/pay-net`, () => HttpResponse.error()),
      )
      const gateway = freshGateway()
      expect(yield* reasonOf(gateway.intentStatus("pay-odd"))).toMatch(/unknown state: teleported/)
      expect(yield* reasonOf(gateway.intentStatus("pay-down"))).toMatch(/503 without JSON/)
      expect(yield* reasonOf(gateway.intentStatus("pay-gone"))).toBe(
        "The provider answered 404: Not Found",
      )
      expect(yield* reasonOf(gateway.intentStatus("pay-junk"))).toMatch(/not a payment/)
      const error = yield* Effect.flip(gateway.intentStatus("pay-net"))
      expect(error).toMatchObject({ _tag: "PaymentGatewayUnavailable", provider: "truelayer" })
      expect(error.reason).toMatch(/could not be reached/)
    }),
  )
})

describe("the TrueLayer gateway: the access token", () => {
  it.effect("is fetched once, shared, and refreshed before it expires", () =>
    Effect.gen(function* () {
      const issued = authServer(3600)
      const bearers: Array<string | null> = []
      server.use(
        http.get(`${API}/v3/payments/pay-1`, ({ request }) => {
          bearers.push(request.headers.get("authorization"))
          return payment("pay-1", "authorizing")
        }),
      )
      const gateway = freshGateway()
      yield* Effect.all([gateway.intentStatus("pay-1"), gateway.intentStatus("pay-1")], {
        concurrency: "unbounded",
      })
      yield* gateway.intentStatus("pay-1")
      expect(issued).toHaveLength(1)
      // A minute before the hour is up, a new one.
      yield* TestClock.adjust("59 minutes")
      yield* gateway.intentStatus("pay-1")
      expect(issued).toHaveLength(2)
      expect(bearers).toEqual([
        "Bearer token-1",
        "Bearer token-1",
        "Bearer token-1",
        "Bearer token-2",
      ])
    }),
  )

  it.effect("a token the API refuses is replaced, once", () =>
    Effect.gen(function* () {
      const issued = authServer()
      server.use(
        http.get(`${API}/v3/payments/pay-1`, ({ request }) =>
          request.headers.get("authorization") === "Bearer token-1"
            ? HttpResponse.json({ title: "Unauthorized" }, { status: 401 })
            : payment("pay-1", "executed"),
        ),
      )
      expect(yield* freshGateway().intentStatus("pay-1")).toMatchObject({ status: "Succeeded" })
      expect(issued).toHaveLength(2)
    }),
  )

  it.effect("an auth server that refuses or cannot be reached is unavailable", () =>
    Effect.gen(function* () {
      server.use(
        http.post(`${AUTH}/connect/token`, () =>
          HttpResponse.json({ error: "invalid_client" }, { status: 400 }),
        ),
      )
      expect(yield* reasonOf(freshGateway().intentStatus("pay-1"))).toBe(
        "The provider answered 400.",
      )
      server.use(http.post(`${AUTH}/connect/token`, () => HttpResponse.error()))
      expect(yield* reasonOf(freshGateway().intentStatus("pay-1"))).toMatch(/could not be reached/)
    }),
  )
})

describe("the TrueLayer gateway: cancelling", () => {
  it.effect("cancels a payment still at the bank's page: signed, then Failed", () =>
    Effect.gen(function* () {
      authServer()
      let cancelled = false
      const keys: Array<string | null> = []
      server.use(
        http.post(`${API}/v3/payments/pay-1/actions/cancel`, async ({ request }) => {
          assertSigned(request, await request.text())
          keys.push(request.headers.get("idempotency-key"))
          cancelled = true
          return new HttpResponse(null, { status: 202 })
        }),
        http.get(`${API}/v3/payments/pay-1`, () =>
          cancelled
            ? payment("pay-1", "failed", { failure_reason: "canceled" })
            : payment("pay-1", "authorizing"),
        ),
      )
      const gateway = freshGateway()
      const voided = {
        status: "Failed",
        failureDetail:
          "The payment was not authorised at your bank. Your order is still open: please try again.",
      }
      expect(yield* gateway.cancelIntent("pay-1")).toEqual(voided)
      expect(yield* gateway.cancelIntent("pay-1")).toEqual(voided)
      expect(keys[0]).toBe(keys[1])
    }),
  )

  it.effect("a payment already authorised or paid cannot be cancelled: it says where it is", () =>
    Effect.gen(function* () {
      authServer()
      server.use(
        http.post(`${API}/v3/payments/:id/actions/cancel`, () =>
          HttpResponse.json({ title: "Payment cannot be cancelled", status: 400 }, { status: 400 }),
        ),
        http.get(`${API}/v3/payments/:id`, ({ params }) =>
          payment(String(params.id), params.id === "pay-paid" ? "executed" : "authorized"),
        ),
      )
      const gateway = freshGateway()
      expect(yield* gateway.cancelIntent("pay-paid")).toMatchObject({ status: "Succeeded" })
      expect(yield* gateway.cancelIntent("pay-busy")).toEqual({ status: "Pending" })
    }),
  )

  it.effect("a 5xx or no answer is unavailable", () =>
    Effect.gen(function* () {
      authServer()
      server.use(
        http.post(`${API}/v3/payments/pay-down/actions/cancel`, () =>
          HttpResponse.json({ title: "Internal Server Error" }, { status: 500 }),
        ),
        http.post(`${API}/v3/payments/pay-net/actions/cancel`, () => HttpResponse.error()),
      )
      const gateway = freshGateway()
      expect(yield* reasonOf(gateway.cancelIntent("pay-down"))).toMatch(/500: Internal/)
      expect(yield* reasonOf(gateway.cancelIntent("pay-net"))).toMatch(/could not be reached/)
    }),
  )
})

describe("the TrueLayer gateway: refunds", () => {
  const request = {
    providerReference: "pay-1",
    amount: pence(2599),
    idempotencyKey: "refund-payment-9",
  }

  it.effect("refunds with a signed request: the amount, and the refund's id back", () =>
    Effect.gen(function* () {
      authServer()
      const seen: Array<Record<string, unknown>> = []
      server.use(
        http.post(`${API}/v3/payments/pay-1/refunds`, async ({ request }) => {
          const body = await request.text()
          assertSigned(request, body)
          expect(request.headers.get("idempotency-key")).toBe(idempotencyUuid("refund-payment-9"))
          seen.push(JSON.parse(body))
          return HttpResponse.json({ id: "refund-1" }, { status: 201 })
        }),
      )
      expect(yield* freshGateway().refund(request)).toEqual({ refundReference: "refund-1" })
      expect(seen[0]).toMatchObject({ amount_in_minor: 2599 })
    }),
  )

  it.effect("unreachable mid-refund: unavailable, and the retry gives the same one refund", () =>
    Effect.gen(function* () {
      authServer()
      // TrueLayer keeps what it did under each idempotency key; the first answer is lost.
      const refunds = new Map<string, string>()
      let calls = 0
      server.use(
        http.post(`${API}/v3/payments/pay-1/refunds`, async ({ request }) => {
          assertSigned(request, await request.text())
          calls += 1
          const key = request.headers.get("idempotency-key") ?? ""
          if (!refunds.has(key)) refunds.set(key, `refund-${refunds.size + 1}`)
          return calls === 1
            ? HttpResponse.error()
            : HttpResponse.json({ id: refunds.get(key) }, { status: 201 })
        }),
      )
      const gateway = freshGateway()
      const error = yield* Effect.flip(gateway.refund(request))
      expect(error._tag).toBe("PaymentGatewayUnavailable")
      expect(yield* gateway.refund(request)).toEqual({ refundReference: "refund-1" })
      expect(refunds.size).toBe(1)
    }),
  )

  it.effect("a refusal or nonsense is unavailable, with TrueLayer's words", () =>
    Effect.gen(function* () {
      authServer()
      server.use(
        http.post(`${API}/v3/payments/pay-1/refunds`, () =>
          HttpResponse.json(
            {
              title: "Refund limit exceeded",
              detail: "The refund exceeds the payment's amount.",
              status: 400,
            },
            { status: 400 },
          ),
        ),
      )
      const gateway = freshGateway()
      expect(yield* reasonOf(gateway.refund(request))).toBe(
        "The provider answered 400: Refund limit exceeded: The refund exceeds the payment's amount.",
      )
      server.use(http.post(`${API}/v3/payments/pay-1/refunds`, () => HttpResponse.json({})))
      expect(yield* reasonOf(gateway.refund(request))).toMatch(/not a refund/)
    }),
  )
})

const base64url = (text: string | Buffer) => Buffer.from(text).toString("base64url")

/**
 * A webhook signature as TrueLayer makes one: a detached ES512 JWS over
 * "POST path\n", the signed headers and the body, naming its keys by jku.
 * (truelayer-signing's own `sign` does not set a jku.)
 */
const signWebhook = (options: {
  readonly key: KeyObject
  readonly kid?: string
  readonly jku?: string
  readonly body: string
  readonly timestamp: string
  readonly path?: string
  readonly signTimestamp?: boolean
}) => {
  const signed =
    options.signTimestamp === false ? [] : [["X-Tl-Webhook-Timestamp", options.timestamp]]
  const header = base64url(
    JSON.stringify({
      alg: "ES512",
      kid: options.kid ?? "kid-tl",
      tl_version: "2",
      tl_headers: signed.map(([name]) => name).join(","),
      jku: options.jku ?? JKU,
    }),
  )
  const payload = `POST ${options.path ?? WEBHOOK_PATH}\n${signed
    .map(([name, value]) => `${name}: ${value}\n`)
    .join("")}${options.body}`
  const signature = ecSign("sha512", Buffer.from(`${header}.${base64url(payload)}`), {
    key: options.key,
    dsaEncoding: "ieee-p1363",
  })
  return `${header}..${signature.toString("base64url")}`
}

describe("the TrueLayer gateway: webhooks", () => {
  const sentAt = "2026-11-29T10:00:00Z"
  const at = Date.parse(sentAt)
  const executed = JSON.stringify({
    type: "payment_executed",
    event_version: 1,
    event_id: "evt-1",
    payment_id: "pay-1",
    payment_method: { type: "bank_transfer" },
    executed_at: sentAt,
  })

  /** TrueLayer's published keys; counts how often they were fetched. */
  const publishedKeys = (jwks = jwksOf("kid-tl", trueLayerKey.publicKey)) => {
    const fetched = { count: 0 }
    server.use(
      http.get(JKU, () => {
        fetched.count += 1
        return new HttpResponse(jwks, { headers: { "content-type": "application/json" } })
      }),
    )
    return fetched
  }

  const deliver = (
    gateway: ReturnType<typeof freshGateway>,
    body: string,
    signature: string | undefined,
    timestamp = sentAt,
  ) =>
    gateway.verifyNotification(body, {
      "content-type": "application/json",
      "x-tl-webhook-timestamp": timestamp,
      "tl-signature": signature,
    })

  it.effect("a genuine payment event verifies to its outcome, its keys fetched once", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at + 30_000)
      const fetched = publishedKeys()
      const gateway = freshGateway()
      const signature = signWebhook({
        key: trueLayerKey.privateKey,
        body: executed,
        timestamp: sentAt,
      })
      const paid = {
        kind: "IntentStatus",
        providerReference: "pay-1",
        eventId: "evt-1",
        outcome: { status: "Succeeded", cardFunding: "Debit" },
      }
      expect(yield* deliver(gateway, executed, signature)).toEqual(paid)
      // TrueLayer retries: the same event, the same id, for the shop to recognise.
      expect(yield* deliver(gateway, executed, signature)).toEqual(paid)
      expect(fetched.count).toBe(1)

      const failed = JSON.stringify({
        type: "payment_failed",
        event_version: 1,
        event_id: "evt-2",
        payment_id: "pay-2",
        failed_at: sentAt,
        failure_stage: "authorizing",
        failure_reason: "authorization_failed",
      })
      expect(
        yield* deliver(
          gateway,
          failed,
          signWebhook({ key: trueLayerKey.privateKey, body: failed, timestamp: sentAt }),
        ),
      ).toEqual({
        kind: "IntentStatus",
        providerReference: "pay-2",
        eventId: "evt-2",
        outcome: {
          status: "Failed",
          failureDetail:
            "The payment was not authorised at your bank. Your order is still open: please try again.",
        },
      })
      const settled = executed.replace("payment_executed", "payment_settled")
      expect(
        yield* deliver(
          gateway,
          settled,
          signWebhook({ key: trueLayerKey.privateKey, body: settled, timestamp: sentAt }),
        ),
      ).toMatchObject({ outcome: { status: "Succeeded" } })
    }),
  )

  it.effect("a genuine event the shop does not act on is ignored, not rejected", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at)
      publishedKeys()
      const gateway = freshGateway()
      for (const type of [
        "refund_executed",
        "refund_failed",
        "payment_creditable",
        "payout_executed",
      ]) {
        const body = JSON.stringify({
          type,
          event_version: 1,
          event_id: `evt-${type}`,
          payment_id: "pay-1",
          refund_id: "refund-1",
        })
        expect(
          yield* deliver(
            gateway,
            body,
            signWebhook({ key: trueLayerKey.privateKey, body, timestamp: sentAt }),
          ),
        ).toEqual({ kind: "Ignored", eventId: `evt-${type}`, eventType: type })
      }
    }),
  )

  it.effect("a forged or altered event is rejected", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at)
      publishedKeys()
      const gateway = freshGateway()
      const genuine = signWebhook({
        key: trueLayerKey.privateKey,
        body: executed,
        timestamp: sentAt,
      })
      // Someone else's key, under TrueLayer's kid and jku.
      const forged = signWebhook({ key: forgerKey.privateKey, body: executed, timestamp: sentAt })
      expect(yield* reasonOf(deliver(gateway, executed, forged))).toMatch(/does not match/)
      // The body changed after signing.
      const tampered = executed.replace("pay-1", "pay-2")
      expect(yield* reasonOf(deliver(gateway, tampered, genuine))).toMatch(/does not match/)
      // Signed for another path (another shop's endpoint, say).
      const elsewhere = signWebhook({
        key: trueLayerKey.privateKey,
        body: executed,
        timestamp: sentAt,
        path: "/webhooks/other",
      })
      expect(yield* reasonOf(deliver(gateway, executed, elsewhere))).toMatch(/does not match/)
      // A timestamp the signature does not cover could be moved to replay it.
      const unstamped = signWebhook({
        key: trueLayerKey.privateKey,
        body: executed,
        timestamp: sentAt,
        signTimestamp: false,
      })
      expect(yield* reasonOf(deliver(gateway, executed, unstamped))).toMatch(/required header/)
      expect(yield* reasonOf(deliver(gateway, executed, undefined))).toMatch(/missing/)
      expect(yield* reasonOf(deliver(gateway, executed, "garbage"))).toMatch(/malformed/)
      // Signed, but not an event.
      const notAnEvent = JSON.stringify({ hello: "world" })
      expect(
        yield* reasonOf(
          deliver(
            gateway,
            notAnEvent,
            signWebhook({ key: trueLayerKey.privateKey, body: notAnEvent, timestamp: sentAt }),
          ),
        ),
      ).toMatch(/not an event/)
    }),
  )

  it.effect("keys named by a jku not on the allow-list are never fetched", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at)
      const fetched = publishedKeys()
      const attackerJku = "https://webhooks.truelayer.com.attacker.test/.well-known/jwks"
      // Were it fetched, msw would fail the test on an unhandled request.
      const signature = signWebhook({
        key: forgerKey.privateKey,
        body: executed,
        timestamp: sentAt,
        jku: attackerJku,
      })
      expect(yield* reasonOf(deliver(freshGateway(), executed, signature))).toBe(
        `The signature names keys not TrueLayer's: ${attackerJku}.`,
      )
      // Production's keys are not the sandbox's.
      const production = signWebhook({
        key: trueLayerKey.privateKey,
        body: executed,
        timestamp: sentAt,
        jku: TRUELAYER_JWKS.production,
      })
      expect(yield* reasonOf(deliver(freshGateway(), executed, production))).toMatch(
        /not TrueLayer's/,
      )
      expect(fetched.count).toBe(0)
    }),
  )

  it.effect("a stale or future-dated webhook is rejected", () =>
    Effect.gen(function* () {
      publishedKeys()
      const gateway = freshGateway()
      const signature = signWebhook({
        key: trueLayerKey.privateKey,
        body: executed,
        timestamp: sentAt,
      })
      yield* TestClock.setTime(at + 6 * 60_000)
      expect(yield* reasonOf(deliver(gateway, executed, signature))).toMatch(/outside/)
      yield* TestClock.setTime(at - 6 * 60_000)
      expect(yield* reasonOf(deliver(gateway, executed, signature))).toMatch(/outside/)
      expect(yield* reasonOf(deliver(gateway, executed, signature, "yesterday"))).toMatch(/missing/)
    }),
  )

  it.effect("a key TrueLayer rotated in is fetched; unreachable keys reject the event", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(at)
      const rotated = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
      let jwks = jwksOf("kid-tl", trueLayerKey.publicKey)
      let fetches = 0
      server.use(
        http.get(JKU, () => {
          fetches += 1
          return new HttpResponse(jwks)
        }),
      )
      const gateway = freshGateway()
      yield* deliver(
        gateway,
        executed,
        signWebhook({ key: trueLayerKey.privateKey, body: executed, timestamp: sentAt }),
      )
      jwks = JSON.stringify({
        keys: [...JSON.parse(jwks).keys, ...JSON.parse(jwksOf("kid-new", rotated.publicKey)).keys],
      })
      yield* TestClock.adjust("2 minutes")
      const signature = signWebhook({
        key: rotated.privateKey,
        kid: "kid-new",
        body: executed,
        timestamp: new Date(at + 120_000).toISOString(),
      })
      expect(
        yield* deliver(gateway, executed, signature, new Date(at + 120_000).toISOString()),
      ).toMatchObject({ kind: "IntentStatus" })
      expect(fetches).toBe(2)

      server.use(http.get(JKU, () => HttpResponse.error()))
      expect(
        yield* reasonOf(
          deliver(
            freshGateway(),
            executed,
            signWebhook({
              key: trueLayerKey.privateKey,
              body: executed,
              timestamp: new Date(at + 120_000).toISOString(),
            }),
            new Date(at + 120_000).toISOString(),
          ),
        ),
      ).toMatch(/keys could not be fetched/)
    }),
  )
})
