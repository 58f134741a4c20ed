import { paymentGateways } from "@howzat/core/orders"
import { PaymentGateway, PaymentGateways } from "@howzat/core/ports"
import { PAYMENT_NOTIFICATION_PATH, paymentNotificationPathOf } from "@howzat/http"
import {
  CheckoutPaymentGatewayLive,
  makeTrueLayerGateway,
  SandboxPaymentGateway,
  SandboxPaymentGatewayLive,
  StripePaymentGatewayLive,
  sandboxGatewayRoutes,
} from "@howzat/payments"
import { type DatabaseHandle, makeSandboxIntentStore } from "@howzat/postgres"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import type { Hono } from "hono"
import type { CheckoutConfig, PaymentsConfig, TrueLayerConfig } from "./config"
import { paymentNotificationSecret } from "./payment-secret"

/** TrueLayer as the settings name it, its webhooks at its own address (decision 0071). */
const trueLayerGateway = (config: TrueLayerConfig) =>
  makeTrueLayerGateway({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    signingKeyId: config.signingKeyId,
    signingPrivateKeyPem: config.signingPrivateKeyPem,
    merchantAccountId: config.merchantAccountId,
    environment: config.environment,
    apiUrl: config.apiUrl,
    authUrl: config.authUrl,
    ...(config.jwksUrl === undefined ? {} : { jwksAllowList: [config.jwksUrl] }),
    webhookPath: paymentNotificationPathOf("truelayer"),
  })

/** Where Flow sends a customer back after 3-D Secure or a wallet: their order's return page. */
export const CARD_RETURN_PATH = "/Checkout/PaymentReturn/{orderId}"

/** Checkout.com as the settings name it, customers sent back to the shop's own origin. */
const checkoutGateway = (config: CheckoutConfig, linkOrigin: string) =>
  CheckoutPaymentGatewayLive({
    secretKey: config.secretKey,
    publicKey: config.publicKey,
    processingChannelId: config.processingChannelId,
    webhookSignatureKey: config.webhookSignatureKey,
    environment: config.environment,
    apiUrl: config.apiUrl,
    successUrl: `${linkOrigin}${CARD_RETURN_PATH}`,
    failureUrl: `${linkOrigin}${CARD_RETURN_PATH}?outcome=failed`,
  })

/**
 * The card provider the configuration names, built once for the server's
 * life (the sandbox delivers notifications on fibers that end with it).
 * The sandbox delivers to this very shop's status-notification route, in
 * process, exactly as a provider's webhook would arrive; `deliverTo` is set
 * once the app exists.
 */
export const openPaymentGateway = async (
  db: DatabaseHandle["db"],
  config: PaymentsConfig,
  linkOrigin: string,
) => {
  const scope = Effect.runSync(Scope.make())
  let deliverTo: Hono | undefined

  const layer: Layer.Layer<PaymentGateway | SandboxPaymentGateway> | Layer.Layer<PaymentGateway> =
    config.gateway === "stripe" && config.stripe
      ? StripePaymentGatewayLive({
          secretKey: config.stripe.secretKey,
          webhookSecret: config.stripe.webhookSecret,
          apiBase: config.stripe.apiUrl,
        })
      : config.gateway === "checkout" && config.checkout
        ? checkoutGateway(config.checkout, linkOrigin)
        : SandboxPaymentGatewayLive({
            store: makeSandboxIntentStore(db),
            secret: await paymentNotificationSecret(db, config.notificationSecret),
            deliver: async (rawBody, headers) => {
              if (deliverTo === undefined) return { status: 503 }
              return deliverTo.request(PAYMENT_NOTIFICATION_PATH, {
                method: "POST",
                body: rawBody,
                headers,
              })
            },
          })
  const context = await Effect.runPromise(Layer.buildWithScope(layer, scope))
  const sandbox = Context.getOption(
    context as Context.Context<PaymentGateway | SandboxPaymentGateway>,
    SandboxPaymentGateway,
  )

  const card = Context.get(context as Context.Context<PaymentGateway>, PaymentGateway)
  const bank = config.payByBank === undefined ? undefined : trueLayerGateway(config.payByBank)
  const offered = paymentGateways(bank === undefined ? [card] : [card, bank])

  return {
    /** The providers on offer, each with its own notification address (decision 0071). */
    providers: offered.offered.map((g) => g.provider),
    /** The card gateway, and the providers on offer: the card first, then pay by bank. */
    layer: Layer.merge(Layer.succeedContext(context), Layer.succeed(PaymentGateways, offered)),
    /** Mounts the sandbox's card-form route (none for a real provider) and starts deliveries. */
    attach: (app: Hono) => {
      if (sandbox._tag === "Some") app.route("/", sandboxGatewayRoutes(sandbox.value))
      deliverTo = app
    },
    /** Once the sandbox's notifications sent so far have been handled (at once for a real provider). */
    deliveriesSettled: () =>
      sandbox._tag === "Some"
        ? Effect.runPromise(sandbox.value.deliveriesSettled)
        : Promise.resolve(),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
