import { describe, expect, it } from "@effect/vitest"
import { SANDBOX_CONFIRM_PATH } from "@howzat/contracts/orders"
import { PaymentGatewayUnavailable } from "@howzat/core/ports"
import { pence } from "@howzat/core/rules"
import { Effect } from "effect"
import { Hono } from "hono"
import { makeSandboxGateway } from "./gateway"
import { sandboxGatewayRoutes } from "./routes"
import { makeInMemorySandboxIntentStore } from "./store"

const card = {
  cardNumber: "4242 4242 4242 4242",
  cardholderName: "Ada Lovelace",
  expiry: "12/99",
  securityCode: "123",
}

const post = (app: Hono, body: unknown) =>
  Effect.promise(async () => {
    const response = await app.request(SANDBOX_CONFIRM_PATH, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
    })
    return {
      status: response.status,
      contentType: response.headers.get("content-type"),
      json: await response.json(),
    }
  })

const setup = Effect.gen(function* () {
  const gateway = yield* makeSandboxGateway({
    store: yield* makeInMemorySandboxIntentStore(),
    secret: "s",
    deliver: async () => ({ status: 200 }),
  })
  // Mounted the way the server does it, under its own root app.
  const app = new Hono().route("/", sandboxGatewayRoutes(gateway))
  const intent = yield* gateway.createIntent({
    orderId: "o",
    amount: pence(500),
    idempotencyKey: "k",
    creditCardsAllowed: true,
  })
  return { app, intent }
})

describe("POST /sandbox-gateway/confirm", () => {
  it.scoped("answers 200 with the outcome, succeeded or failed", () =>
    Effect.gen(function* () {
      const { app, intent } = yield* setup
      const declined = yield* post(app, {
        ...card,
        cardNumber: "4000 0000 0000 0002",
        clientToken: intent.clientToken,
      })
      expect(declined).toEqual({
        status: 200,
        contentType: expect.stringContaining("application/json"),
        json: { status: "Failed", failureDetail: "Your card was declined." },
      })
      const { app: other, intent: fresh } = yield* setup
      expect((yield* post(other, { ...card, clientToken: fresh.clientToken })).json).toEqual({
        status: "Succeeded",
        failureDetail: null,
      })
    }),
  )

  it.scoped("a malformed body or an unknown token is a 400 problem", () =>
    Effect.gen(function* () {
      const { app } = yield* setup
      for (const body of ["{not json", { ...card }, { ...card, clientToken: 5 }, "null"]) {
        const answer = yield* post(app, body)
        expect(answer.status).toBe(400)
        expect(answer.contentType).toBe("application/problem+json")
        expect(answer.json).toMatchObject({ status: 400, title: "Bad Request" })
      }
      const unknown = yield* post(app, { ...card, clientToken: "sbx_ct_guess" })
      expect(unknown.status).toBe(400)
      expect(unknown.json).toMatchObject({ title: "Unknown payment" })
    }),
  )

  it.scoped("a store failure is a 503 problem, never a 500", () =>
    Effect.gen(function* () {
      const failing = sandboxGatewayRoutes({
        confirm: () =>
          Effect.fail(new PaymentGatewayUnavailable({ provider: "sandbox", reason: "down" })),
      })
      const answer = yield* post(failing, { ...card, clientToken: "x" })
      expect(answer.status).toBe(503)
      expect(answer.contentType).toBe("application/problem+json")
      const dying = sandboxGatewayRoutes({ confirm: () => Effect.die("boom") })
      expect((yield* post(dying, { ...card, clientToken: "x" })).status).toBe(503)
    }),
  )
})
