import type { DatabaseHandle } from "@howzat/postgres"
import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { openMigratedPglite } from "../../../test/support/suite-database"
import { runPreflight } from "./cli/preflight-command"
import { readConfig } from "./config"
import { DEMO_ADMIN_EMAIL } from "./demo-admin"
import {
  databaseFindings,
  NotReadyForProduction,
  settingsFindings,
  settingsWarnings,
} from "./preflight"
import { shopDatabaseLayer } from "./shop-runtime"
import { TRUELAYER_SETTINGS } from "./test-support/pay-by-bank"

/** A shop set up to take real money, as the README's Going live says. */
const LIVE = {
  NODE_ENV: "production",
  SEED_DEMO_DATA: "false",
  PAYMENT_METHODS: "card:stripe",
  STRIPE_SECRET_KEY: "sk_live_secret",
  STRIPE_WEBHOOK_SECRET: "whsec_secret",
  STRIPE_PUBLISHABLE_KEY: "pk_live_publishable",
  SMTP_URL: "smtps://shop:password@smtp.example.com:465",
  PUBLIC_URL: "https://shop.example",
  METRICS_TOKEN: "metrics-token-of-the-test-at-least-32-chars",
}

/** The demo Admin, as the demo data makes them, whose password the README publishes. */
const addDemoAdmin = (database: DatabaseHandle) =>
  database.db
    .insertInto("users")
    .values({
      email: DEMO_ADMIN_EMAIL,
      passwordHash: "published",
      firstName: "Demo",
      lastName: "Admin",
      role: "Admin",
    })
    .execute()

const fixes = (env: Record<string, string>) =>
  settingsFindings(readConfig(env)).map((finding) => finding.fix)

describe("what a live shop must not have", () => {
  it("lists every demo default of `npm start`, each with the setting that fixes it", () => {
    expect(fixes({})).toEqual([
      "SEED_DEMO_DATA=false",
      "PAYMENT_METHODS=card:checkout,bank:truelayer with their keys (see the README's Going live)",
      "DEV_MAILBOX=off",
      "SMTP_URL=smtps://user:password@smtp.example.com:465 (and MAIL_FROM)",
      "PUBLIC_URL=https://your-shop.example",
    ])
  })

  it("finds nothing in a shop set up to go live", () => {
    expect(fixes(LIVE)).toEqual([])
  })

  it("finds pay by bank on TrueLayer's sandbox, and not on production", () => {
    const bank = { ...TRUELAYER_SETTINGS, PAYMENT_METHODS: "card:stripe,bank:truelayer" }
    expect(fixes({ ...LIVE, ...bank })).toEqual([
      "TRUELAYER_ENVIRONMENT=production with the live Console application's credentials",
    ])
    expect(fixes({ ...LIVE, ...bank, TRUELAYER_ENVIRONMENT: "production" })).toEqual([])
  })

  it("finds cards on Checkout.com's sandbox, or on its shared address, and not a live account", () => {
    const checkout = {
      ...LIVE,
      PAYMENT_METHODS: "card:checkout",
      CHECKOUT_SECRET_KEY: "sk_sbox_secret",
      CHECKOUT_PUBLIC_KEY: "pk_sbox_public",
      CHECKOUT_PROCESSING_CHANNEL_ID: "pc_channel",
      CHECKOUT_WEBHOOK_SIGNATURE_KEY: "webhook-signature-key",
    }
    expect(fixes(checkout)).toEqual([
      "CHECKOUT_ENVIRONMENT=production with the live keys (sk_…, pk_…) from the Dashboard",
    ])
    const live = {
      ...checkout,
      CHECKOUT_ENVIRONMENT: "production",
      CHECKOUT_SECRET_KEY: "sk_secret",
      CHECKOUT_PUBLIC_KEY: "pk_public",
    }
    expect(fixes(live)).toEqual([
      "CHECKOUT_API_URL=https://{prefix}.api.checkout.com (the prefix is on the Dashboard's Developers page)",
    ])
    expect(fixes({ ...live, CHECKOUT_API_URL: "https://abc123.api.checkout.com" })).toEqual([])
  })

  it("finds a provider's test keys and an address without https", () => {
    const found = settingsFindings(
      readConfig({
        ...LIVE,
        STRIPE_SECRET_KEY: "sk_test_secret",
        STRIPE_PUBLISHABLE_KEY: "pk_test_publishable",
        PUBLIC_URL: "http://shop.example",
      }),
    ).map((f) => f.problem)
    expect(found).toEqual([
      "The card provider's keys are test keys: no real money is taken.",
      "PUBLIC_URL is http://shop.example: sign-in cookies would travel unencrypted and be sent without Secure.",
    ])
  })

  it("finds the demo accounts in the database, and none in a database without them", async () => {
    const database = await openMigratedPglite()
    try {
      expect(await databaseFindings(database.db)).toEqual([])
      await addDemoAdmin(database)
      const [found] = await databaseFindings(database.db)
      expect(found?.problem).toContain(DEMO_ADMIN_EMAIL)
    } finally {
      await database.close()
    }
  })
})

