import { generateKeyPairSync } from "node:crypto"
import { defineConfig, devices } from "@playwright/test"
import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from "../../apps/web/src/consent/consent"
import { SOURCE_NODE_ARGS } from "../support/source-node"

/**
 * Debian's Chromium, never a downloaded browser. The shop runs as `npm start`
 * runs it, the built server (apps/server/dist) serving the built storefront
 * and back office, so `npm run build` comes first (`npm test` builds before
 * this stage), on an in-memory embedded database seeded with demo data,
 * so each run starts from the same known state. A second shop takes cards
 * through the real provider's adapter, against a local stand-in for Stripe
 * (its REST API, Stripe.js and signed webhooks: stand-ins/stripe-provider.ts),
 * since the suite reaches no provider; only the "stripe" project uses it.
 * A third shop offers the providers an operator goes live with (decisions
 * 0069 to 0073): cards through Checkout.com's Flow and pay by bank through
 * TrueLayer, each against its stand-in (stand-ins/checkout-provider.ts,
 * stand-ins/truelayer-provider.ts); the "providers" projects use it.
 */
const port = Number(process.env.E2E_PORT ?? 3197)
const stripeShopPort = Number(process.env.E2E_STRIPE_SHOP_PORT ?? port + 1)
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? port + 2)
const stripeStandIn = `http://localhost:${stripePort}`
/** Test-mode keys the stand-in and the shop share; nothing real. */
const stripeKeys = {
  STRIPE_SECRET_KEY: "sk_test_stand_in_secret",
  STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in_publishable",
  STRIPE_WEBHOOK_SECRET: "whsec_stand_in_webhook_signing_secret",
}
const STRIPE_SPEC = "stripe-payment.spec.ts"
const providersShopPort = Number(process.env.E2E_PROVIDERS_SHOP_PORT ?? port + 3)
const trueLayerPort = Number(process.env.E2E_TRUELAYER_PORT ?? port + 4)
const trueLayerStandIn = `http://localhost:${trueLayerPort}`
/**
 * The shop's request-signing key, made for this run: the shop signs with the
 * private half, the stand-in checks with the public half, as TrueLayer
 * checks the key uploaded to its Console.
 */
const trueLayerKey = generateKeyPairSync("ec", { namedCurve: "secp521r1" })
const trueLayerClient = { id: "howzat-e2e", secret: "stand-in-client-secret" }
const checkoutPort = Number(process.env.E2E_CHECKOUT_PORT ?? port + 5)
const checkoutStandIn = `http://localhost:${checkoutPort}`
/** Sandbox-shaped keys the stand-in and the shop share; nothing real. */
const checkoutKeys = {
  CHECKOUT_SECRET_KEY: "sk_sbox_stand_in_secret",
  CHECKOUT_PUBLIC_KEY: "pk_sbox_stand_in_public",
  CHECKOUT_WEBHOOK_SIGNATURE_KEY: "stand-in-webhook-signature-key",
  CHECKOUT_PROCESSING_CHANNEL_ID: "pc_stand_in_channel",
}
const providersShop = `http://localhost:${providersShopPort}`
const PROVIDER_SPECS = ["pay-by-bank.spec.ts", "checkout-payment.spec.ts"]
/** The built server, as `npm start` runs it: no TypeScript loader to start or to run under. */
const SHOP = "node --enable-source-maps apps/server/dist/main.js"
/** The back office's journeys: staff work at a laptop or a tablet, not a phone (decision 0034). */
const BACK_OFFICE_SPECS = "admin-*.spec.ts"
/**
 * Every journey starts with the cookie banner already answered ("Reject
 * all", decision 0040), so it covers nothing they click; consent.spec.ts
 * starts from an empty state to meet it.
 */
const consentAnswered = (origin: string) => ({
  origin,
  localStorage: [
    {
      name: CONSENT_STORAGE_KEY,
      value: JSON.stringify({
        version: CONSENT_VERSION,
        decidedAt: new Date().toISOString(),
        statistics: false,
        marketing: false,
      }),
    },
  ],
})
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
}

/** A shop as `npm start` runs it, on an in-memory database with the demo data. */
const shopServer = (shopPort: number, env: Record<string, string>) => ({
  command: SHOP,
  cwd: "../..",
  url: `http://localhost:${shopPort}/health/ping`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: { PORT: String(shopPort), PGLITE_DATA_DIR: "memory://", SEED_DEMO_DATA: "true", ...env },
})

