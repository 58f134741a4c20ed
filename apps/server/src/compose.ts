import { type DatabaseHandle, Db } from "@howzat/postgres"
import { Effect, Layer } from "effect"
import { accountServices, staffAdministrationOf, standingServices } from "./composition/accounts"
import { backOfficeServices, imageServices } from "./composition/back-office"
import { openBackground } from "./composition/background"
import { coreBrandLayerOf, type ShopBrand, shopIdentityOf } from "./composition/brand"
import { competitionServices } from "./composition/catalogue"
import { customerCareServices } from "./composition/customer-care"
import { seedDemoAccounts } from "./composition/demo-accounts"
import { serveHttp } from "./composition/http"
import { openObservability } from "./composition/observability"
import { orderServices, paymentServicesOf } from "./composition/orders"
import type { ServerConfig } from "./config"

export type { ShopBrand } from "./composition/brand"

/**
 * The composition root: the one place that picks adapters for core's ports.
 * Everything but the database and the jobs, on a database opened, migrated
 * and seeded (shop-runtime.ts): the services, the HTTP app, the payment
 * gateway, and the passes the jobs run. close() releases what this opened,
 * not the database.
 *
 * Each step is one decision, in its own module of composition/ (decision
 * 0102); the order is the order things are opened in.
 */
export const composeShopOn = async (
  database: DatabaseHandle,
  config: ServerConfig,
  brand: ShopBrand = {},
) => {
  const db = Layer.succeed(Db, database.db)
  const observed = await openObservability(config)
  const identity = shopIdentityOf(brand)
  const coreBrand = coreBrandLayerOf(brand, identity)
  const metrics = observed.shopMetrics

  const competitions = competitionServices(db, config, brand, identity, metrics, coreBrand)
  const backOffice = backOfficeServices(db, competitions.draws)
  const images = imageServices(db, config)
  const standing = standingServices(db, config, coreBrand)
  const accounts = await accountServices(database, db, config, standing, coreBrand)
  const staffAdministration = staffAdministrationOf(db, accounts.accountPorts)
  const gate = standing.purchaseGate
  const payments = await paymentServicesOf(database, db, config, brand, gate, metrics, coreBrand)
  const care = customerCareServices(db, accounts.accountPorts, identity, coreBrand)
  const orders = orderServices(config, brand, gate, payments)

  if (config.seedDemoData) await seedDemoAccounts(database, db)

  const background = await openBackground(
    payments.paymentServices,
    competitions,
    observed.observability,
  )
  const http = serveHttp(
    database,
    config,
    brand,
    {
      catalogue: competitions.catalogue,
      draws: competitions.draws,
      competitionWinners: competitions.competitionWinners,
      backOffice,
      instantWins: competitions.instantWins,
      accounts: Layer.mergeAll(
        accounts.secondFactor,
        accounts.staffCustomers,
        accounts.referrals,
        standing.accountStanding,
      ),
      catalogueAdmin: competitions.catalogueAdmin,
      orders,
      images: images.images,
      files: {
        store: images.fileStore,
        variants: images.variantFiles,
        maxImageBytes: config.imageMaxBytes,
      },
      staffAdministration,
      clubPerks: competitions.clubPerks,
      contact: care.contact,
      responsiblePlay: care.responsiblePlay,
    },
    observed,
    payments.gateway,
    background.paymentNotifications,
  )

  return {
    app: http.app,
    db: database.db,
    outbox: http.outbox,
    databaseKind: database.kind,
    /** The shutdown has begun: /health/ready answers 503 from now on. */
    drain: http.drain,
    /** The passes of the jobs (shop-runtime.ts), run on the shop's own services. */
    passes: background.passes,
    /** One expiry pass now, for tests that move the clock past an order's time. */
    expireUnpaidOrders: () => Effect.runPromise(background.passes.expireDue),
    /**
     * Once the card provider's notifications sent so far have been handled,
     * for tests that ask what a notification did: the sandbox delivers them
     * in the background, as a real provider's webhooks arrive.
     */
    paymentNotificationsSettled: payments.gateway.deliveriesSettled,
    /** How many catalogue reads were answered outside HttpApi (direct-catalogue-reads.ts). */
    catalogueReadsAnsweredDirectly: () => http.directReads?.answered() ?? 0,
    close: async () => {
      await http.dispose()
      await payments.gateway.close()
      await background.dispose()
      // Last: the spans of everything above are sent before the process ends.
      await observed.tracing?.close()
    },
  }
}

export type ComposedShop = Awaited<ReturnType<typeof composeShopOn>>
