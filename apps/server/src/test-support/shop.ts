import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import type { MailMessage } from "@howzat/core/accounts"
import { openMigratedPglite } from "../../../../test/support/suite-database"
import type { ShopBrand } from "../compose"
import { readConfig, type ServerConfig } from "../config"
import { composeShop, type OpenShopDatabase } from "../shop-runtime"
import { type Browser, json, tokenInLink } from "./browser"
import { answerSecondFactor } from "./second-factor"

export type Shop = Awaited<ReturnType<typeof composeShop>>

/** A known secret, so tests can forge tokens the shop would (or wouldn't) accept. */
export const TEST_JWT_SECRET = "test-secret-that-is-at-least-32-characters-long"

/**
 * The real composition on an in-memory database (a copy of the run's
 * migrated one), trusting X-Forwarded-For so each test browser can have its
 * own address for the rate limits.
 */
export const openShop = (
  env: Record<string, string> = {},
  brand: ShopBrand = {},
  /** Settings no environment variable gives: a test's span processor or log collector. */
  overrides: Partial<ServerConfig> = {},
  /** Another shop's database, for two shops on one (closing the shop then leaves it open). */
  openDatabase: OpenShopDatabase = openMigratedPglite,
) => {
  const webDistDir = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  writeFileSync(path.join(webDistDir, "index.html"), "<!doctype html><title>Howzat</title>")
  return composeShop(
    {
      ...readConfig({ TRUST_PROXY: "true", JWT_SECRET: TEST_JWT_SECRET, ...env }),
      dataDir: "memory://",
      seedDemoData: false,
      webDistDir,
      // Uploads go to a folder of the test's own (FILES_DIR) or a fresh one, never the real .data/files.
      files: env.FILES_DIR
        ? { store: "local", dir: env.FILES_DIR }
        : { store: "local", dir: mkdtempSync(path.join(tmpdir(), "howzat-files-")) },
      ...overrides,
    },
    new Date(),
    brand,
    openDatabase,
  )
}

/** A brand with a charity, for the round-up (priced only when there is one to receive it). */
export const WITH_A_CHARITY: ShopBrand = {
  charities: [{ name: "Lord's Taverners", url: "https://www.lordstaverners.org" }],
}

/** Where the shop under test puts links in mail: its configured origin (no PUBLIC_URL: localhost:PORT). */
export const LINK_ORIGIN = readConfig({}).linkOrigin

let registrations = 0

export const STRONG_PASSWORD = "Str0ng!pass"

export const registrationFor = (overrides: Record<string, unknown> = {}) => ({
  firstName: "Ann",
  lastName: "Smith",
  emailAddress: `customer${++registrations}@example.com`,
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  emailVerificationReturnUrl: LINK_ORIGIN,
  telephoneNumber: "07700 900123",
  acceptTerms: true,
  dateOfBirth: "1990-04-01",
  // Answered explicitly, so a test that buys twice is not asked first (decision 0041);
  // spend-limit tests pass their own answer, or `spendLimit: undefined` for none.
  spendLimit: { noLimit: true },
  ...overrides,
})

export interface AuthBody {
  readonly user: {
    readonly firstName: string
    readonly lastName: string
    readonly emailAddress: string
    readonly email: string
    readonly role: string
    readonly customerId: string | null
    readonly emailVerified: boolean
  }
  readonly accessToken: string
}

/** Registers through the API and keeps the browser signed in. */
export const register = async (browser: Browser, overrides: Record<string, unknown> = {}) => {
  const body = registrationFor(overrides)
  const auth = await json<AuthBody>(await browser.post("/api/Customers", body))
  browser.accessToken = auth.accessToken
  return { ...auth, email: body.emailAddress, password: body.password }
}

/**
 * Signs in through the API as the apps do: an Admin's right password is
 * answered with a second-factor challenge, which this completes through the
 * real flow (enrolling an authenticator on first use, test-support/second-factor).
 */
export const logIn = async (browser: Browser, email: string, password = STRONG_PASSWORD) => {
  const response = await browser.post("/api/auth/authenticate", { email, password })
  const auth =
    response.status === 401
      ? await answerSecondFactor<AuthBody>(browser, email, await response.json())
      : await json<AuthBody>(response)
  browser.accessToken = auth.accessToken
  return auth
}

/** The newest message of a kind to an address. */
export const mailed = async (shop: Shop, to: string, kind: MailMessage["kind"]) => {
  const messages = await shop.outbox.recent({ to, limit: 50 })
  const message = messages.find((m) => m.kind === kind)
  if (message === undefined) throw new Error(`no ${kind} message to ${to}`)
  return message
}

/** The newest message of a kind to an address, with the link in it and the link's token. */
export const mailTo = async (shop: Shop, to: string, kind: MailMessage["kind"]) => {
  const message = await mailed(shop, to, kind)
  return { message, ...tokenInLink(message.text) }
}
