import { ConfigError } from "./config-error"
import { readPaymentMethods, refuseReplacedSettings } from "./payment-methods-setting"

/**
 * The payment settings (README, "Configuration"): the card provider, pay by
 * bank beside it, and their keys, each refused at start-up with a message
 * naming the setting when it cannot work.
 */

export interface PaymentsConfig {
  /** Who takes cards (PAYMENT_METHODS card:…): the built-in sandbox, Stripe or Checkout.com. */
  readonly gateway: "sandbox" | "stripe" | "checkout"
  /** Signs the sandbox's status notifications; unset: generated and kept in the database. */
  readonly notificationSecret: string | undefined
  readonly stripe: StripeConfig | undefined
  /** Checkout.com's keys when it takes the cards (decisions 0070, 0073). */
  readonly checkout: CheckoutConfig | undefined
  /** Pay by bank beside the card provider (decisions 0071, 0093): TrueLayer, or none. */
  readonly payByBank: TrueLayerConfig | undefined
  /** How long an unpaid order holds its tickets before the expiry job cancels it. */
  readonly unpaidOrderMinutes: number
}

/** TrueLayer's Payments API v3 (decision 0069), as PAYMENT_METHODS bank:truelayer names it. */
export interface TrueLayerConfig {
  readonly clientId: string
  readonly clientSecret: string
  readonly signingKeyId: string
  /** The EC P-521 private key (PEM) whose public half was uploaded to TrueLayer's Console. */
  readonly signingPrivateKeyPem: string
  readonly merchantAccountId: string
  /** sandbox: TrueLayer's test environment, which takes no real money. */
  readonly environment: "sandbox" | "production"
  readonly apiUrl: string | undefined
  readonly authUrl: string | undefined
  /** Another JWKS address webhooks may name (a local stand-in); only with sandbox. */
  readonly jwksUrl: string | undefined
  /**
   * TrueLayer's hosted payment page, where the customer chooses their bank:
   * the environment's own, or a stand-in's (only with sandbox).
   */
  readonly hostedPageUrl: string
}

/** Checkout.com, as PAYMENT_METHODS card:checkout names it (decisions 0070, 0073). */
export interface CheckoutConfig {
  /** sk_… (sk_sbox_… in the sandbox): the payment-sessions and payments scopes; never leaves the server. */
  readonly secretKey: string
  /** pk_… (pk_sbox_…): the payment-sessions:pay and vault-tokenization scopes, handed to Flow. */
  readonly publicKey: string
  /** pc_…: the processing channel the shop's card payments go through. */
  readonly processingChannelId: string
  /** The signature key the Dashboard shows for the shop's webhook endpoint. */
  readonly webhookSignatureKey: string
  /** sandbox: Checkout.com's test environment, which takes no real money. */
  readonly environment: "sandbox" | "production"
  /** The account's own https://{prefix}.api.checkout.com; Checkout.com's default when unset. */
  readonly apiUrl: string | undefined
  /** Checkout.com's Web Components script (Flow); a stand-in's only in the sandbox. */
  readonly webComponentsUrl: string
}

export interface StripeConfig {
  readonly secretKey: string
  /** Verifies the provider's signed webhooks (its "whsec_" signing secret). */
  readonly webhookSecret: string
  /** Handed to the browser's card form: the provider's publishable key (pk_…), never a secret one. */
  readonly publishableKey: string
  readonly apiUrl: string
  /**
   * The provider's browser script (Stripe.js v3), loaded by the payment page
   * as the provider documents; end-to-end tests point it at a local stand-in.
   */
  readonly jsUrl: string
}