/** A provider's stand-in (stand-ins/), run from its sources. */
const standInServer = (file: string, standInPort: number, env: Record<string, string>) => ({
  command: `node ${SOURCE_NODE_ARGS.join(" ")} test/e2e/stand-ins/${file}`,
  cwd: "../..",
  url: `http://localhost:${standInPort}/health`,
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  env: { PORT: String(standInPort), ...env },
})

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: chromium,
    trace: "off",
    storageState: {
      cookies: [],
      origins: [
        consentAnswered(`http://localhost:${port}`),
        consentAnswered(`http://localhost:${stripeShopPort}`),
        consentAnswered(`http://localhost:${providersShopPort}`),
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      testIgnore: [STRIPE_SPEC, BACK_OFFICE_SPECS, ...PROVIDER_SPECS],
      use: { ...devices["Desktop Chrome"], launchOptions: chromium },
    },
    {
      name: "mobile",
      testIgnore: [STRIPE_SPEC, BACK_OFFICE_SPECS, ...PROVIDER_SPECS],
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
      },
    },
    {
      name: "back-office",
      testMatch: BACK_OFFICE_SPECS,
      use: { viewport: { width: 1366, height: 900 }, launchOptions: chromium },
    },
    {
      name: "stripe",
      testMatch: STRIPE_SPEC,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromium,
        baseURL: `http://localhost:${stripeShopPort}`,
      },
      metadata: { stripeStandIn },
    },
    {
      name: "providers",
      testMatch: PROVIDER_SPECS,
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: chromium,
        baseURL: `http://localhost:${providersShopPort}`,
      },
      metadata: { trueLayerStandIn, checkoutStandIn },
    },
    {
      name: "providers-mobile",
      testMatch: PROVIDER_SPECS,
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        launchOptions: chromium,
        baseURL: `http://localhost:${providersShopPort}`,
      },
      metadata: { trueLayerStandIn, checkoutStandIn },
    },
  ],
  webServer: [
    shopServer(port, {
      // Every journey runs from this one address, and the back-office journeys sign the
      // demo member of staff in dozens of times within minutes: each sign-in counts
      // against the login limits (10 per account, 50 per address in 15 minutes by
      // default). The limits themselves are tested by core's and the API's suites.
      RATE_LIMIT_LOGIN_PER_ACCOUNT: "500/15m",
      RATE_LIMIT_LOGIN_PER_ADDRESS: "2000/15m",
      // The contact journeys (desktop, mobile, back office) all write in from this address.
      RATE_LIMIT_CONTACT_PER_ADDRESS: "100/1h",
      // The complaints journeys (desktop, mobile) likewise.
      RATE_LIMIT_COMPLAINTS_PER_ADDRESS: "100/1h",
      // Every journey's catalogue reads after a staff change (and staff's own lists) are cache
      // misses from this one address.
      CATALOGUE_MISS_LIMIT: "1000/5s",
    }),
    standInServer("stripe-provider.ts", stripePort, {
      SHOP_URL: `http://localhost:${stripeShopPort}`,
      WEBHOOKS: "held",
      ...stripeKeys,
    }),
    shopServer(stripeShopPort, {
      PAYMENT_METHODS: "card:stripe",
      STRIPE_API_URL: stripeStandIn,
      STRIPE_JS_URL: `${stripeStandIn}/v3/`,
      ...stripeKeys,
    }),
    standInServer("truelayer-provider.ts", trueLayerPort, {
      SHOP_WEBHOOK_URL: `${providersShop}/api/Orders/payments/status-notification/truelayer`,
      TRUELAYER_CLIENT_ID: trueLayerClient.id,
      TRUELAYER_CLIENT_SECRET: trueLayerClient.secret,
      TRUELAYER_SIGNING_PUBLIC_KEY_PEM: trueLayerKey.publicKey
        .export({ type: "spki", format: "pem" })
        .toString(),
      WEBHOOKS: "held",
    }),
    standInServer("checkout-provider.ts", checkoutPort, {
      SHOP_WEBHOOK_URL: `${providersShop}/api/Orders/payments/status-notification/checkout`,
      WEBHOOKS: "held",
      ...checkoutKeys,
    }),
    shopServer(providersShopPort, {
      PAYMENT_METHODS: "card:checkout,bank:truelayer",
      CHECKOUT_API_URL: checkoutStandIn,
      CHECKOUT_WEB_COMPONENTS_URL: `${checkoutStandIn}/index.js`,
      ...checkoutKeys,
      TRUELAYER_CLIENT_ID: trueLayerClient.id,
      TRUELAYER_CLIENT_SECRET: trueLayerClient.secret,
      TRUELAYER_SIGNING_KEY_ID: "howzat-e2e-signing-key",
      TRUELAYER_SIGNING_PRIVATE_KEY: trueLayerKey.privateKey
        .export({ type: "pkcs8", format: "pem" })
        .toString(),
      TRUELAYER_MERCHANT_ACCOUNT_ID: "stand-in-merchant-account",
      TRUELAYER_API_URL: trueLayerStandIn,
      TRUELAYER_AUTH_URL: trueLayerStandIn,
      TRUELAYER_JWKS_URL: `${trueLayerStandIn}/.well-known/jwks`,
      TRUELAYER_HOSTED_PAGE_URL: `${trueLayerStandIn}/hpp`,
    }),
  ],
})