describe("NODE_ENV=production", () => {
  it("refuses to start with demo settings and demo accounts, listing each with its fix", async () => {
    const database = await openMigratedPglite()
    await addDemoAdmin(database)
    const config = readConfig({ NODE_ENV: "production" })
    expect(config.production).toBe(true)
    const exit = await Effect.runPromiseExit(
      Effect.scoped(Layer.build(shopDatabaseLayer(config, new Date(), async () => database))),
    )
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
    expect(error).toBeInstanceOf(NotReadyForProduction)
    const message = (error as NotReadyForProduction).message
    expect(message).toMatch(/^Not ready for production: 6 things to fix\./)
    for (const fix of [...fixes({}), "remove them in the back office"]) {
      expect(message).toContain(fix)
    }
  })

  it("starts a shop set up to go live", async () => {
    const exit = await Effect.runPromiseExit(
      Effect.scoped(
        Layer.build(shopDatabaseLayer(readConfig(LIVE), new Date(), openMigratedPglite)),
      ),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
  })
})

describe("npm run preflight", () => {
  const run = async (env: Record<string, string>) => {
    const lines: string[] = []
    const code = await runPreflight(env, { out: (l) => lines.push(l), err: (l) => lines.push(l) })
    return { code, text: lines.join("\n") }
  }

  it("prints the same list and exits 1, or says it is ready and exits 0", async () => {
    const demo = await run({ PGLITE_DATA_DIR: "memory://" })
    expect(demo.code).toBe(1)
    expect(demo.text).toMatch(/^Not ready for production: 5 things to fix\./)
    for (const fix of fixes({})) expect(demo.text).toContain(`Fix: ${fix}`)

    const live = await run({ ...LIVE, PGLITE_DATA_DIR: "memory://" })
    expect(live).toEqual({ code: 0, text: "Ready for production: nothing to fix." })
  })

  it("warns of a live shop without metrics, and still exits 0 (decision 0088)", async () => {
    const { METRICS_TOKEN: _, ...unwatched } = LIVE
    expect(settingsWarnings(readConfig(LIVE))).toEqual([])
    expect(settingsWarnings(readConfig(unwatched)).map((w) => w.fix)).toEqual([
      expect.stringContaining("METRICS_TOKEN="),
    ])
    const live = await run({ ...unwatched, PGLITE_DATA_DIR: "memory://" })
    expect(live.code).toBe(0)
    expect(live.text).toMatch(/^Ready for production: nothing to fix\.\nWarning: Metrics are off/)
  })

  it("starts a live shop without metrics: a warning, not a refusal", async () => {
    const { METRICS_TOKEN: _, ...unwatched } = LIVE
    const exit = await Effect.runPromiseExit(
      Effect.scoped(
        Layer.build(shopDatabaseLayer(readConfig(unwatched), new Date(), openMigratedPglite)),
      ),
    )
    expect(Exit.isSuccess(exit)).toBe(true)
  })

  it("names a setting it cannot read, and exits 1", async () => {
    const bad = await run({ PUBLIC_URL: "shop.example" })
    expect(bad.code).toBe(1)
    expect(bad.text).toContain("Configuration error: PUBLIC_URL")
  })
})
