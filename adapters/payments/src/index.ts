export {
  CHECKOUT_PROVIDER,
  CHECKOUT_SIGNATURE_HEADER,
  CHECKOUT_URLS,
  type CheckoutGatewayConfig,
  cardFundingOf as checkoutCardFundingOf,
  declineDetailOf as checkoutDeclineDetailOf,
  makeCheckoutGateway,
  sessionReference as checkoutSessionReference,
  statusOfPayment as checkoutStatusOfPayment,
  statusOfSession as checkoutStatusOfSession,
} from "./checkout/gateway"
export {
  CheckoutPaymentGatewayLive,
  SandboxPaymentGateway,
  SandboxPaymentGatewayLive,
  StripePaymentGatewayLive,
} from "./layers"
export { cardTexts, judgeCard, TEST_CARDS } from "./sandbox/cards"
export {
  type DeliveryResponse,
  makeSandboxGateway,
  SANDBOX_PROVIDER,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxGateway,
  type SandboxGatewayOptions,
  SandboxNotification,
  UnknownClientToken,
} from "./sandbox/gateway"
export { sandboxGatewayRoutes } from "./sandbox/routes"
export {
  makeInMemorySandboxIntentStore,
  type NewSandboxIntent,
  type SandboxIntentRecord,
  type SandboxIntentStore,
  type SandboxSettlement,
} from "./sandbox/store"
export {
  DEFAULT_TOLERANCE_SECONDS,
  sign,
  signatureHeader,
  type VerifyOptions,
  verifySignature,
} from "./signature"
export {
  makeStripeGateway,
  STRIPE_PROVIDER,
  STRIPE_SIGNATURE_HEADER,
  type StripeGatewayConfig,
  statusOfIntent,
} from "./stripe/gateway"
export {
  failureDetailOf,
  idempotencyUuid,
  makeTrueLayerGateway,
  statusOfPayment,
  TRUELAYER_JWKS,
  TRUELAYER_PROVIDER,
  TRUELAYER_SIGNATURE_HEADER,
  TRUELAYER_TIMESTAMP_HEADER,
  TRUELAYER_URLS,
  type TrueLayerGatewayConfig,
} from "./truelayer/gateway"
