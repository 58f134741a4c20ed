import { describe, expect, it } from "@effect/vitest"
import { type Pence, pence } from "@howzat/core/rules"
import { Chunk, Deferred, Effect, Queue, Ref, TestClock } from "effect"
import { signatureHeader } from "../signature"
import { makeSandboxGateway, type SandboxGatewayOptions, sandboxCardFingerprint } from "./gateway"
import { makeInMemorySandboxIntentStore, type SandboxIntentStore } from "./store"

interface Delivery {
  readonly rawBody: string
  readonly headers: Readonly<Record<string, string>>
}

/**
 * The shop's side of deliveries: records each and answers with the next
 * status given (200 after); `nextDelivery` waits for the next to arrive.
 */
const makeShop = (answers: ReadonlyArray<number | "throw"> = []) =>
  Effect.gen(function* () {
    const deliveries: Delivery[] = []
    const arrivals = yield* Queue.unbounded<Delivery>()
    const deliver: SandboxGatewayOptions["deliver"] = async (rawBody, headers) => {
      deliveries.push({ rawBody, headers })
      Queue.unsafeOffer(arrivals, { rawBody, headers })
      const answer = answers[deliveries.length - 1] ?? 200
      if (answer === "throw") throw new Error("connection refused")
      return { status: answer }
    }
    return { deliveries, deliver, nextDelivery: Queue.take(arrivals) }
  })

/**
 * Until a delivery's pause before its next attempt is waiting on the test
 * clock, so that moving the clock is what ends it. A delivery runs on a
 * fiber of its own, which gets its turns while this one yields.
 */
const retryPaused = Effect.gen(function* () {
  for (let turns = 0; Chunk.isEmpty(yield* TestClock.sleeps()); turns++) {
    if (turns > 10_000) return yield* Effect.dieMessage("no delivery is pausing to try again")
    yield* Effect.yieldNow()
  }
  return "pausing to try again" as const
})

/**
 * The store, except that a settlement waits until `racers` have been asked
 * for: each racer has then found the intent Pending, and the store's own
 * atomic settle is what decides between them.
 */
const settlingTogether = (store: SandboxIntentStore, racers: number) =>
  Effect.gen(function* () {
    const arrived = yield* Ref.make(0)
    const allThere = yield* Deferred.make<void>()
    const together: SandboxIntentStore = {
      ...store,
      settle: (providerReference, settlement) =>
        Effect.gen(function* () {
          if ((yield* Ref.updateAndGet(arrived, (n) => n + 1)) === racers)
            yield* Deferred.succeed(allThere, undefined)
          yield* Deferred.await(allThere)
          return yield* store.settle(providerReference, settlement)
        }),
    }
    return together
  })

const setup = (options: Partial<SandboxGatewayOptions> & { answers?: Array<number | "throw"> }) =>
  Effect.gen(function* () {
    const shop = yield* makeShop(options.answers)
    const store = yield* makeInMemorySandboxIntentStore()
    const gateway = yield* makeSandboxGateway({
      store,
      secret: "sandbox-secret",
      deliver: shop.deliver,
      ...options,
    })
    /** Every delivery begun has ended (delivered or given up), and none is pausing to try again. */
    const settled = Effect.gen(function* () {
      const first = yield* Effect.raceFirst(
        Effect.as(gateway.deliveriesSettled, "settled" as const),
        retryPaused,
      )
      expect(first).toBe("settled")
    })
    return { gateway, shop, store, settled }
  })

const card = {
  cardNumber: "4242 4242 4242 4242",
  cardholderName: "Ada Lovelace",
  expiry: "12/30",
  securityCode: "123",
}
const order = {
  orderId: "order-1",
  amount: pence(1250),
  idempotencyKey: "payment-1",
  creditCardsAllowed: true,
}

