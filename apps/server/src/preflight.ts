import type { Database } from "@howzat/postgres"
import { type Kysely, sql } from "kysely"
import type { ServerConfig } from "./config"
import { DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL } from "./demo-admin"
import { DEMO_CUSTOMER_EMAIL } from "./demo-customer"

/**
 * What a shop must not go live with (decision 0067): each finding says what
 * is wrong and the setting that fixes it. `NODE_ENV=production` refuses to
 * start while any is found; `npm run preflight` prints the same list.
 */
export interface PreflightFinding {
  readonly problem: string
  readonly fix: string
}

/** The convention every Node host follows: production is NODE_ENV=production. */
export const isProduction = (env: Readonly<Record<string, string | undefined>>): boolean =>
  env.NODE_ENV?.trim() === "production"

/** Accounts whose passwords the README publishes, made by the demo data. */
export const DEMO_ACCOUNT_EMAILS = [
  DEMO_ADMIN_EMAIL,
  DEMO_STAFF_EMAIL,
  DEMO_CUSTOMER_EMAIL,
] as const

const stripeTestKey = (key: string | undefined) =>
  key !== undefined && /^(sk|rk|pk)_test_/.test(key)

/** What the settings alone say; no database is needed. */
export const settingsFindings = (config: ServerConfig): PreflightFinding[] => {
  const findings: PreflightFinding[] = []
  const add = (problem: string, fix: string) => findings.push({ problem, fix })
  if (config.seedDemoData)
    add(
      "Demo data is on: demo competitions, orders and accounts with published passwords are added at every start.",
      "SEED_DEMO_DATA=false",
    )
  if (config.payments.gateway === "sandbox")
    add(
      "Payments go to the sandbox gateway, which takes no real money and accepts its published test cards.",
      "PAYMENT_METHODS=card:checkout,bank:truelayer with their keys (see the README's Going live)",
    )
  const stripe = config.payments.stripe
  if (
    config.payments.gateway === "stripe" &&
    (stripeTestKey(stripe?.secretKey) || stripeTestKey(stripe?.publishableKey))
  )
    add(
      "The card provider's keys are test keys: no real money is taken.",
      "STRIPE_SECRET_KEY=sk_live_… and STRIPE_PUBLISHABLE_KEY=pk_live_… from the provider's live mode",
    )
  const checkout = config.payments.gateway === "checkout" ? config.payments.checkout : undefined
  if (checkout?.environment === "sandbox")
    add(
      "Cards go to Checkout.com's sandbox: no real money is taken.",
      "CHECKOUT_ENVIRONMENT=production with the live keys (sk_…, pk_…) from the Dashboard",
    )
  // Checkout.com gives each account its own API address; the shared one is for older accounts.
  if (checkout?.environment === "production" && checkout.apiUrl === undefined)
    add(
      "Checkout.com calls go to its shared address rather than the account's own.",
      "CHECKOUT_API_URL=https://{prefix}.api.checkout.com (the prefix is on the Dashboard's Developers page)",
    )
  if (config.payments.payByBank?.environment === "sandbox")
    add(
      "Pay by bank uses TrueLayer's sandbox: no real money is taken.",
      "TRUELAYER_ENVIRONMENT=production with the live Console application's credentials",
    )
  if (config.mail.devMailbox)
    add(
      "The dev mailbox is on: /dev/mailbox shows anyone every email with its live sign-in and password links.",
      "DEV_MAILBOX=off",
    )
  if (config.mail.mode !== "smtp" || config.mail.smtpUrl === undefined)
    add(
      "No SMTP server: customers get no confirmations, password resets or winner emails.",
      "SMTP_URL=smtps://user:password@smtp.example.com:465 (and MAIL_FROM)",
    )
  if (config.publicUrl === undefined)
    add(
      "PUBLIC_URL is not set: links in emails would point at this machine.",
      "PUBLIC_URL=https://your-shop.example",
    )
  else if (!config.publicUrl.startsWith("https:"))
    add(
      `PUBLIC_URL is ${config.publicUrl}: sign-in cookies would travel unencrypted and be sent without Secure.`,
      "PUBLIC_URL=https://… (the address customers use, served over HTTPS)",
    )
  return findings
}

/**
 * What a live shop should have but may start without (decision 0088):
 * warned about at a production start and by `npm run preflight`, never
 * refused. Without METRICS_TOKEN no one sees a payment provider failing,
 * the mail outbox filling up or an automatic draw overdue until customers
 * say so.
 */
export const settingsWarnings = (config: ServerConfig): PreflightFinding[] =>
  config.metricsToken === undefined
    ? [
        {
          problem:
            "Metrics are off: nothing watches payment failures, the mail outbox or overdue draws (docs/alerts.md).",
          fix: "METRICS_TOKEN=$(openssl rand -hex 32), and point Prometheus at /metrics with it",
        },
      ]
    : []

/** What the database holds that must not go live: the demo accounts. */
export const databaseFindings = async (db: Kysely<Database>): Promise<PreflightFinding[]> => {
  // A database never migrated has no accounts at all.
  const { rows } = await sql<{ present: boolean }>`
    select to_regclass('public.users') is not null as present`.execute(db)
  if (rows[0]?.present !== true) return []
  const demo = await db
    .selectFrom("users")
    .select("email")
    .where(
      sql`lower(email)`,
      "in",
      DEMO_ACCOUNT_EMAILS.map((email) => email.toLowerCase()),
    )
    .orderBy("email")
    .execute()
  return demo.length === 0
    ? []
    : [
        {
          problem: `Demo accounts with published passwords are in the database: ${demo.map((u) => u.email).join(", ")}.`,
          fix: "remove them in the back office (Staff, and Customers for the demo customer) or start from a database without demo data",
        },
      ]
}

/** The report, one finding a line with its fix; empty when there is nothing to fix. */
export const preflightReport = (findings: readonly PreflightFinding[]): string[] =>
  findings.length === 0
    ? []
    : [
        `Not ready for production: ${findings.length} ${findings.length === 1 ? "thing" : "things"} to fix.`,
        ...findings.map((f, i) => `${i + 1}. ${f.problem}\n   Fix: ${f.fix}`),
      ]

/** A production start refused: every finding, so one restart can fix them all. */
export class NotReadyForProduction extends Error {
  override readonly name = "NotReadyForProduction"
  constructor(readonly findings: readonly PreflightFinding[]) {
    super(preflightReport(findings).join("\n"))
  }
}
