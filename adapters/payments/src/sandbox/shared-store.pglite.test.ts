import { describe, expect, it } from "@effect/vitest"
import { PaymentGateway } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { makeSandboxIntentStore } from "@howzat/postgres"
import { Context, Effect, Layer } from "effect"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import { SandboxPaymentGateway, SandboxPaymentGatewayLive } from "../layers"
import type { SandboxIntentStore } from "./store"

/**
 * Two sandboxes on one database stand for two server processes: an intent
 * made by one is confirmed through the other, and the notification one
 * sends is verified by the other.
 */
describe("the sandbox on its Postgres store (PGlite), as two server processes", () => {
  it.scoped(
    "shares intents, idempotency and outcomes across processes",
    () =>
      Effect.gen(function* () {
        const handle = yield* Effect.acquireRelease(Effect.promise(openMigratedPglite), (h) =>
          Effect.promise(() => h.close()),
        )
        // The Postgres repo must fit the store interface this package defines.
        const store: SandboxIntentStore = makeSandboxIntentStore(handle.db)
        const delivered: Array<{ rawBody: string; headers: Readonly<Record<string, string>> }> = []
        const process = (deliver: boolean) =>
          Layer.build(
            SandboxPaymentGatewayLive({
              store,
              secret: "shared-secret",
              deliver: async (rawBody, headers) => {
                if (deliver) delivered.push({ rawBody, headers })
                return { status: deliver ? 204 : 500 }
              },
              deliveryAttempts: 1,
            }),
          )
        const one = yield* process(false)
        const two = yield* process(true)
        const portOne = Context.get(one, PaymentGateway)
        const sandboxTwo = Context.get(two, SandboxPaymentGateway)

        const request = {
          orderId: "order-1",
          amount: pence(999),
          idempotencyKey: "payment-1",
          creditCardsAllowed: true,
        }
        const intent = yield* portOne.createIntent(request)
        expect(yield* sandboxTwo.createIntent(request)).toEqual(intent)

        expect(
          yield* sandboxTwo.confirm({
            clientToken: intent.clientToken,
            cardNumber: "4000 0000 0000 0002",
            cardholderName: "A Customer",
            expiry: "01/99",
            securityCode: "999",
          }),
        ).toEqual({ status: "Failed", failureDetail: "Your card was declined." })
        expect(yield* portOne.intentStatus(intent.providerReference)).toEqual({
          status: "Failed",
          failureDetail: "Your card was declined.",
        })

        yield* sandboxTwo.deliveriesSettled
        const [notification] = delivered
        if (notification === undefined) throw new Error("nothing was delivered")
        const verified = yield* portOne.verifyNotification(
          notification.rawBody,
          notification.headers,
        )
        expect(verified).toMatchObject({
          providerReference: intent.providerReference,
          outcome: { status: "Failed", failureDetail: "Your card was declined." },
        })
      }),
    // PGlite starts and migrates in this test; a busy machine needs the room.
    60_000,
  )
})
