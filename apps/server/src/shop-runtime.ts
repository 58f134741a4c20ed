import { type DatabaseHandle, makeDatabase, prepareSchema, seedDemoData } from "@howzat/postgres"
import { Cause, Context, Duration, Effect, Exit, Layer, Scope } from "effect"
import { type ComposedShop, composeShopOn, type ShopBrand } from "./compose"
import type { ServerConfig } from "./config"
import { httpServerLayer } from "./http-server"
import { automaticDraws } from "./jobs/automatic-draws"
import { housekeeping } from "./jobs/housekeeping"
import { orderExpiry } from "./jobs/order-expiry"
import { mailDelivery } from "./mail/delivery"
import { smtpSender } from "./mail/smtp"
import {
  databaseFindings,
  NotReadyForProduction,
  settingsFindings,
  settingsWarnings,
} from "./preflight"

/**
 * The server's runtime as layers (decision 0055). Each layer's release runs
 * when the runtime ends, in the reverse order of building: the HTTP server
 * (http-server.ts) stops taking requests and finishes those in flight, then
 * the jobs stop, then the shop's services close, and the database last.
 */

/** The shop's database, migrated, with the demo data when asked: opened first, closed last. */
export class ShopDatabase extends Context.Tag("@howzat/server/ShopDatabase")<
  ShopDatabase,
  DatabaseHandle
>() {}

/** The composed shop: its HTTP app, outbox and the jobs' passes. */
export class Shop extends Context.Tag("@howzat/server/Shop")<Shop, ComposedShop>() {}

/** A start-up step that threw (a bad data folder, a migration): the error as thrown. */
const attempt = <A>(step: () => Promise<A>) =>
  Effect.tryPromise({ try: step, catch: (error) => error })

/** Opens the shop's database; the API suites start theirs from a migrated copy (test-support/shop.ts). */
export type OpenShopDatabase = () => Promise<DatabaseHandle>

export const shopDatabaseLayer = (
  config: ServerConfig,
  now: Date,
  open: OpenShopDatabase = () =>
    makeDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
) =>
  Layer.scoped(
    ShopDatabase,
    Effect.gen(function* () {
      // Released however start-up ends: the PGlite folder's lock goes with it.
      const database = yield* Effect.acquireRelease(attempt(open), (opened) =>
        Effect.promise(() => opened.close()).pipe(
          Effect.zipRight(Effect.logInfo("shutdown: database closed")),
        ),
      )
      // A newer schema is always refused; an older one is migrated, or refused when
      // MIGRATE_ON_START=false (npm run migrate runs once before a rolling restart: 0087).
      const applied = yield* attempt(() =>
        prepareSchema(database.db, { migrate: config.migrateOnStart }),
      )
      if (applied.length > 0) yield* Effect.logInfo(`migrations applied: ${applied.join(", ")}`)
      // Before any demo data is added: a production start lists all there is to fix.
      if (config.production) {
        const findings = [
          ...settingsFindings(config),
          ...(yield* attempt(() => databaseFindings(database.db))),
        ]
        if (findings.length > 0) return yield* Effect.fail(new NotReadyForProduction(findings))
        // Started anyway, but said at every start (decision 0088).
        for (const warning of settingsWarnings(config))
          yield* Effect.logWarning(`${warning.problem} Fix: ${warning.fix}`)
      }
      if (config.seedDemoData) yield* attempt(() => seedDemoData(database.db, now))
      return database
    }),
  )

export const shopLayer = (config: ServerConfig, brand: ShopBrand) =>
  Layer.scoped(
    Shop,
    Effect.flatMap(ShopDatabase, (database) =>
      Effect.acquireRelease(
        attempt(() => composeShopOn(database, config, brand)),
        (shop) => Effect.promise(() => shop.close()),
      ),
    ),
  )

/** The longest rate-limit window: housekeeping keeps every row a window could still count. */
const longestRateLimitWindowMs = (config: ServerConfig) =>
  Math.max(
    ...Object.values(config.rateLimits.limits).flatMap((l) => [
      l.perAccount.windowMs,
      l.perAddress.windowMs,
    ]),
    config.referralInvitations.windowMs,
  )

/** Every periodic job of the server, each a scoped layer (jobs/periodic.ts). */
export const shopJobsLayer = (config: ServerConfig) =>
  Layer.unwrapScoped(
    Effect.gen(function* () {
      const shop = yield* Shop
      // Built first, so released last: after every job below has stopped.
      yield* Effect.addFinalizer(() => Effect.logInfo("shutdown: jobs stopped"))
      const sender =
        config.mail.mode === "smtp" && config.mail.smtpUrl
          ? yield* Effect.acquireRelease(
              Effect.sync(() => smtpSender(config.mail.smtpUrl ?? "", config.mail.from)),
              (opened) => Effect.sync(() => opened.close()),
            )
          : undefined
      return Layer.mergeAll(
        orderExpiry(shop.passes.expireDue),
        automaticDraws(shop.passes.drawDue, Duration.millis(config.automaticDrawIntervalMs)),
        mailDelivery(shop.outbox, { sender }),
        housekeeping(shop.db, { longestRateLimitWindowMs: longestRateLimitWindowMs(config) }),
      )
    }),
  )

/** The database, the shop on it and its jobs, in that order (released in the reverse). */
export const shopWithJobsLayer = (
  config: ServerConfig,
  now: Date,
  brand: ShopBrand,
  openDatabase?: OpenShopDatabase,
) =>
  shopJobsLayer(config).pipe(
    Layer.provideMerge(shopLayer(config, brand)),
    Layer.provideMerge(shopDatabaseLayer(config, now, openDatabase)),
  )

/**
 * The whole server: the HTTP server on the shop, its jobs and its database.
 * Built last, so released first: no request is taken once the jobs stop.
 */
export const shopServerLayer = (
  config: ServerConfig,
  now: Date,
  brand: ShopBrand,
  onListening: (port: number, shop: ComposedShop) => void,
) =>
  Layer.unwrapEffect(
    Effect.map(Shop, (shop) =>
      httpServerLayer({
        fetch: shop.app.fetch,
        port: config.port,
        hostname: config.host,
        shutdownGrace: Duration.millis(config.shutdownGraceMs),
        drain: Duration.millis(config.shutdownDrainMs),
        onDrain: shop.drain,
        onListening: (port) => onListening(port, shop),
      }),
    ),
  ).pipe(Layer.provide(shopWithJobsLayer(config, now, brand)))

/**
 * The shop and its jobs outside a runtime, for the API suites and the
 * multi-process children: close() releases them as a shutdown does.
 * A start-up failure rejects with the error as thrown (DataFolderInUse, ...).
 */
export const composeShop = async (
  config: ServerConfig,
  now = new Date(),
  brand: ShopBrand = {},
  openDatabase?: OpenShopDatabase,
) => {
  const scope = Effect.runSync(Scope.make())
  const built = await Effect.runPromiseExit(
    Layer.buildWithScope(shopWithJobsLayer(config, now, brand, openDatabase), scope),
  )
  if (Exit.isFailure(built)) {
    await Effect.runPromise(Scope.close(scope, built))
    throw Cause.squash(built.cause)
  }
  return {
    ...Context.get(built.value, Shop),
    close: () => Effect.runPromise(Scope.close(scope, Exit.void)),
  }
}
