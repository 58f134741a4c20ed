import { describe, expect, it } from "vitest"
import { ConfigError, parseRateLimit, readConfig } from "./config"
import { TRUELAYER_SETTINGS } from "./test-support/pay-by-bank"

describe("readConfig", () => {
  it("runs on port 3000 with the embedded database and demo data by default", () => {
    const config = readConfig({})
    expect(config.port).toBe(3000)
    expect(config.databaseUrl).toBeUndefined()
    expect(config.dataDir).toMatch(/\.data\/pglite$/)
    expect(config.seedDemoData).toBe(true)
    expect(config.webDistDir).toMatch(/apps\/web\/dist$/)
  })

  it("uses a Postgres server when DATABASE_URL is set", () => {
    expect(readConfig({ DATABASE_URL: "postgres://u:p@localhost:5432/howzat" }).databaseUrl).toBe(
      "postgres://u:p@localhost:5432/howzat",
    )
  })

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ PORT: "70000" }, /PORT/],
    [{ DATABASE_URL: "mysql://x" }, /DATABASE_URL/],
    [{ SEED_DEMO_DATA: "maybe" }, /SEED_DEMO_DATA/],
    [{ PUBLIC_URL: "shop.example" }, /PUBLIC_URL/],
    [{ JWT_SECRET: "short" }, /JWT_SECRET/],
    [{ SMTP_URL: "http://mail" }, /SMTP_URL/],
    [{ MAIL_MODE: "pigeon" }, /MAIL_MODE/],
    [{ MAIL_MODE: "smtp", PUBLIC_URL: "https://shop.example" }, /SMTP_URL/],
    [{ SMTP_URL: "smtp://mail.example:587" }, /PUBLIC_URL/],
    [{ RATE_LIMIT: "sometimes" }, /RATE_LIMIT/],
    [{ RATE_LIMIT_LOGIN_PER_ACCOUNT: "ten" }, /RATE_LIMIT_LOGIN_PER_ACCOUNT/],
    [{ RATE_LIMIT_REGISTER_PER_ADDRESS: "0/1h" }, /RATE_LIMIT_REGISTER_PER_ADDRESS/],
    // Longer than the link lives (decision 0013).
    [{ RATE_LIMIT_LOGIN_LINK_PER_ACCOUNT: "5/1h" }, /RATE_LIMIT_LOGIN_LINK_PER_ACCOUNT.*15m/],
    [{ RATE_LIMIT_LOGIN_LINK_PER_ACCOUNT: "3/901s" }, /RATE_LIMIT_LOGIN_LINK_PER_ACCOUNT/],
    [
      { RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT: "5/2h" },
      /RATE_LIMIT_PASSWORD_RESET_PER_ACCOUNT.*1h/,
    ],
    [{ PAYMENT_METHODS: "card:paypal" }, /PAYMENT_METHODS/],
    [{ PAYMENT_METHODS: "card:stripe", STRIPE_SECRET_KEY: "sk_test_x" }, /STRIPE_WEBHOOK_SECRET/],
    [
      {
        PAYMENT_METHODS: "card:stripe",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_WEBHOOK_SECRET: "whsec_y",
      },
      /STRIPE_PUBLISHABLE_KEY/,
    ],
    [{ STRIPE_JS_URL: "js.stripe.com/v3" }, /STRIPE_JS_URL/],
    [{ STRIPE_JS_URL: "javascript:alert(1)" }, /STRIPE_JS_URL/],
    [{ PAYMENT_NOTIFICATION_SECRET: "short" }, /PAYMENT_NOTIFICATION_SECRET/],
    [{ UNPAID_ORDER_MINUTES: "0" }, /UNPAID_ORDER_MINUTES/],
    [{ UNPAID_ORDER_MINUTES: "2.5" }, /UNPAID_ORDER_MINUTES/],
    [{ STRIPE_API_URL: "ftp://x" }, /STRIPE_API_URL/],
    [{ DRAW_BEACON: "random.org" }, /DRAW_BEACON must be none or drand/],
    [{ DRAW_BEACON: "drand", DRAND_URL: "api.drand.sh" }, /DRAND_URL/],
    [{ DRAND_URL: "ftp://api.drand.sh/52db" }, /DRAND_URL/],
    // Published on every proof: no secrets, and nothing the appended paths would break.
    [{ DRAND_URL: "https://user:pass@relay.example/52db" }, /DRAND_URL/],
    [{ DRAND_URL: "https://relay.example/52db?key=1" }, /DRAND_URL/],
    [{ DRAND_URL: "https://relay.example/52db#x" }, /DRAND_URL/],
    [{ AUTOMATIC_DRAW_INTERVAL_MS: "99" }, /AUTOMATIC_DRAW_INTERVAL_MS/],
    [{ AUTOMATIC_DRAW_INTERVAL_MS: "3600001" }, /AUTOMATIC_DRAW_INTERVAL_MS/],
    [{ AUTOMATIC_DRAW_INTERVAL_MS: "1.5" }, /AUTOMATIC_DRAW_INTERVAL_MS/],
    [{ AUTOMATIC_DRAW_INTERVAL_MS: "30s" }, /AUTOMATIC_DRAW_INTERVAL_MS/],
    [{ SHUTDOWN_GRACE_MS: "-1" }, /SHUTDOWN_GRACE_MS/],
    [{ SHUTDOWN_GRACE_MS: "120001" }, /SHUTDOWN_GRACE_MS/],
    [{ SHUTDOWN_GRACE_MS: "10s" }, /SHUTDOWN_GRACE_MS/],
  ])("refuses %j with a message naming the setting", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError)
    expect(() => readConfig(env)).toThrow(message)
  })

  it("offers pay by bank through TrueLayer only with every key, named when missing", () => {
    expect(readConfig({}).payments.payByBank).toBeUndefined()
    const bank = TRUELAYER_SETTINGS
    expect(readConfig(bank).payments.payByBank).toMatchObject({
      environment: "sandbox",
      signingPrivateKeyPem: "-----BEGIN PRIVATE KEY-----\nMIH\n-----END PRIVATE KEY-----",
    })
    expect(() =>
      readConfig({ ...bank, TRUELAYER_CLIENT_SECRET: "", TRUELAYER_SIGNING_KEY_ID: "" }),
    ).toThrow(
      "PAYMENT_METHODS bank:truelayer needs TRUELAYER_CLIENT_SECRET, TRUELAYER_SIGNING_KEY_ID",
    )
    expect(() => readConfig({ ...bank, PAYMENT_METHODS: "card:sandbox,bank:gocardless" })).toThrow(
      'PAYMENT_METHODS: bank is taken by truelayer, not "bank:gocardless"',
    )
    expect(() =>
      readConfig({
        ...bank,
        TRUELAYER_ENVIRONMENT: "production",
        TRUELAYER_JWKS_URL: "http://127.0.0.1:9/jwks",
      }),
    ).toThrow("TRUELAYER_JWKS_URL may be set only with TRUELAYER_ENVIRONMENT=sandbox")
  })

  it("sends customers to TrueLayer's own hosted page for the environment, a stand-in's only in sandbox", () => {
    const bank = TRUELAYER_SETTINGS
    expect(readConfig(bank).payments.payByBank?.hostedPageUrl).toBe(
      "https://payment.truelayer-sandbox.com/payments",
    )
    expect(
      readConfig({ ...bank, TRUELAYER_ENVIRONMENT: "production" }).payments.payByBank
        ?.hostedPageUrl,
    ).toBe("https://payment.truelayer.com/payments")
    expect(
      readConfig({ ...bank, TRUELAYER_HOSTED_PAGE_URL: "http://127.0.0.1:9/hpp" }).payments
        .payByBank?.hostedPageUrl,
    ).toBe("http://127.0.0.1:9/hpp")
    expect(() =>
      readConfig({
        ...bank,
        TRUELAYER_ENVIRONMENT: "production",
        TRUELAYER_HOSTED_PAGE_URL: "https://pay.example/hpp",
      }),
    ).toThrow("TRUELAYER_HOSTED_PAGE_URL may be set only with TRUELAYER_ENVIRONMENT=sandbox")
  })

  it("takes cards through Checkout.com only with every key, of one environment, named when missing", () => {
    const checkout = {
      PAYMENT_METHODS: "card:checkout",
      CHECKOUT_SECRET_KEY: "sk_sbox_secret",
      CHECKOUT_PUBLIC_KEY: "pk_sbox_public",
      CHECKOUT_PROCESSING_CHANNEL_ID: "pc_channel",
      CHECKOUT_WEBHOOK_SIGNATURE_KEY: "signature-key",
    }
    expect(readConfig(checkout).payments.checkout).toEqual({
      secretKey: "sk_sbox_secret",
      publicKey: "pk_sbox_public",
      processingChannelId: "pc_channel",
      webhookSignatureKey: "signature-key",
      environment: "sandbox",
      apiUrl: undefined,
      webComponentsUrl: "https://checkout-web-components.checkout.com/index.js",
    })
    expect(readConfig({}).payments.checkout).toBeUndefined()
    expect(() =>
      readConfig({ ...checkout, CHECKOUT_SECRET_KEY: "", CHECKOUT_WEBHOOK_SIGNATURE_KEY: " " }),
    ).toThrow(
      "PAYMENT_METHODS card:checkout needs CHECKOUT_SECRET_KEY, CHECKOUT_WEBHOOK_SIGNATURE_KEY",
    )
    // The public key goes to every browser: a secret one there would be published.
    expect(() => readConfig({ ...checkout, CHECKOUT_PUBLIC_KEY: "sk_sbox_secret" })).toThrow(
      "CHECKOUT_PUBLIC_KEY must be the public key",
    )
    expect(() => readConfig({ ...checkout, CHECKOUT_ENVIRONMENT: "production" })).toThrow(
      "CHECKOUT_ENVIRONMENT=production needs the live keys",
    )
    expect(() => readConfig({ ...checkout, CHECKOUT_PUBLIC_KEY: "pk_live" })).toThrow(
      "must both be sandbox keys",
    )
    expect(() =>
      readConfig({
        ...checkout,
        CHECKOUT_ENVIRONMENT: "production",
        CHECKOUT_SECRET_KEY: "sk_live",
        CHECKOUT_PUBLIC_KEY: "pk_live",
        CHECKOUT_WEB_COMPONENTS_URL: "https://elsewhere.example/flow.js",
      }),
    ).toThrow("CHECKOUT_WEB_COMPONENTS_URL may be set only with CHECKOUT_ENVIRONMENT=sandbox")
    expect(() => readConfig({ PAYMENT_METHODS: "card:adyen" })).toThrow(
      'PAYMENT_METHODS: card is taken by sandbox or stripe or checkout, not "card:adyen"',
    )
  })

  it("can keep the embedded database in memory", () => {
    expect(readConfig({ PGLITE_DATA_DIR: "memory://" }).dataDir).toBe("memory://")
  })

  it("reads switches in the usual spellings", () => {
    expect(readConfig({ SEED_DEMO_DATA: "off" }).seedDemoData).toBe(false)
    expect(readConfig({ SEED_DEMO_DATA: "TRUE" }).seedDemoData).toBe(true)
  })

  it("keeps accounts safe for localhost by default: mailbox, no proxy, limits on", () => {
    const config = readConfig({})
    expect(config.publicUrl).toBeUndefined()
    expect(config.linkOrigin).toBe("http://localhost:3000")
    expect(readConfig({ PORT: "8080" }).linkOrigin).toBe("http://localhost:8080")
    expect(config.cookieSecure).toBe(false)
    expect(config.trustProxy).toBe(false)
    expect(config.jwtSecret).toBeUndefined()
    expect(config.mail).toEqual({
      mode: "mailbox",
      smtpUrl: undefined,
      from: "Howzat <no-reply@howzat.example>",
      devMailbox: true,
    })
    expect(config.rateLimits.enabled).toBe(true)
    expect(config.rateLimits.limits.login.perAccount).toEqual({ max: 10, windowMs: 15 * 60_000 })
  })

  it("sends real mail when SMTP_URL is set, with secure cookies on an https site", () => {
    const config = readConfig({
      SMTP_URL: "smtps://user:pass@mail.example:465",
      PUBLIC_URL: "https://shop.example/some/path",
    })
    expect(config.mail.mode).toBe("smtp")
    expect(config.mail.devMailbox).toBe(false)
    expect(config.publicUrl).toBe("https://shop.example")
    expect(config.linkOrigin).toBe("https://shop.example")
    expect(config.cookieSecure).toBe(true)
    expect(
      readConfig({ SMTP_URL: "smtp://m", PUBLIC_URL: "https://s.example", DEV_MAILBOX: "on" }).mail
        .devMailbox,
    ).toBe(true)
  })

  it("reads each rate limit and the switch that turns them all off", () => {
    const config = readConfig({ RATE_LIMIT: "off", RATE_LIMIT_LOGIN_PER_ADDRESS: "100/1h" })
    expect(config.rateLimits.enabled).toBe(false)
    expect(config.rateLimits.limits.login.perAddress).toEqual({ max: 100, windowMs: 3_600_000 })
    expect(config.rateLimits.limits.register.perAccount).toEqual({ max: 5, windowMs: 3_600_000 })
  })

  it("limits each address's uncached catalogue reads unless every limit is off", () => {
    expect(readConfig({}).catalogueMissLimit).toEqual({ max: 100, windowMs: 5000 })
    expect(readConfig({ CATALOGUE_MISS_LIMIT: "30/10s" }).catalogueMissLimit).toEqual({
      max: 30,
      windowMs: 10_000,
    })
    expect(readConfig({ CATALOGUE_MISS_LIMIT: "off" }).catalogueMissLimit).toBeNull()
    expect(readConfig({ RATE_LIMIT: "off" }).catalogueMissLimit).toBeNull()
    expect(() => readConfig({ CATALOGUE_MISS_LIMIT: "lots" })).toThrow(
      'CATALOGUE_MISS_LIMIT must look like 10/15m (attempts per window; s, m, h or d), not "lots"',
    )
  })

  it("limits login links per account within a link's lifetime, by default and as set", () => {
    expect(readConfig({}).rateLimits.limits.loginLink.perAccount).toEqual({
      max: 3,
      windowMs: 900_000,
    })
    const shorter = readConfig({ RATE_LIMIT_LOGIN_LINK_PER_ACCOUNT: "2/10m" })
    expect(shorter.rateLimits.limits.loginLink.perAccount).toEqual({ max: 2, windowMs: 600_000 })
  })

  it.each([
    ["10/15m", { max: 10, windowMs: 900_000 }],
    [" 3 / 30s ", { max: 3, windowMs: 30_000 }],
    ["100/1d", { max: 100, windowMs: 86_400_000 }],
  ])("reads the rate limit %j", (text, limit) => {
    expect(parseRateLimit("X", text)).toEqual(limit)
  })

  it("takes card payments in the sandbox by default, holding unpaid orders 15 minutes", () => {
    expect(readConfig({}).payments).toEqual({
      gateway: "sandbox",
      notificationSecret: undefined,
      stripe: undefined,
      unpaidOrderMinutes: 15,
    })
  })

  it("reads the real provider's settings", () => {
    const { payments } = readConfig({
      PAYMENT_METHODS: "card:stripe",
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_456",
      STRIPE_PUBLISHABLE_KEY: "pk_test_789",
      UNPAID_ORDER_MINUTES: "30",
    })
    expect(payments).toEqual({
      gateway: "stripe",
      notificationSecret: undefined,
      stripe: {
        secretKey: "sk_test_123",
        webhookSecret: "whsec_456",
        publishableKey: "pk_test_789",
        apiUrl: "https://api.stripe.com",
        jsUrl: "https://js.stripe.com/v3/",
      },
      unpaidOrderMinutes: 30,
    })
  })

  const stripe = {
    PAYMENT_METHODS: "card:stripe",
    STRIPE_SECRET_KEY: "sk_test_123",
    STRIPE_WEBHOOK_SECRET: "whsec_456",
    STRIPE_PUBLISHABLE_KEY: "pk_test_789",
  }

  it("loads the card form's script from a configured address, so tests can serve a stand-in", () => {
    expect(
      readConfig({ ...stripe, STRIPE_JS_URL: "http://localhost:3211/v3/" }).payments.stripe?.jsUrl,
    ).toBe("http://localhost:3211/v3/")
  })

  it.each([
    ["sk_test_123", /publishable key/],
    ["rk_live_123", /publishable key/],
    ["whsec_456", /publishable key/],
    ["pk_live_789", /live key but STRIPE_SECRET_KEY is a test key/],
  ])(
    "never hands the browser anything but a publishable key of the secret key's mode: %s",
    (key, message) => {
      expect(() => readConfig({ ...stripe, STRIPE_PUBLISHABLE_KEY: key })).toThrow(message)
    },
  )

  it("loads a live shop's card form only from the provider's own host", () => {
    const live = { ...stripe, STRIPE_SECRET_KEY: "sk_live_1", STRIPE_PUBLISHABLE_KEY: "pk_live_2" }
    expect(readConfig(live).payments.stripe?.jsUrl).toBe("https://js.stripe.com/v3/")
    expect(() => readConfig({ ...live, STRIPE_JS_URL: "https://cdn.example/stripe.js" })).toThrow(
      /STRIPE_JS_URL/,
    )
  })

  it("looks for due automatic draws every 30 seconds unless told otherwise", () => {
    expect(readConfig({}).automaticDrawIntervalMs).toBe(30_000)
    expect(readConfig({ AUTOMATIC_DRAW_INTERVAL_MS: " 250 " }).automaticDrawIntervalMs).toBe(250)
  })

  it("waits ten seconds for requests in flight on SIGTERM unless told otherwise", () => {
    expect(readConfig({}).shutdownGraceMs).toBe(10_000)
    expect(readConfig({ SHUTDOWN_GRACE_MS: " 2500 " }).shutdownGraceMs).toBe(2500)
    expect(readConfig({ SHUTDOWN_GRACE_MS: "0" }).shutdownGraceMs).toBe(0)
  })

  it("draws with no beacon by default: the shop has no internet unless told", () => {
    expect(readConfig({}).beacon).toEqual({ source: "none" })
  })

  it("reads drand's quicknet by default when drand is chosen, or the chain configured", () => {
    expect(readConfig({ DRAW_BEACON: "drand" }).beacon).toEqual({
      source: "drand",
      drandUrl:
        "https://api.drand.sh/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
    })
    expect(
      readConfig({ DRAW_BEACON: " drand ", DRAND_URL: "http://localhost:8080/abcd/" }).beacon,
    ).toEqual({ source: "drand", drandUrl: "http://localhost:8080/abcd" })
  })
})

