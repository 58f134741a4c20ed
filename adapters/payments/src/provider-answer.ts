import type { PaymentGatewayUnavailable } from "@howzat/core/ports"
import { Effect } from "effect"

/** A provider's HTTP answer: its status and its JSON body (undefined when empty). */
export interface ProviderAnswer {
  readonly ok: boolean
  readonly status: number
  readonly body: unknown
}

/**
 * Reads a provider's answer as JSON. A body that cannot be read, or is not
 * JSON, is the provider answering nonsense: unavailable, in its own name.
 */
export const readProviderAnswer = (
  response: Response,
  unavailable: (reason: string) => PaymentGatewayUnavailable,
): Effect.Effect<ProviderAnswer, PaymentGatewayUnavailable> =>
  Effect.gen(function* () {
    const text = yield* Effect.tryPromise({
      try: () => response.text(),
      catch: () => unavailable(`The provider's ${response.status} answer could not be read.`),
    })
    let body: unknown
    if (text !== "") {
      try {
        body = JSON.parse(text)
      } catch {
        return yield* unavailable(`The provider answered ${response.status} without JSON.`)
      }
    }
    return { ok: response.ok, status: response.status, body }
  })