describe("the sandbox gateway", () => {
  it.scoped("an intent per idempotency key, with unguessable reference and client token", () =>
    Effect.gen(function* () {
      const { gateway } = yield* setup({})
      const first = yield* gateway.createIntent(order)
      expect(first.providerReference).toMatch(/^sbx_pi_[A-Za-z0-9_-]{22}$/)
      expect(first.clientToken).toMatch(/^sbx_ct_[A-Za-z0-9_-]{22}$/)
      expect(yield* gateway.createIntent(order)).toEqual(first)
      const other = yield* gateway.createIntent({ ...order, idempotencyKey: "payment-2" })
      expect(other.providerReference).not.toBe(first.providerReference)
      expect(other.clientToken).not.toBe(first.clientToken)
      expect(yield* gateway.intentStatus(first.providerReference)).toEqual({ status: "Pending" })
    }),
  )

  it.scoped(
    "a key reused for another order or amount is refused, not answered with the old intent",
    () =>
      Effect.gen(function* () {
        const { gateway } = yield* setup({})
        yield* gateway.createIntent(order)
        for (const changed of [{ amount: pence(1251) }, { orderId: "order-2" }]) {
          const error = yield* Effect.flip(gateway.createIntent({ ...order, ...changed }))
          expect(error.reason).toMatch(/already used for a different order or amount/)
        }
      }),
  )

  it.scoped("a non-positive or fractional amount is refused, as a provider would", () =>
    Effect.gen(function* () {
      const { gateway } = yield* setup({})
      for (const amount of [0, -5, 1.5]) {
        // Cast past pence(): the gateway must hold even if a caller gets the brand wrong.
        const error = yield* Effect.flip(
          gateway.createIntent({ ...order, amount: amount as Pence }),
        )
        expect(error._tag).toBe("PaymentGatewayUnavailable")
      }
    }),
  )

  it.scoped("an unknown intent or client token is reported, not invented", () =>
    Effect.gen(function* () {
      const { gateway } = yield* setup({})
      expect((yield* Effect.flip(gateway.intentStatus("sbx_pi_nope")))._tag).toBe(
        "PaymentGatewayUnavailable",
      )
      expect((yield* Effect.flip(gateway.confirm({ ...card, clientToken: "x" })))._tag).toBe(
        "UnknownClientToken",
      )
    }),
  )

  it.scoped("the success card settles the intent and delivers one signed notification", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_790_000_000_000)
      const { gateway, shop, settled } = yield* setup({})
      const intent = yield* gateway.createIntent(order)
      const answer = yield* gateway.confirm({ ...card, clientToken: intent.clientToken })
      expect(answer).toEqual({ status: "Succeeded", failureDetail: null })
      // The card's fingerprint, never its number (decision 0039): the same card, the same print.
      const fingerprint = sandboxCardFingerprint("sandbox-secret", card.cardNumber)
      expect(fingerprint).not.toContain(card.cardNumber.replace(/\D/g, ""))
      expect(sandboxCardFingerprint("sandbox-secret", "4000 0000 0000 0002")).not.toBe(fingerprint)
      expect(yield* gateway.intentStatus(intent.providerReference)).toEqual({
        status: "Succeeded",
        cardFingerprint: fingerprint,
        cardFunding: "Credit",
      })

      yield* settled
      expect(shop.deliveries).toHaveLength(1)
      const [delivery] = shop.deliveries
      if (delivery === undefined) throw new Error("no delivery")
      expect(delivery.headers["content-type"]).toBe("application/json")
      expect(delivery.headers["howzat-signature"]).toMatch(/^t=1790000000,v1=[0-9a-f]{64}$/)
      const body = JSON.parse(delivery.rawBody)
      expect(body).toEqual({
        id: expect.stringMatching(/^sbx_evt_/),
        type: "payment_intent.succeeded",
        providerReference: intent.providerReference,
        status: "Succeeded",
        failureDetail: null,
        cardFingerprint: fingerprint,
        cardFunding: "Credit",
      })
      expect(yield* gateway.verifyNotification(delivery.rawBody, delivery.headers)).toEqual({
        kind: "IntentStatus",
        providerReference: intent.providerReference,
        eventId: body.id,
        outcome: { status: "Succeeded", cardFingerprint: fingerprint, cardFunding: "Credit" },
      })
    }),
  )

  describe("an intent the shop allows no credit card on (decision 0042)", () => {
    const notice =
      "Credit cards can't be used for instant win competitions. Please pay with a debit card."
    const noCredit = { ...order, creditCardsAllowed: false, creditCardNotice: notice }

    it.scoped("declines a credit card in the shop's words, before any money moves", () =>
      Effect.gen(function* () {
        const { gateway, shop, settled } = yield* setup({})
        const intent = yield* gateway.createIntent(noCredit)
        const answer = yield* gateway.confirm({ ...card, clientToken: intent.clientToken })
        expect(answer).toEqual({ status: "Failed", failureDetail: notice })
        expect(yield* gateway.intentStatus(intent.providerReference)).toEqual({
          status: "Failed",
          failureDetail: notice,
        })
        // Nothing was taken, so there is nothing to refund.
        const refund = yield* Effect.flip(
          gateway.refund({
            providerReference: intent.providerReference,
            amount: order.amount,
            idempotencyKey: "r",
          }),
        )
        expect(refund._tag).toBe("PaymentGatewayUnavailable")
        yield* settled
        expect(JSON.parse(shop.deliveries[0]?.rawBody ?? "{}")).toMatchObject({
          status: "Failed",
          failureDetail: notice,
        })
      }),
    )

    it.scoped("takes a debit card, and says so", () =>
      Effect.gen(function* () {
        const { gateway } = yield* setup({})
        const intent = yield* gateway.createIntent(noCredit)
        const answer = yield* gateway.confirm({
          ...card,
          cardNumber: "4000 0566 5566 5556",
          clientToken: intent.clientToken,
        })
        expect(answer).toEqual({ status: "Succeeded", failureDetail: null })
        expect(yield* gateway.intentStatus(intent.providerReference)).toMatchObject({
          status: "Succeeded",
          cardFunding: "Debit",
        })
      }),
    )

    it.scoped("an intent that allows credit cards takes the Mastercard test card as credit", () =>
      Effect.gen(function* () {
        const { gateway } = yield* setup({})
        const intent = yield* gateway.createIntent(order)
        yield* gateway.confirm({
          ...card,
          cardNumber: "5555 5555 5555 4444",
          clientToken: intent.clientToken,
        })
        expect(yield* gateway.intentStatus(intent.providerReference)).toMatchObject({
          status: "Succeeded",
          cardFunding: "Credit",
        })
      }),
    )
  })

  it.scoped("a decline settles for good: a later good card answers the decline", () =>
    Effect.gen(function* () {
      const { gateway, shop, settled } = yield* setup({})
      const intent = yield* gateway.createIntent(order)
      const declined = { status: "Failed", failureDetail: "Your card has insufficient funds." }
      expect(
        yield* gateway.confirm({
          ...card,
          cardNumber: "4000 0000 0000 9995",
          clientToken: intent.clientToken,
        }),
      ).toEqual(declined)
      expect(yield* gateway.confirm({ ...card, clientToken: intent.clientToken })).toEqual(declined)
      expect(yield* gateway.intentStatus(intent.providerReference)).toEqual({
        status: "Failed",
        failureDetail: "Your card has insufficient funds.",
      })
      yield* settled
      const [delivery] = shop.deliveries
      if (delivery === undefined) throw new Error("no delivery")
      expect(JSON.parse(delivery.rawBody)).toMatchObject({
        type: "payment_intent.payment_failed",
        status: "Failed",
        failureDetail: "Your card has insufficient funds.",
      })
      const verified = yield* gateway.verifyNotification(delivery.rawBody, delivery.headers)
      expect(verified).toMatchObject({
        kind: "IntentStatus",
        outcome: yield* gateway.intentStatus(intent.providerReference),
      })
    }),
  )

  it.scoped("a typing mistake answers Failed but leaves the intent open, and notifies nobody", () =>
    Effect.gen(function* () {
      const { gateway, shop, settled } = yield* setup({})
      const intent = yield* gateway.createIntent(order)
      expect(
        yield* gateway.confirm({
          ...card,
          cardNumber: "4242 4242 4242 4241",
          clientToken: intent.clientToken,
        }),
      ).toEqual({ status: "Failed", failureDetail: "Your card number is incorrect." })
      expect(yield* gateway.intentStatus(intent.providerReference)).toEqual({ status: "Pending" })
      yield* settled
      expect(shop.deliveries).toHaveLength(0)
      expect(yield* gateway.confirm({ ...card, clientToken: intent.clientToken })).toEqual({
        status: "Succeeded",
        failureDetail: null,
      })
      yield* settled
      expect(shop.deliveries).toHaveLength(1)
    }),
  )

  it.scoped(
    "two confirms racing with different cards both answer the one outcome that settled",
    () =>
      Effect.gen(function* () {
        const store = yield* settlingTogether(yield* makeInMemorySandboxIntentStore(), 2)
        const { gateway, shop, settled } = yield* setup({ store })
        const intent = yield* gateway.createIntent(order)
        const [a, b] = yield* Effect.all(
          [
            gateway.confirm({ ...card, clientToken: intent.clientToken }),
            gateway.confirm({
              ...card,
              cardNumber: "4000000000000002",
              clientToken: intent.clientToken,
            }),
          ],
          { concurrency: "unbounded" },
        )
        expect(a).toEqual(b)
        yield* settled
        expect(shop.deliveries).toHaveLength(1)
      }),
  )

  it.scoped("a failed delivery is retried with backoff, re-signed, with the same event id", () =>
    Effect.gen(function* () {
      const { gateway, shop, settled } = yield* setup({ answers: [500, "throw", 200] })
      const intent = yield* gateway.createIntent(order)
      yield* gateway.confirm({ ...card, clientToken: intent.clientToken })
      yield* shop.nextDelivery
      yield* retryPaused
      expect(shop.deliveries).toHaveLength(1)
      yield* TestClock.adjust("1 second")
      yield* shop.nextDelivery
      yield* retryPaused
      yield* TestClock.adjust("2 seconds")
      yield* shop.nextDelivery
      yield* settled
      expect(shop.deliveries).toHaveLength(3)
      const ids = shop.deliveries.map((d) => JSON.parse(d.rawBody).id)
      expect(new Set(ids).size).toBe(1)
      const times = shop.deliveries.map((d) => d.headers["howzat-signature"]?.split(",")[0])
      expect(times).toEqual(["t=0", "t=1", "t=3"])
    }),
  )

  it.scoped("delivery gives up after the configured attempts", () =>
    Effect.gen(function* () {
      const { gateway, shop, settled } = yield* setup({
        answers: [503, 503, 503, 503],
        deliveryAttempts: 2,
        deliveryBackoff: "10 millis",
      })
      const intent = yield* gateway.createIntent(order)
      yield* gateway.confirm({ ...card, clientToken: intent.clientToken })
      yield* shop.nextDelivery
      yield* retryPaused
      yield* TestClock.adjust("10 millis")
      yield* shop.nextDelivery
      yield* settled
      expect(shop.deliveries).toHaveLength(2)
    }),
  )

  it.scoped(
    "a voided intent takes no card: confirming it later answers that it was cancelled",
    () =>
      Effect.gen(function* () {
        const { gateway, shop, settled } = yield* setup({})
        const intent = yield* gateway.createIntent(order)
        const cancelled = { status: "Failed", failureDetail: "The payment was cancelled." }
        expect(yield* gateway.cancelIntent(intent.providerReference)).toEqual(cancelled)
        expect(yield* gateway.cancelIntent(intent.providerReference)).toEqual(cancelled)
        expect(yield* gateway.confirm({ ...card, clientToken: intent.clientToken })).toEqual(
          cancelled,
        )
        expect(yield* gateway.intentStatus(intent.providerReference)).toEqual(cancelled)

        yield* settled
        expect(shop.deliveries).toHaveLength(1)
        const [delivery] = shop.deliveries
        if (delivery === undefined) throw new Error("no delivery")
        expect(JSON.parse(delivery.rawBody)).toMatchObject({
          type: "payment_intent.canceled",
          status: "Failed",
          failureDetail: "The payment was cancelled.",
        })
        expect(yield* gateway.verifyNotification(delivery.rawBody, delivery.headers)).toMatchObject(
          { kind: "IntentStatus", outcome: cancelled },
        )
      }),
  )

  it.scoped("cancelling a paid or declined intent changes nothing and says where it stands", () =>
    Effect.gen(function* () {
      const { gateway } = yield* setup({})
      const paid = yield* gateway.createIntent(order)
      yield* gateway.confirm({ ...card, clientToken: paid.clientToken })
      expect(yield* gateway.cancelIntent(paid.providerReference)).toMatchObject({
        status: "Succeeded",
      })
      expect(yield* gateway.intentStatus(paid.providerReference)).toMatchObject({
        status: "Succeeded",
      })

      const declined = yield* gateway.createIntent({ ...order, idempotencyKey: "payment-2" })
      yield* gateway.confirm({
        ...card,
        cardNumber: "4000 0000 0000 0002",
        clientToken: declined.clientToken,
      })
      expect(yield* gateway.cancelIntent(declined.providerReference)).toEqual({
        status: "Failed",
        failureDetail: "Your card was declined.",
      })
      expect((yield* Effect.flip(gateway.cancelIntent("sbx_pi_nope")))._tag).toBe(
        "PaymentGatewayUnavailable",
      )
    }),
  )

  it.scoped("a card and a void racing: whichever lands first is what both are told", () =>
    Effect.gen(function* () {
      for (let i = 0; i < 10; i++) {
        const store = yield* settlingTogether(yield* makeInMemorySandboxIntentStore(), 2)
        const { gateway } = yield* setup({ store })
        const intent = yield* gateway.createIntent(order)
        const [confirmed, voided] = yield* Effect.all(
          [
            gateway.confirm({ ...card, clientToken: intent.clientToken }),
            gateway.cancelIntent(intent.providerReference),
          ],
          { concurrency: "unbounded" },
        )
        const stands = yield* gateway.intentStatus(intent.providerReference)
        expect(voided).toEqual(stands)
        expect(confirmed.status).toBe(stands.status)
      }
    }),
  )

  it.scoped("refunds a paid intent once per key; another key finds it refunded already", () =>
    Effect.gen(function* () {
      const { gateway } = yield* setup({})
      const intent = yield* gateway.createIntent(order)
      const request = {
        providerReference: intent.providerReference,
        amount: pence(1250),
        idempotencyKey: "refund-1",
      }
      const unpaid = yield* Effect.flip(gateway.refund(request))
      expect(unpaid.reason).toMatch(/Only a succeeded payment/)

      yield* gateway.confirm({ ...card, clientToken: intent.clientToken })
      const tooMuch = yield* Effect.flip(gateway.refund({ ...request, amount: pence(1251) }))
      expect(tooMuch.reason).toMatch(/up to the payment/)
      const [first, second] = yield* Effect.all(
        [gateway.refund(request), gateway.refund(request)],
        {
          concurrency: "unbounded",
        },
      )
      expect(first?.refundReference).toMatch(/^sbx_re_[A-Za-z0-9_-]{22}$/)
      expect(second).toEqual(first)
      const other = yield* Effect.flip(gateway.refund({ ...request, idempotencyKey: "refund-2" }))
      expect(other.reason).toMatch(/already been refunded/)
      expect(yield* gateway.intentStatus(intent.providerReference)).toMatchObject({
        status: "Succeeded",
      })
    }),
  )

  it.scoped("forged, altered, stale and malformed notifications are rejected", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(1_790_000_000_000)
      const { gateway } = yield* setup({})
      const body = JSON.stringify({
        id: "sbx_evt_1",
        type: "payment_intent.succeeded",
        providerReference: "sbx_pi_1",
        status: "Succeeded",
        failureDetail: null,
      })
      const at = 1_790_000_000
      const reason = (rawBody: string, header: string | undefined) =>
        gateway.verifyNotification(rawBody, { "howzat-signature": header }).pipe(
          Effect.flip,
          Effect.map((e) => e.reason),
        )

      const genuine = signatureHeader("sandbox-secret", at, body)
      expect(
        (yield* gateway.verifyNotification(body, { "howzat-signature": genuine })).eventId,
      ).toBe("sbx_evt_1")
      expect(yield* reason(body, signatureHeader("guessed", at, body))).toMatch(/does not match/)
      expect(yield* reason(body.replace("Succeeded", "Failed"), genuine)).toMatch(/does not match/)
      expect(yield* reason(body, undefined)).toMatch(/missing/)
      const junk = "{not json"
      expect(yield* reason(junk, signatureHeader("sandbox-secret", at, junk))).toMatch(/malformed/)
      yield* TestClock.adjust("301 seconds")
      expect(yield* reason(body, genuine)).toMatch(/outside/)
    }),
  )
})