export const readPayments = (env: Readonly<Record<string, string | undefined>>): PaymentsConfig => {
  refuseReplacedSettings(env)
  const methods = readPaymentMethods(env.PAYMENT_METHODS)
  const gateway = methods.card
  const notificationSecret = env.PAYMENT_NOTIFICATION_SECRET || undefined
  if (notificationSecret !== undefined && notificationSecret.length < 32) {
    throw new ConfigError("PAYMENT_NOTIFICATION_SECRET must be at least 32 characters")
  }
  const minutesText = env.UNPAID_ORDER_MINUTES?.trim() || "15"
  const unpaidOrderMinutes = Number(minutesText)
  if (
    !Number.isInteger(unpaidOrderMinutes) ||
    unpaidOrderMinutes < 1 ||
    unpaidOrderMinutes > 1440
  ) {
    throw new ConfigError(
      `UNPAID_ORDER_MINUTES must be a whole number of minutes from 1 to 1440, not "${minutesText}"`,
    )
  }
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() || undefined
  const apiUrl = env.STRIPE_API_URL?.trim() || "https://api.stripe.com"
  if (!/^https?:\/\//.test(apiUrl))
    throw new ConfigError("STRIPE_API_URL must be an http(s) address")
  const jsUrl = readScriptUrl(env.STRIPE_JS_URL?.trim() || DEFAULT_STRIPE_JS_URL)
  if (gateway === "stripe" && (!secretKey || !webhookSecret || !publishableKey)) {
    throw new ConfigError(
      "PAYMENT_METHODS card:stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY",
    )
  }
  if (publishableKey !== undefined) checkPublishableKey(publishableKey, secretKey)
  // Card details typed into a script from anywhere else would not be the provider's to protect.
  if (publishableKey?.startsWith("pk_live_") && new URL(jsUrl).origin !== STRIPE_JS_ORIGIN) {
    throw new ConfigError(
      `With a live key the card form's script must come from ${STRIPE_JS_ORIGIN}: STRIPE_JS_URL may point elsewhere only with test keys`,
    )
  }
  return {
    gateway,
    checkout: readCheckout(env, gateway === "checkout"),
    notificationSecret,
    payByBank: methods.bank === "truelayer" ? readTrueLayer(env) : undefined,
    stripe:
      secretKey && webhookSecret && publishableKey
        ? { secretKey, webhookSecret, publishableKey, apiUrl, jsUrl }
        : undefined,
    unpaidOrderMinutes,
  }
}

/**
 * TrueLayer's hosted payment page per environment; it takes the payment's id,
 * token and the return address as query parameters.
 */
const TRUELAYER_HOSTED_PAGES = {
  sandbox: "https://payment.truelayer-sandbox.com/payments",
  production: "https://payment.truelayer.com/payments",
} as const

const TRUELAYER_SETTINGS = [
  "TRUELAYER_CLIENT_ID",
  "TRUELAYER_CLIENT_SECRET",
  "TRUELAYER_SIGNING_KEY_ID",
  "TRUELAYER_SIGNING_PRIVATE_KEY",
  "TRUELAYER_MERCHANT_ACCOUNT_ID",
] as const

const optionalHttpUrl = (name: string, value: string | undefined): string | undefined => {
  if (!value) return undefined
  if (!/^https?:\/\/[^\s]+$/.test(value))
    throw new ConfigError(`${name} must be an http(s) address`)
  return value.replace(/\/+$/, "")
}

/** TrueLayer's keys, when PAYMENT_METHODS names bank:truelayer, each named when missing. */
const readTrueLayer = (env: Readonly<Record<string, string | undefined>>): TrueLayerConfig => {
  const missing = TRUELAYER_SETTINGS.filter((name) => !env[name]?.trim())
  if (missing.length > 0) {
    throw new ConfigError(`PAYMENT_METHODS bank:truelayer needs ${missing.join(", ")}`)
  }
  const environment = env.TRUELAYER_ENVIRONMENT?.trim() || "sandbox"
  if (environment !== "sandbox" && environment !== "production") {
    throw new ConfigError(
      `TRUELAYER_ENVIRONMENT must be sandbox or production, not "${environment}"`,
    )
  }
  // A PEM in one environment variable often arrives with its line breaks written as \n.
  const signingPrivateKeyPem = (env.TRUELAYER_SIGNING_PRIVATE_KEY ?? "").replace(/\\n/g, "\n")
  if (!signingPrivateKeyPem.includes("PRIVATE KEY")) {
    throw new ConfigError("TRUELAYER_SIGNING_PRIVATE_KEY must be the EC private key in PEM form")
  }
  const jwksUrl = optionalHttpUrl("TRUELAYER_JWKS_URL", env.TRUELAYER_JWKS_URL?.trim())
  // Webhooks signed by keys anyone could publish would move real money's orders.
  if (jwksUrl !== undefined && environment === "production") {
    throw new ConfigError("TRUELAYER_JWKS_URL may be set only with TRUELAYER_ENVIRONMENT=sandbox")
  }
  const hostedPageOverride = optionalHttpUrl(
    "TRUELAYER_HOSTED_PAGE_URL",
    env.TRUELAYER_HOSTED_PAGE_URL?.trim(),
  )
  // A page elsewhere would take the customer's bank details for real money.
  if (hostedPageOverride !== undefined && environment === "production") {
    throw new ConfigError(
      "TRUELAYER_HOSTED_PAGE_URL may be set only with TRUELAYER_ENVIRONMENT=sandbox",
    )
  }
  return {
    clientId: env.TRUELAYER_CLIENT_ID?.trim() ?? "",
    clientSecret: env.TRUELAYER_CLIENT_SECRET?.trim() ?? "",
    signingKeyId: env.TRUELAYER_SIGNING_KEY_ID?.trim() ?? "",
    signingPrivateKeyPem,
    merchantAccountId: env.TRUELAYER_MERCHANT_ACCOUNT_ID?.trim() ?? "",
    environment,
    apiUrl: optionalHttpUrl("TRUELAYER_API_URL", env.TRUELAYER_API_URL?.trim()),
    authUrl: optionalHttpUrl("TRUELAYER_AUTH_URL", env.TRUELAYER_AUTH_URL?.trim()),
    jwksUrl,
    hostedPageUrl: hostedPageOverride ?? TRUELAYER_HOSTED_PAGES[environment],
  }
}

/** Stripe.js v3, from the only place the provider allows it to be loaded from. */
export const DEFAULT_STRIPE_JS_URL = "https://js.stripe.com/v3/"
const STRIPE_JS_ORIGIN = "https://js.stripe.com"

const readScriptUrl = (value: string): string => {
  try {
    const url = new URL(value)
    if (url.protocol === "https:" || url.protocol === "http:") return url.href
  } catch {}
  throw new ConfigError(
    `STRIPE_JS_URL must be the provider script's http(s) address, not "${value}"`,
  )
}

/**
 * The publishable key is sent to every visitor's browser, so a secret or
 * restricted key put there by mistake would be published: refuse to start.
 * A test key beside a live secret key (or the reverse) would take no money.
 */
const checkPublishableKey = (publishableKey: string, secretKey: string | undefined) => {
  const mode = /^pk_(test|live)_/.exec(publishableKey)?.[1]
  if (mode === undefined) {
    throw new ConfigError(
      "STRIPE_PUBLISHABLE_KEY must be the publishable key (pk_test_… or pk_live_…): it is sent to every browser",
    )
  }
  const secretMode = /^(?:sk|rk)_(test|live)_/.exec(secretKey ?? "")?.[1]
  if (secretMode !== undefined && secretMode !== mode) {
    throw new ConfigError(
      `STRIPE_PUBLISHABLE_KEY is a ${mode} key but STRIPE_SECRET_KEY is a ${secretMode} key: use both from the same mode`,
    )
  }
}

/** Checkout.com's Flow, from the only place it is published (its Web Components script). */
export const CHECKOUT_WEB_COMPONENTS_URL = "https://checkout-web-components.checkout.com/index.js"

const CHECKOUT_SETTINGS = [
  "CHECKOUT_SECRET_KEY",
  "CHECKOUT_PUBLIC_KEY",
  "CHECKOUT_PROCESSING_CHANNEL_ID",
  "CHECKOUT_WEBHOOK_SIGNATURE_KEY",
] as const

/**
 * card:checkout's keys, each named when missing. A key of
 * the other environment, or a secret key where the public one belongs (it
 * is sent to every browser), stops the start rather than failing payments.
 */
const readCheckout = (
  env: Readonly<Record<string, string | undefined>>,
  chosen: boolean,
): CheckoutConfig | undefined => {
  if (!chosen) return undefined
  const missing = CHECKOUT_SETTINGS.filter((name) => !env[name]?.trim())
  if (missing.length > 0) {
    throw new ConfigError(`PAYMENT_METHODS card:checkout needs ${missing.join(", ")}`)
  }
  const environment = env.CHECKOUT_ENVIRONMENT?.trim() || "sandbox"
  if (environment !== "sandbox" && environment !== "production") {
    throw new ConfigError(
      `CHECKOUT_ENVIRONMENT must be sandbox or production, not "${environment}"`,
    )
  }
  const secretKey = env.CHECKOUT_SECRET_KEY?.trim() ?? ""
  const publicKey = env.CHECKOUT_PUBLIC_KEY?.trim() ?? ""
  if (!publicKey.startsWith("pk_")) {
    throw new ConfigError(
      "CHECKOUT_PUBLIC_KEY must be the public key (pk_…): it is sent to every browser",
    )
  }
  if (!secretKey.startsWith("sk_")) {
    throw new ConfigError("CHECKOUT_SECRET_KEY must be the secret key (sk_…)")
  }
  const sandboxKeys = [secretKey, publicKey].filter((key) => /^[sp]k_sbox_/.test(key))
  if (environment === "production" && sandboxKeys.length > 0) {
    throw new ConfigError(
      "CHECKOUT_ENVIRONMENT=production needs the live keys: CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY are sandbox keys (…_sbox_…)",
    )
  }
  if (environment === "sandbox" && sandboxKeys.length === 1) {
    throw new ConfigError(
      "CHECKOUT_SECRET_KEY and CHECKOUT_PUBLIC_KEY must both be sandbox keys (…_sbox_…) or both live keys",
    )
  }
  const webComponentsOverride = optionalHttpUrl(
    "CHECKOUT_WEB_COMPONENTS_URL",
    env.CHECKOUT_WEB_COMPONENTS_URL?.trim(),
  )
  // Card details typed into a script from anywhere else would not be Checkout.com's to protect.
  if (webComponentsOverride !== undefined && environment === "production") {
    throw new ConfigError(
      "CHECKOUT_WEB_COMPONENTS_URL may be set only with CHECKOUT_ENVIRONMENT=sandbox",
    )
  }
  return {
    secretKey,
    publicKey,
    processingChannelId: env.CHECKOUT_PROCESSING_CHANNEL_ID?.trim() ?? "",
    webhookSignatureKey: env.CHECKOUT_WEBHOOK_SIGNATURE_KEY?.trim() ?? "",
    environment,
    apiUrl: optionalHttpUrl("CHECKOUT_API_URL", env.CHECKOUT_API_URL?.trim()),
    webComponentsUrl: webComponentsOverride ?? CHECKOUT_WEB_COMPONENTS_URL,
  }
}
