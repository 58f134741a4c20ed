import { createHmac, randomUUID } from "node:crypto"
import type { OrderJson, OrderResponseJson } from "@howzat/contracts/orders"
import { paymentNotificationPathOf } from "@howzat/http"
import { makePaymentRepo } from "@howzat/postgres"
import { Effect } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import {
  type CheckoutStandIn,
  startCheckoutStandIn,
} from "../../../test/e2e/stand-ins/checkout-provider"
import { Browser, json, problem } from "./test-support/browser"
import { competitionOnSale, placeOrder } from "./test-support/orders"
import { openShop, register, type Shop } from "./test-support/shop"
import {
  type Passage,
  startWebhookBridge,
  type Webhook,
  type WebhookBridge,
} from "./test-support/webhook-bridge"

/**
 * Cards through Checkout.com (decisions 0070, 0073), through the real
 * composition and Checkout.com's local stand-in (test/e2e/stand-ins): the
 * rules that hold for every card provider (docs/decisions/0008, 0011) hold
 * for this one. One order takes one payment however its webhooks arrive
 * (twice, late, out of order); a forged or altered webhook changes nothing;
 * a payment made after the order was cancelled is refunded once, and a
 * refund the provider could not take stays due until the retry pass makes
 * it, once. The stand-in holds each order's webhooks until the test
 * releases them, so a test decides when they arrive. No test reaches
 * Checkout.com.
 */
const KEYS = {
  CHECKOUT_SECRET_KEY: "sk_sbox_api_test_secret",
  CHECKOUT_PUBLIC_KEY: "pk_sbox_api_test_public",
  CHECKOUT_PROCESSING_CHANNEL_ID: "pc_api_test_channel",
  CHECKOUT_WEBHOOK_SIGNATURE_KEY: "api-test-webhook-signature-key",
} as const
const WEBHOOK_PATH = paymentNotificationPathOf("checkout")

let shop: Shop | undefined
let standIn: CheckoutStandIn
let bridge: WebhookBridge

beforeAll(async () => {
  bridge = await startWebhookBridge(() => (shop as Shop).app)
  standIn = await startCheckoutStandIn({
    shopWebhookUrl: `${bridge.url}${WEBHOOK_PATH}`,
    secretKey: KEYS.CHECKOUT_SECRET_KEY,
    publicKey: KEYS.CHECKOUT_PUBLIC_KEY,
    webhookSignatureKey: KEYS.CHECKOUT_WEBHOOK_SIGNATURE_KEY,
    processingChannelId: KEYS.CHECKOUT_PROCESSING_CHANNEL_ID,
    holdWebhooks: true,
    retryDelayMillis: 100,
  })
  shop = await openShop({
    PAYMENT_METHODS: "card:checkout",
    ...KEYS,
    CHECKOUT_API_URL: standIn.url,
    CHECKOUT_WEB_COMPONENTS_URL: `${standIn.url}/index.js`,
  })
})

afterEach(async () => {
  bridge.intercept(undefined)
  await outage("off")
})

afterAll(async () => {
  await shop?.close()
  await standIn?.close()
  await bridge?.close()
})

/** One of the stand-in's test hooks, answered 200 with JSON. */
const hook = async <A>(method: "GET" | "POST", path: string): Promise<A> => {
  const response = await fetch(`${standIn.url}${path}`, { method })
  const text = await response.text()
  expect(response.status, text).toBe(200)
  return JSON.parse(text) as A
}

interface SessionSummary {
  readonly id: string
  readonly reference: string
  readonly amount: number
  readonly payments: ReadonlyArray<{ readonly id: string; readonly status: string }>
}

/** The order's payment session at Checkout.com (one per attempt; these tests make one). */
const sessionOf = async (orderId: string) => {
  const sessions = await hook<SessionSummary[]>("GET", `/__stand-in/sessions?orderId=${orderId}`)
  expect(sessions).toHaveLength(1)
  return sessions[0] as SessionSummary
}

