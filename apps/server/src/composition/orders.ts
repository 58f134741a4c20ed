import {
  Baskets,
  Charities,
  Checkout,
  CheckoutPolicy,
  CustomerOrders,
  Payments,
  PickedNumbers,
  SiteCreditPolicy,
  SiteCreditPurchases,
  StaffOrders,
} from "@howzat/core/orders"
import { ShopLinks } from "@howzat/core/ports"
import { PostalEntries } from "@howzat/core/postal-entries"
import { SpendLimits } from "@howzat/core/responsible-play"
import {
  AccountStandingStoreLive,
  AuditLogLive,
  CompetitionRepoLive,
  CustomerRepoLive,
  type DatabaseHandle,
  OrderRefundRepoLive,
  PostalEntryRepoLive,
  PostgresOrdersLive,
  SpendLimitStoreLive,
  TransactionsLive,
  UserRepoLive,
} from "@howzat/postgres"
import { Layer } from "effect"
import type { ServerConfig } from "../config"
import { openPaymentGateway } from "../payment-gateway"
import type { standingServices } from "./accounts"
import type { CoreBrandLayer, DbLayer, ShopBrand } from "./brand"
import type { ShopObservability } from "./observability"

/** What every order service reads and writes: orders, competitions, customers, and the brand's credit. */
const orderPortsOf = (
  db: DbLayer,
  config: ServerConfig,
  brand: ShopBrand,
  shopMetrics: ShopObservability["shopMetrics"],
  coreBrand: CoreBrandLayer,
) =>
  Layer.mergeAll(PostgresOrdersLive, CompetitionRepoLive, CustomerRepoLive, TransactionsLive).pipe(
    Layer.provide(db),
    // Links in a paid order's confirmation: the configured origin, never a request's Host.
    Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    // Checkouts, payments and refunds counted for /metrics (decision 0088).
    Layer.merge(shopMetrics),
    // The brand's credit name (completion writes it on the ledger) and purchase mode.
    Layer.merge(coreBrand),
    Layer.merge(
      Layer.succeed(SiteCreditPolicy, {
        deferredPurchase: brand.siteCredit?.deferredPurchase ?? false,
      }),
    ),
  )

/**
 * Money in and out: the payment gateway the configuration chose, payments,
 * customers' and staff's orders, and postal entries.
 */
export const paymentServicesOf = async (
  database: DatabaseHandle,
  db: DbLayer,
  config: ServerConfig,
  brand: ShopBrand,
  purchaseGate: ReturnType<typeof standingServices>["purchaseGate"],
  shopMetrics: ShopObservability["shopMetrics"],
  coreBrand: CoreBrandLayer,
) => {
  const gateway = await openPaymentGateway(database.db, config.payments, config.linkOrigin)
  const orderPorts = orderPortsOf(db, config, brand, shopMetrics, coreBrand)
  const paymentServices = Layer.mergeAll(Payments.Default, CustomerOrders.Default).pipe(
    // A new payment attempt is a purchase: the gate is asked again (decision 0043), and the
    // spend-limit question is answered before one starts (decision 0041).
    Layer.provide(
      Layer.mergeAll(
        orderPorts,
        gateway.layer,
        purchaseGate,
        SpendLimitStoreLive.pipe(Layer.provide(db)),
      ),
    ),
  )
  const staffOrders = StaffOrders.Default.pipe(
    Layer.provide(
      Layer.mergeAll(
        orderPorts,
        gateway.layer,
        Layer.mergeAll(OrderRefundRepoLive, AuditLogLive).pipe(Layer.provide(db)),
      ),
    ),
  )
  // A postal entry's ticket wins instant prizes like a paid one: the order ports' ledger and mail.
  const postalEntries = PostalEntries.Default.pipe(
    Layer.provide(
      Layer.mergeAll(
        Layer.mergeAll(
          PostalEntryRepoLive,
          UserRepoLive,
          AuditLogLive,
          AccountStandingStoreLive,
        ).pipe(Layer.provide(db)),
        orderPorts,
      ),
    ),
  )
  return { gateway, orderPorts, paymentServices, staffOrders, postalEntries }
}

/** Baskets to paid orders: every order service the HTTP app serves. */
export const orderServices = (
  config: ServerConfig,
  brand: ShopBrand,
  purchaseGate: ReturnType<typeof standingServices>["purchaseGate"],
  payments: Awaited<ReturnType<typeof paymentServicesOf>>,
) =>
  Layer.mergeAll(
    Baskets.Default,
    Checkout.Default,
    PickedNumbers.Default,
    SpendLimits.Default,
    Layer.succeed(CheckoutPolicy, { unpaidOrderMinutes: config.payments.unpaidOrderMinutes }),
    SiteCreditPurchases.Default.pipe(
      Layer.provide(
        Layer.merge(
          Baskets.Default,
          Layer.succeed(CheckoutPolicy, { unpaidOrderMinutes: config.payments.unpaidOrderMinutes }),
        ),
      ),
    ),
  ).pipe(
    Layer.provide(payments.orderPorts),
    Layer.provide(purchaseGate),
    Layer.provide(Layer.succeed(Charities, { list: brand.charities ?? [] })),
    Layer.merge(payments.paymentServices),
    Layer.merge(payments.postalEntries),
    Layer.merge(payments.staffOrders),
  )
