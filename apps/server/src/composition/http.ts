import {
  DEFAULT_MISS_LIMIT,
  type HttpAppOptions,
  makeHttpApp,
  type NotificationHandler,
} from "@howzat/http"
import { type DatabaseHandle, makeOperatorFigures, makeOutboxQueue } from "@howzat/postgres"
import { sql } from "kysely"
import { serveBackOffice } from "../back-office"
import { cardFormOf, cardProviderOrigins, payByBankOf } from "../card-form"
import { clientAddressReader } from "../client-address"
import type { ServerConfig } from "../config"
import { mountDevMailbox } from "../mail/mailbox-page"
import type { openPaymentGateway } from "../payment-gateway"
import { makeReadiness } from "../readiness"
import { serveStorefront } from "../storefront"
import type { ShopBrand } from "./brand"
import type { ShopObservability } from "./observability"

/** Core's use cases, wired to their adapters, as the HTTP app serves them. */
export type ServedServices = Pick<
  HttpAppOptions,
  | "catalogue"
  | "draws"
  | "competitionWinners"
  | "backOffice"
  | "instantWins"
  | "accounts"
  | "catalogueAdmin"
  | "orders"
  | "images"
  | "files"
  | "staffAdministration"
  | "clubPerks"
  | "contact"
  | "responsiblePlay"
>

/**
 * The HTTP side of the shop: the API on the services, the payment
 * provider's routes, the dev mailbox, and the two apps' static files. Also
 * the outbox the mail job empties, and drain(), after which the load
 * balancer's readiness check fails (shop-runtime.ts).
 */
export const serveHttp = (
  database: DatabaseHandle,
  config: ServerConfig,
  brand: ShopBrand,
  services: ServedServices,
  observed: ShopObservability,
  gateway: Awaited<ReturnType<typeof openPaymentGateway>>,
  paymentNotifications: NotificationHandler,
) => {
  const outbox = makeOutboxQueue(database.db)
  // Set once a shutdown begins (shop-runtime.ts): the load balancer's readiness check fails.
  let draining = false
  const readiness = makeReadiness(
    () => draining,
    () => sql`select 1`.execute(database.db),
  )
  const operatorFigures = makeOperatorFigures(database.db)
  observed.counters?.offer(gateway.providers)
  const { app, dispose, directReads } = makeHttpApp({
    ...services,
    directCatalogueReads: config.directCatalogueReads,
    // The burst, earned back evenly over the window.
    missLimit: config.catalogueMissLimit && {
      ...DEFAULT_MISS_LIMIT,
      burst: config.catalogueMissLimit.max,
      perSecond: (config.catalogueMissLimit.max * 1000) / config.catalogueMissLimit.windowMs,
    },
    readiness,
    settings: { cookieSecure: config.cookieSecure, linkOrigin: config.linkOrigin },
    cardForm: cardFormOf(config.payments),
    payByBank: payByBankOf(config.payments),
    cardProvider: cardProviderOrigins(config.payments),
    liveStreamOrigin: brand.liveStreamOrigin,
    tracking: brand.tracking,
    clientAddress: clientAddressReader(config.trustProxy),
    paymentNotifications,
    paymentProviders: gateway.providers,
    observability: observed.observability,
    // Off unless METRICS_TOKEN is set (decision 0085).
    metrics: config.metricsToken
      ? {
          token: config.metricsToken,
          outboxBacklog: outbox.backlog,
          liveSales: operatorFigures.liveSales,
          dueDraws: operatorFigures.dueDraws,
          pool: database.poolStats,
          shopCounters: observed.counters?.metrics,
        }
      : undefined,
  })

  gateway.attach(app)

  if (config.mail.devMailbox) mountDevMailbox(app, outbox)
  serveBackOffice(app, config.adminDistDir)
  serveStorefront(app, config.webDistDir)
  return {
    app,
    dispose,
    directReads,
    outbox,
    drain: () => {
      draining = true
    },
  }
}