/** The customer pays the session with one of the stand-in's test cards, as Flow would. */
const payWith = (sessionId: string, card: "debit" | "declined") =>
  hook<{ id: string; status: string }>("POST", `/__stand-in/sessions/${sessionId}/pay?card=${card}`)

/** The order's webhooks, held at the stand-in until now, go out. */
const release = (orderId: string) =>
  hook("POST", `/__stand-in/deliveries/release?orderId=${orderId}`)

/** What the shop's server meets when it calls Checkout.com (the stand-in's outage hook). */
const outage = (mode: "off" | "unreachable" | "refund-answers-lost") =>
  hook("POST", `/__stand-in/outage?mode=${mode}`)

interface CheckoutPayment {
  readonly status: string
  readonly balances: { readonly total_refunded: number }
  readonly actions: ReadonlyArray<{ readonly id: string; readonly type: string }>
}

/** A payment as Checkout.com's API shows it, with every action taken on it (latest first). */
const atCheckout = async (paymentId: string): Promise<CheckoutPayment> => {
  const asShop = { headers: { authorization: `Bearer ${KEYS.CHECKOUT_SECRET_KEY}` } }
  const payment = await json<Omit<CheckoutPayment, "actions">>(
    await fetch(`${standIn.url}/payments/${paymentId}`, asShop),
  )
  const actions = await json<CheckoutPayment["actions"]>(
    await fetch(`${standIn.url}/payments/${paymentId}/actions`, asShop),
  )
  return { ...payment, actions }
}

/** The refunds Checkout.com made of a payment. */
const refundsAtCheckout = async (paymentId: string) =>
  (await atCheckout(paymentId)).actions.filter((a) => a.type === "Refund")