describe("where uploaded images are kept", () => {
  const S3 = {
    FILE_STORE: "s3",
    S3_ENDPOINT: "https://s3.eu-west-2.amazonaws.com",
    S3_BUCKET: "howzat-files",
    S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
    S3_SECRET_ACCESS_KEY: "secret",
  }

  it("keeps them in .data/files beside the embedded database, up to 5 MB each, by default", () => {
    const config = readConfig({})
    expect(config.files).toEqual({ store: "local", dir: expect.stringMatching(/\.data\/files$/) })
    expect(config.imageMaxBytes).toBe(5 * 1024 * 1024)
    expect(
      readConfig({ FILES_DIR: "/srv/howzat/files", IMAGE_MAX_BYTES: "1048576" }),
    ).toMatchObject({
      files: { store: "local", dir: "/srv/howzat/files" },
      imageMaxBytes: 1048576,
    })
  })

  it("uses an S3-compatible bucket, path-style in us-east-1 unless told otherwise", () => {
    expect(readConfig(S3).files).toEqual({
      store: "s3",
      s3: {
        endpoint: "https://s3.eu-west-2.amazonaws.com/",
        bucket: "howzat-files",
        region: "us-east-1",
        accessKeyId: "AKIDEXAMPLE",
        secretAccessKey: "secret",
        prefix: "",
        pathStyle: true,
      },
    })
    expect(
      readConfig({ ...S3, S3_REGION: "eu-west-2", S3_PREFIX: "shop/", S3_PATH_STYLE: "false" })
        .files,
    ).toMatchObject({ s3: { region: "eu-west-2", prefix: "shop/", pathStyle: false } })
  })

  it.each([
    [{ FILE_STORE: "ftp" }, /FILE_STORE/],
    [{ ...S3, S3_BUCKET: "" }, /S3_BUCKET/],
    [{ ...S3, S3_SECRET_ACCESS_KEY: "" }, /S3_SECRET_ACCESS_KEY/],
    [{ ...S3, S3_ENDPOINT: "s3.example.com" }, /S3_ENDPOINT/],
    [{ ...S3, S3_ENDPOINT: "https://key:secret@s3.example.com" }, /S3_ENDPOINT/],
    [{ ...S3, S3_BUCKET: "Howzat_Files" }, /S3_BUCKET/],
    [{ ...S3, S3_PREFIX: "../shop" }, /S3_PREFIX/],
    [{ ...S3, S3_PATH_STYLE: "sometimes" }, /S3_PATH_STYLE/],
    [{ IMAGE_MAX_BYTES: "5MB" }, /IMAGE_MAX_BYTES/],
    [{ IMAGE_MAX_BYTES: "100" }, /IMAGE_MAX_BYTES/],
    [{ IMAGE_MAX_BYTES: String(51 * 1024 * 1024) }, /IMAGE_MAX_BYTES/],
  ])("refuses %j", (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError)
    expect(() => readConfig(env)).toThrow(message)
  })

  it("verifies age by the declared date of birth unless told otherwise; refuses unknown providers", () => {
    expect(readConfig({}).ageVerification).toBe("declared")
    expect(() => readConfig({ AGE_VERIFICATION_PROVIDER: "yoti" })).toThrow(ConfigError)
  })
})

describe("metrics (docs/decisions/0085)", () => {
  const token = "0123456789abcdef0123456789abcdef"

  it("are off unless METRICS_TOKEN is set", () => {
    expect(readConfig({}).metricsToken).toBeUndefined()
    expect(readConfig({ METRICS_TOKEN: "  " }).metricsToken).toBeUndefined()
    expect(readConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token)
  })

  it.each([
    ["development", {}],
    ["production", { NODE_ENV: "production" }],
  ])("refuse a token shorter than 32 characters in %s, saying how to make one", (_, env) => {
    expect(() => readConfig({ ...env, METRICS_TOKEN: token.slice(1) })).toThrow(
      /METRICS_TOKEN must be at least 32 characters, not 31 .*openssl rand -hex 32/,
    )
    expect(() => readConfig({ ...env, METRICS_TOKEN: token.slice(1) })).toThrow(ConfigError)
  })

  it("refuse a token a header cannot carry", () => {
    expect(() => readConfig({ METRICS_TOKEN: `${token} ${token}` })).toThrow(
      /METRICS_TOKEN must be printable ASCII without spaces/,
    )
    expect(() => readConfig({ METRICS_TOKEN: `${token}é` })).toThrow(/METRICS_TOKEN/)
  })
})
