import { AccountChanges } from "@howzat/core/accounts/account-changes"
import { CustomerAccounts } from "@howzat/core/accounts/customer-accounts"
import { AccountRecovery } from "@howzat/core/accounts/recovery"
import { Registration } from "@howzat/core/accounts/registration"
import { Sessions } from "@howzat/core/accounts/sessions"
import { RateLimitPolicy, Throttle } from "@howzat/core/accounts/throttle"
import { Catalogue } from "@howzat/core/competitions/catalogue"
import { Baskets } from "@howzat/core/orders/baskets"
import { Checkout, CheckoutPolicy } from "@howzat/core/orders/checkout"
import { makeHttpApp } from "@howzat/http"
import {
  CompetitionRepoLive,
  CustomerRepoLive,
  Db,
  makeDatabase,
  makeOutboxQueue,
  migrateToLatest,
  NodeSecureRandomLive,
  PostgresAccountsLive,
  PostgresCatalogueLive,
  seedDemoData,
  TransactionsLive,
} from "@howzat/postgres"
import { PostgresOrdersLive } from "@howzat/postgres/repos/index"
import { Layer } from "effect"
import { Argon2PasswordHasherLive } from "./auth/argon2-password-hasher"
import { JwtAccessTokensLive } from "./auth/jwt-access-tokens"
import { jwtSecret } from "./auth/jwt-secret"
import { clientAddressReader } from "./client-address"
import type { ServerConfig } from "./config"
import { startHousekeeping } from "./housekeeping"
import { startDelivery } from "./mail/delivery"
import { mountDevMailbox } from "./mail/mailbox-page"
import { smtpSender } from "./mail/smtp"
import { openPaymentGateway } from "./payment-gateway"
import { serveStorefront } from "./storefront"

/**
 * The composition root: the one place that picks adapters for core's ports.
 * Returns the Hono app, the outbox (for tests and the dev mailbox) and a
 * close() that stops the jobs and releases the database.
 */
export const composeShop = async (config: ServerConfig, now = new Date()) => {
  const database = await makeDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  })
  await migrateToLatest(database.db)
  if (config.seedDemoData) await seedDemoData(database.db, now)
  const db = Layer.succeed(Db, database.db)

  const catalogue = Catalogue.Default.pipe(Layer.provide(PostgresCatalogueLive), Layer.provide(db))

  const accountPorts = Layer.mergeAll(
    PostgresAccountsLive.pipe(Layer.provide(db)),
    Argon2PasswordHasherLive,
    JwtAccessTokensLive(await jwtSecret(database.db, config.jwtSecret)),
    NodeSecureRandomLive,
    Layer.succeed(RateLimitPolicy, config.rateLimits),
  )
  const accounts = Layer.mergeAll(
    Sessions.Default,
    Registration.Default,
    AccountRecovery.Default,
    AccountChanges.Default,
    CustomerAccounts.Default,
    Throttle.Default,
  ).pipe(Layer.provide(accountPorts))

  const orderPorts = Layer.mergeAll(
    PostgresOrdersLive,
    CompetitionRepoLive,
    CustomerRepoLive,
    TransactionsLive,
  ).pipe(Layer.provide(db))
  const orders = Layer.mergeAll(
    Baskets.Default,
    Checkout.Default,
    Layer.succeed(CheckoutPolicy, { unpaidOrderMinutes: config.payments.unpaidOrderMinutes }),
  ).pipe(Layer.provide(orderPorts))

  const payments = await openPaymentGateway(database.db, config.payments)

  const { app, dispose } = makeHttpApp({
    catalogue,
    accounts,
    orders,
    settings: { cookieSecure: config.cookieSecure, publicOrigin: config.publicUrl },
    clientAddress: clientAddressReader(config.trustProxy),
  })

  payments.attach(app)

  const outbox = makeOutboxQueue(database.db)
  if (config.mail.devMailbox) mountDevMailbox(app, outbox)
  serveStorefront(app, config.webDistDir)

  const sender =
    config.mail.mode === "smtp" && config.mail.smtpUrl
      ? smtpSender(config.mail.smtpUrl, config.mail.from)
      : undefined
  const delivery = startDelivery(outbox, { sender, intervalMs: 2000 })
  const housekeeping = startHousekeeping(database.db, {
    longestRateLimitWindowMs: Math.max(
      ...Object.values(config.rateLimits.limits).flatMap((l) => [
        l.perAccount.windowMs,
        l.perAddress.windowMs,
      ]),
    ),
  })

  return {
    app,
    db: database.db,
    outbox,
    databaseKind: database.kind,
    close: async () => {
      housekeeping.stop()
      await delivery.stop()
      sender?.close()
      await dispose()
      await payments.close()
      await database.close()
    },
  }
}
