import {
  SANDBOX_CONFIRM_PATH,
  SandboxConfirmRequest,
  type SandboxConfirmResponseJson,
} from "@howzat/contracts/orders"
import { badRequest, type ProblemJson, serviceUnavailable } from "@howzat/contracts/problems"
import { Effect, Either, Schema } from "effect"
import { Hono } from "hono"
import type { SandboxGateway } from "./gateway"

const problem = (p: ProblemJson) =>
  new Response(
    JSON.stringify({ type: p.type, title: p.title, status: p.status, detail: p.detail }),
    { status: p.status, headers: { "content-type": "application/problem+json" } },
  )

const malformed = () =>
  problem(badRequest("Bad Request", "The card details could not be read. Please try again."))

const decodeRequest = Schema.decodeUnknownEither(SandboxConfirmRequest)

/**
 * The sandbox provider's own endpoint: the payment page posts the card here
 * with the payment's client token, as a real provider's script posts to the
 * provider. Both outcomes are 200 (the body says which, as a provider's
 * answer does); only a request the sandbox cannot act on is a problem.
 * Mount at the root: `app.route("/", sandboxGatewayRoutes(gateway))`.
 */
export const sandboxGatewayRoutes = (gateway: Pick<SandboxGateway, "confirm">): Hono => {
  const app = new Hono()
  app.post(SANDBOX_CONFIRM_PATH, async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined)
    const request = decodeRequest(body)
    if (Either.isLeft(request)) return malformed()
    const outcome = await Effect.runPromise(
      gateway.confirm(request.right).pipe(
        Effect.map((answer): SandboxConfirmResponseJson | Response => answer),
        Effect.catchTags({
          UnknownClientToken: () =>
            Effect.succeed(
              problem(
                badRequest(
                  "Unknown payment",
                  "This payment could not be found. Please start the payment again.",
                ),
              ),
            ),
        }),
        // The store failing (or anything unforeseen) is ours, not the customer's: 503, never a 500.
        Effect.catchAllCause((cause) =>
          Effect.logError("The sandbox could not confirm a card", cause).pipe(
            Effect.as(problem(serviceUnavailable())),
          ),
        ),
      ),
    )
    return outcome instanceof Response ? outcome : c.json(outcome, 200)
  })
  return app
}
