import { Data, Effect, Layer } from "effect"
import {
  PaymentGateway,
  type PaymentGatewayShape,
  PaymentGateways,
  type PaymentGatewaysShape,
  type PaymentMethod,
} from "../ports/payment-gateway.js"

/** A payment method the shop does not offer was asked for. */
export class PaymentMethodNotOffered extends Data.TaggedError("PaymentMethodNotOffered")<{
  readonly method: string
  readonly offered: readonly PaymentMethod[]
}> {}

/** Two providers named for one method, or one provider twice: the shop could not choose. */
export class PaymentGatewaysAmbiguous extends Error {
  override readonly name = "PaymentGatewaysAmbiguous"
}

/**
 * The providers on offer, the default first (decision 0071). One provider
 * per method and each provider once: a payment's provider, as recorded,
 * must name exactly one gateway, and a method exactly one provider.
 */
export const paymentGateways = (
  offered: readonly [PaymentGatewayShape, ...PaymentGatewayShape[]],
): PaymentGatewaysShape => {
  const providers = new Set(offered.map((g) => g.provider))
  const methods = new Set(offered.map((g) => g.method))
  if (providers.size !== offered.length || methods.size !== offered.length) {
    throw new PaymentGatewaysAmbiguous(
      `One payment provider per method, each once: ${offered.map((g) => `${g.method} by ${g.provider}`).join(", ")}`,
    )
  }
  return { offered }
}

/** The gateway that took a payment of this provider; undefined when the shop no longer has it. */
export const gatewayOf = (
  gateways: PaymentGatewaysShape,
  provider: string,
): PaymentGatewayShape | undefined => gateways.offered.find((g) => g.provider === provider)

/** The methods the payment page offers, in order, the default first. */
export const methodsOffered = (gateways: PaymentGatewaysShape): readonly PaymentMethod[] =>
  gateways.offered.map((g) => g.method)

/** The gateway of the method the customer chose, the default when they chose none. */
export const gatewayFor = (
  gateways: PaymentGatewaysShape,
  method: string | undefined,
): Effect.Effect<PaymentGatewayShape, PaymentMethodNotOffered> => {
  const chosen =
    method === undefined ? gateways.offered[0] : gateways.offered.find((g) => g.method === method)
  return chosen === undefined
    ? Effect.fail(
        new PaymentMethodNotOffered({ method: method ?? "", offered: methodsOffered(gateways) }),
      )
    : Effect.succeed(chosen)
}

/** A shop of one provider: the PaymentGateway it was composed with, on offer alone. */
export const OnlyPaymentGateway: Layer.Layer<PaymentGateways, never, PaymentGateway> = Layer.effect(
  PaymentGateways,
  Effect.map(PaymentGateway, (gateway) => paymentGateways([gateway])),
)
