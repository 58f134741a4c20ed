import { PaymentGateway } from "@howzat/core/ports"
import { Context, Effect, Layer } from "effect"
import { type CheckoutGatewayConfig, makeCheckoutGateway } from "./checkout/gateway"
import {
  makeSandboxGateway,
  type SandboxGateway,
  type SandboxGatewayOptions,
} from "./sandbox/gateway"
import { makeStripeGateway, type StripeGatewayConfig } from "./stripe/gateway"

/**
 * The sandbox itself, beside the port: the server needs its `confirm` for
 * the card form's route, which no real provider's port would offer.
 */
export class SandboxPaymentGateway extends Context.Tag("@howzat/payments/SandboxPaymentGateway")<
  SandboxPaymentGateway,
  SandboxGateway
>() {}

/**
 * Core's PaymentGateway as the sandbox, plus the sandbox under its own tag.
 * Scoped: notifications still being delivered end with the layer.
 */
export const SandboxPaymentGatewayLive = (
  options: SandboxGatewayOptions,
): Layer.Layer<PaymentGateway | SandboxPaymentGateway> =>
  Layer.scopedContext(
    Effect.map(makeSandboxGateway(options), (gateway) =>
      Context.make(PaymentGateway, gateway).pipe(Context.add(SandboxPaymentGateway, gateway)),
    ),
  )

/** Core's PaymentGateway as the real provider. */
export const StripePaymentGatewayLive = (
  config: StripeGatewayConfig,
): Layer.Layer<PaymentGateway> => Layer.succeed(PaymentGateway, makeStripeGateway(config))

/** Core's PaymentGateway as Checkout.com, cards through Flow (decisions 0070, 0073). */
export const CheckoutPaymentGatewayLive = (
  config: CheckoutGatewayConfig,
): Layer.Layer<PaymentGateway> => Layer.succeed(PaymentGateway, makeCheckoutGateway(config))