/** Until the stand-in's webhook of this type about the payment has this answer from the shop. */
const answered = async (paymentId: string, type: string, status = 200) => {
  for (let i = 0; i < 400; i++) {
    const delivery = standIn.deliveries.find((d) => d.paymentId === paymentId && d.type === type)
    if (delivery?.status === status) return delivery
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  throw new Error(`no ${type} webhook answered ${status} for ${paymentId}`)
}

interface EventJson {
  readonly id: string
  readonly type: string
  readonly data: { readonly id: string; readonly reference?: string }
}

const eventOf = (webhook: Webhook) => JSON.parse(webhook.body) as EventJson

const isAbout = (webhook: Webhook, paymentId: string, type: string) => {
  const event = eventOf(webhook)
  return event.type === type && event.data.id === paymentId
}

/** The webhooks of this type about the payment that reached the bridge, in the order answered. */
const webhooksAbout = (paymentId: string, type: string) =>
  bridge.received.filter((w) => isAbout(w, paymentId, type))

/** The first delivery of this webhook reaches the shop, but its answer is lost: the stand-in sends it again. */
const loseFirstAnswer = (paymentId: string, type: string) => {
  let lost = false
  bridge.intercept((webhook) => {
    if (lost || !isAbout(webhook, paymentId, type)) return "deliver"
    lost = true
    return "lose the answer"
  })
}

const ACCEPTED = { received: true, replayed: false, ignored: false }
const REPLAYED = { received: true, replayed: true, ignored: false }

const signedIn = async () => {
  const browser = await new Browser((shop as Shop).app).open()
  const { email } = await register(browser)
  return { browser, email }
}

/** An order of two £2.50 tickets, its card payment started: a Checkout.com session. */
const orderWithSession = async (browser: Browser) => {
  const order = await placeOrder(browser, await competitionOnSale(shop as Shop), 2)
  const { order: started } = await json<OrderResponseJson>(
    await browser.post(`/api/Orders/${order.id}/payments`),
  )
  expect(started.payments.map((p) => [p.provider, p.status])).toEqual([["checkout", "Pending"]])
  return { order, session: await sessionOf(order.id) }
}

const readOrder = async (browser: Browser, orderId: string): Promise<OrderJson> =>
  (await json<OrderResponseJson>(await browser.get(`/api/Orders/${orderId}`))).order

const paymentsOf = (order: OrderJson) => order.payments.map((p) => [p.provider, p.status])

const confirmationsTo = async (email: string) =>
  (await (shop as Shop).outbox.recent({ to: email, limit: 50 })).filter(
    (m) => m.kind === "OrderConfirmation",
  )

const refundsFor = (orderId: string) =>
  Effect.runPromise(makePaymentRepo((shop as Shop).db).refundsForOrder(orderId))

const cancel = async (browser: Browser, orderId: string) => {
  const { order } = await json<OrderResponseJson>(
    await browser.post(`/api/Orders/${orderId}/cancel-order`),
  )
  expect(order.status).toBe("Cancelled")
  // Checkout.com cannot close a session early (decision 0070): it stays payable.
  expect(paymentsOf(order)).toEqual([["checkout", "Failed"]])
}

describe("a card paid through Checkout.com", () => {
  it("completes the order once, however often its webhook is delivered", async () => {
    const { browser, email } = await signedIn()
    const { order, session } = await orderWithSession(browser)
    const paid = await payWith(session.id, "debit")
    expect(paid.status).toBe("Captured")
    // Held at the stand-in: the shop has heard nothing yet.
    expect(bridge.received.filter((w) => eventOf(w).data.id === paid.id)).toEqual([])
    expect((await readOrder(browser, order.id)).status).toBe("AwaitingPayment")

    loseFirstAnswer(paid.id, "payment_captured")
    await release(order.id)
    await answered(paid.id, "payment_captured")

    expect(webhooksAbout(paid.id, "payment_approved").map((w) => [w.status, w.answer])).toEqual([
      [200, JSON.stringify(ACCEPTED)],
    ])
    // Taken by the shop, its answer lost, delivered again by the stand-in: acknowledged as seen.
    const captured = webhooksAbout(paid.id, "payment_captured")
    expect(captured.map((w) => [w.passage, w.status, JSON.parse(w.answer)])).toEqual([
      ["lose the answer", 200, ACCEPTED],
      ["deliver", 200, REPLAYED],
    ])
    expect(eventOf(captured[1] as Webhook).id).toBe(eventOf(captured[0] as Webhook).id)

    // The same bytes and signature posted again later: a replay, answered, changing nothing.
    const replay = await bridge.replay(captured[0] as Webhook)
    expect(await json(replay)).toEqual(REPLAYED)

    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Completed")
    expect(paymentsOf(after)).toEqual([["checkout", "Succeeded"]])
    expect(await confirmationsTo(email)).toHaveLength(1)
    expect(await refundsFor(order.id)).toEqual([])
    expect((await atCheckout(paid.id)).actions.map((a) => a.type)).toEqual([
      "Capture",
      "Authorization",
    ])
  })

  it("stays Completed when an earlier card's decline arrives after the next card's capture", async () => {
    const { browser, email } = await signedIn()
    const { order, session } = await orderWithSession(browser)
    const declined = await payWith(session.id, "declined")
    expect(declined.status).toBe("Declined")
    // The session takes another card after a decline, as Flow lets the customer try again.
    const paid = await payWith(session.id, "debit")
    expect(paid.status).toBe("Captured")

    // The decline is held back at the bridge until the capture has been answered.
    bridge.intercept(async (webhook): Promise<Passage> => {
      if (!isAbout(webhook, declined.id, "payment_declined")) return "deliver"
      for (let i = 0; i < 400; i++) {
        if (webhooksAbout(paid.id, "payment_captured").some((w) => w.status === 200)) break
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      return "deliver"
    })
    await release(order.id)
    await answered(declined.id, "payment_declined")
    await answered(paid.id, "payment_captured")

    const capture = bridge.received.findIndex((w) => isAbout(w, paid.id, "payment_captured"))
    const decline = bridge.received.findIndex((w) => isAbout(w, declined.id, "payment_declined"))
    expect(capture).toBeGreaterThanOrEqual(0)
    expect(decline).toBeGreaterThan(capture)
    // A genuine event the shop had not seen: taken, and outweighed by the money that moved.
    expect(JSON.parse(bridge.received[decline]?.answer ?? "")).toEqual(ACCEPTED)

    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Completed")
    expect(paymentsOf(after)).toEqual([["checkout", "Succeeded"]])
    expect(after.payments[0]?.failureDetail).toBeNull()
    expect(await confirmationsTo(email)).toHaveLength(1)
  })

  it("refuses a forged or altered webhook with a 400 problem, and nothing changes", async () => {
    const { browser } = await signedIn()
    const { order, session } = await orderWithSession(browser)
    const declined = await payWith(session.id, "declined")
    // The genuine decline is caught on its way (the shop never sees it), to be tampered with.
    bridge.intercept((webhook) =>
      isAbout(webhook, declined.id, "payment_declined") ? "refuse" : "deliver",
    )
    await release(order.id)
    await answered(declined.id, "payment_declined", 503)
    const genuine = bridge.received.find((w) => isAbout(w, declined.id, "payment_declined"))
    if (genuine === undefined) throw new Error("the decline never came")

    // Its body altered after signing: the decline made a capture, under the same signature.
    const altered = genuine.body.replace('"type":"payment_declined"', '"type":"payment_captured"')
    expect(altered).not.toBe(genuine.body)
    await problem(await bridge.replay({ ...genuine, body: altered }), 400)

    // A capture of the order's session, signed with a key that is not the endpoint's.
    const forged = JSON.stringify({
      id: `evt_${randomUUID().replaceAll("-", "")}`,
      type: "payment_captured",
      version: "1.0.33",
      created_on: new Date().toISOString(),
      data: {
        id: declined.id,
        reference: session.reference,
        amount: session.amount,
        currency: "GBP",
        metadata: { order_id: order.id },
      },
    })
    const wrongKey = createHmac("sha256", "not-the-endpoint-key").update(forged).digest("hex")
    await problem(
      await bridge.replay({
        path: WEBHOOK_PATH,
        headers: { "content-type": "application/json", "cko-signature": wrongKey },
        body: forged,
      }),
      400,
    )
    // Unsigned.
    const { "cko-signature": _, ...unsigned } = genuine.headers
    await problem(await bridge.replay({ ...genuine, headers: unsigned }), 400)

    const untouched = await readOrder(browser, order.id)
    expect(untouched.status).toBe("AwaitingPayment")
    expect(paymentsOf(untouched)).toEqual([["checkout", "Pending"]])
    // Nothing of the forgeries was remembered: the genuine event is still news to the shop.
    expect(await json(await bridge.replay(genuine))).toEqual(ACCEPTED)
    const declinedNow = await readOrder(browser, order.id)
    expect(declinedNow.status).toBe("AwaitingPayment")
    expect(paymentsOf(declinedNow)).toEqual([["checkout", "Failed"]])
  })
})

describe("a card paid after its order was cancelled", () => {
  it("is refunded once, however often its capture is delivered; the order stays Cancelled", async () => {
    const { browser, email } = await signedIn()
    const { order, session } = await orderWithSession(browser)
    await cancel(browser, order.id)

    // The payment page left open: the customer pays the old session after all.
    const paid = await payWith(session.id, "debit")
    expect(paid.status).toBe("Captured")
    loseFirstAnswer(paid.id, "payment_captured")
    await release(order.id)
    await answered(paid.id, "payment_captured")
    const captured = webhooksAbout(paid.id, "payment_captured")
    expect(captured.map((w) => JSON.parse(w.answer))).toEqual([ACCEPTED, REPLAYED])
    // Delivered twice more, at once.
    const again = await Promise.all([
      bridge.replay(captured[0] as Webhook),
      bridge.replay(captured[0] as Webhook),
    ])
    for (const answer of again) expect(await json(answer)).toEqual(REPLAYED)
    await answered(paid.id, "payment_refunded")

    const refunds = await refundsAtCheckout(paid.id)
    expect(refunds).toHaveLength(1)
    const money = await atCheckout(paid.id)
    expect(money.status).toBe("Refunded")
    expect(money.balances.total_refunded).toBe(session.amount)

    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Cancelled")
    expect(paymentsOf(after)).toEqual([["checkout", "Refunded"]])
    expect(await refundsFor(order.id)).toEqual([
      expect.objectContaining({
        amount: session.amount,
        reason: "OrderCancelled",
        status: "Refunded",
        attempts: 0,
        providerReference: session.reference,
        providerRefundReference: refunds[0]?.id,
      }),
    ])
    expect(await confirmationsTo(email)).toEqual([])
    // The retry pass finds nothing more to give back.
    await (shop as Shop).expireUnpaidOrders()
    expect(await refundsAtCheckout(paid.id)).toHaveLength(1)
  })

  it("stays due while Checkout.com cannot be reached, and the retry pass refunds it once", async () => {
    const { browser } = await signedIn()
    const { order, session } = await orderWithSession(browser)
    await cancel(browser, order.id)
    await outage("unreachable")

    const paid = await payWith(session.id, "debit")
    await release(order.id)
    // The shop took the capture all the same: what it owes is recorded before it asks.
    await answered(paid.id, "payment_captured")
    const [due] = await refundsFor(order.id)
    expect(due).toMatchObject({ status: "Due", attempts: 1, providerRefundReference: null })
    expect(due?.lastError).toMatch(/could not be reached/)
    expect(paymentsOf(await readOrder(browser, order.id))).toEqual([["checkout", "Succeeded"]])
    // The session summary is a hook, which the outage spares.
    expect((await sessionOf(order.id)).payments).toEqual([{ id: paid.id, status: "Captured" }])

    await outage("off")
    // Before its time the retry pass leaves it.
    await (shop as Shop).expireUnpaidOrders()
    expect(await refundsAtCheckout(paid.id)).toEqual([])
    expect((await refundsFor(order.id))[0]?.status).toBe("Due")

    await refundTimeHasCome(order.id)
    await (shop as Shop).expireUnpaidOrders()
    await (shop as Shop).expireUnpaidOrders()

    const refunds = await refundsAtCheckout(paid.id)
    expect(refunds).toHaveLength(1)
    expect(await refundsFor(order.id)).toEqual([
      expect.objectContaining({
        status: "Refunded",
        attempts: 1,
        providerRefundReference: refunds[0]?.id,
      }),
    ])
    const after = await readOrder(browser, order.id)
    expect(after.status).toBe("Cancelled")
    expect(paymentsOf(after)).toEqual([["checkout", "Refunded"]])
  })

  it("is refunded once when the refund's answer was lost: the retry carries the same key", async () => {
    const { browser } = await signedIn()
    const { order, session } = await orderWithSession(browser)
    await cancel(browser, order.id)
    await outage("refund-answers-lost")

    const paid = await payWith(session.id, "debit")
    await release(order.id)
    await answered(paid.id, "payment_captured")
    // Checkout.com made the refund; the shop never heard so, and keeps it due.
    const made = await refundsAtCheckout(paid.id)
    expect(made).toHaveLength(1)
    expect(await refundsFor(order.id)).toEqual([
      expect.objectContaining({ status: "Due", attempts: 1 }),
    ])

    await outage("off")
    await refundTimeHasCome(order.id)
    await (shop as Shop).expireUnpaidOrders()

    // Asked again with the same idempotency key, Checkout.com answers with the refund it made.
    expect(await refundsAtCheckout(paid.id)).toEqual(made)
    expect(await refundsFor(order.id)).toEqual([
      expect.objectContaining({ status: "Refunded", providerRefundReference: made[0]?.id }),
    ])
    expect(paymentsOf(await readOrder(browser, order.id))).toEqual([["checkout", "Refunded"]])
    expect(
      standIn.deliveries.filter((d) => d.paymentId === paid.id && d.type === "payment_refunded"),
    ).toHaveLength(1)
  })
})

/** The refund's retry time, a minute or more away after a failure, brought to now. */
const refundTimeHasCome = (orderId: string) =>
  (shop as Shop).db
    .updateTable("paymentRefunds")
    .set({ retryAt: new Date(Date.now() - 1000) })
    .where("orderId", "=", orderId)
    .execute()
