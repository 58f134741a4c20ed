import {
  AccountChanges,
  AccountRecovery,
  CustomerAccounts,
  RateLimitPolicy,
  Registration,
  SecondFactor,
  Sessions,
  StaffAccounts,
  Throttle,
} from "@howzat/core/accounts"
import { ClubPerks } from "@howzat/core/clubs"
import {
  Catalogue,
  CatalogueAdmin,
  CompetitionAdmin,
  CompetitionPolicy,
  CompetitionTickets,
  InstantWinGroups,
} from "@howzat/core/competitions"
import { ComplaintSettings, Complaints, StaffComplaints } from "@howzat/core/complaints"
import { Contact, ContactSettings, StaffContactMessages } from "@howzat/core/contact"
import { StaffCustomers } from "@howzat/core/customers"
import { Draws } from "@howzat/core/draws"
import {
  Images,
  ImageUploadPolicy,
  ImageVariantFiles,
  makeImageVariantFiles,
} from "@howzat/core/images"
import {
  Baskets,
  Charities,
  type Charity,
  Checkout,
  CheckoutPolicy,
  CustomerOrders,
  Payments,
  PickedNumbers,
  SiteCreditPolicy,
  SiteCreditPurchases,
  StaffOrders,
} from "@howzat/core/orders"
import { FileStore, ShopIdentitySettings, ShopLinks, ShopMetrics } from "@howzat/core/ports"
import { PostalEntries } from "@howzat/core/postal-entries"
import { ReferralInvitationLimit, ReferralSignUps, Referrals } from "@howzat/core/referrals"
import { SettlementReports } from "@howzat/core/reports"
import {
  AccountStanding,
  AgeChecks,
  DeclaredDateOfBirthLive,
  HarmSignals,
  PurchaseGate,
  SpendLimitSignUps,
  SpendLimits,
} from "@howzat/core/responsible-play"
import type { ShopIdentity } from "@howzat/core/rules"
import {
  AuditTrail,
  BackOfficeDashboard,
  SecondFactorReset,
  SiteContent,
  StaffClubs,
  StaffPromotions,
  StaffUsers,
} from "@howzat/core/staff"
import { CompetitionWinners } from "@howzat/core/winners"
import { localFolderFileStore, s3FileStore } from "@howzat/files"
import {
  DEFAULT_MISS_LIMIT,
  fileUrl,
  jsonLoggerLayer,
  makeHttpApp,
  makeShopCounters,
  type NotificationHandler,
  stdoutLines,
  type TrackingOrigins,
} from "@howzat/http"
import { sharpImageVariants } from "@howzat/images"
import { PdfClubDocumentsLive } from "@howzat/pdf"
import {
  AccountStandingStoreLive,
  AgeVerificationRecordsLive,
  AuditLogLive,
  AuditLogReaderLive,
  BackOfficeFiguresLive,
  ClubStoreLive,
  CompetitionRepoLive,
  ComplaintStoreLive,
  ContactMessageStoreLive,
  CustomerRepoLive,
  type DatabaseHandle,
  Db,
  HarmSignalFactsLive,
  ImageStoreLive,
  makeOperatorFigures,
  makeOutboxQueue,
  NodeSecureRandomLive,
  OrderRefundRepoLive,
  OutboxMailerLive,
  PostalEntryRepoLive,
  PostgresAccountsLive,
  PostgresCatalogueAdminLive,
  PostgresCatalogueLive,
  PostgresInstantWinsLive,
  PostgresOrdersLive,
  PromotionStoreLive,
  ReferralRepoLive,
  ResourceWriterLive,
  ResponsiblePlayEventsLive,
  RichTextSanitiserLive,
  SettlementRecordsLive,
  SiteCreditLedgerLive,
  SpendLimitStoreLive,
  StaffCustomerRepoLive,
  StaffUserRepoLive,
  TransactionsLive,
  UserRepoLive,
  WinnerRecordsLive,
} from "@howzat/postgres"
import { Effect, Layer, ManagedRuntime } from "effect"
import { sql } from "kysely"
import { brand as storefrontBrand } from "../../web/src/brand"
import { Argon2PasswordHasherLive } from "./auth/argon2-password-hasher"
import { JwtAccessTokensLive } from "./auth/jwt-access-tokens"
import { jwtSecret } from "./auth/jwt-secret"
import { serveBackOffice } from "./back-office"
import { beaconLayer } from "./beacon"
import { cardFormOf, cardProviderOrigins, payByBankOf } from "./card-form"
import { clientAddressReader } from "./client-address"
import type { FileStoreConfig, ServerConfig } from "./config"
import { ensureDemoAdmin, ensureDemoStaff } from "./demo-admin"
import { ensureDemoCustomer, seedDemoPromotions } from "./demo-customer"
import { mountDevMailbox } from "./mail/mailbox-page"
import { openPaymentGateway } from "./payment-gateway"
import { makeReadiness } from "./readiness"
import { serveStorefront } from "./storefront"

/**
 * The brand's own settings that core's rules need. The storefront is built
 * with the brand (apps/web/src/brand.ts); this brand supports no charity, so
 * no round-up is priced. A brand with charities lists them here too.
 */
export interface ShopBrand {
  readonly charities?: readonly Charity[] | undefined
  /** brand.siteCredit's name, and whether credit is bought through the basket (off: docs/product/screens.md). */
  readonly siteCredit?: { readonly name: string; readonly deferredPurchase: boolean } | undefined
  /** The storefront's live-draw stream origin (brand.ts liveStreamOrigin): /Live may frame it. */
  readonly liveStreamOrigin?: string | null | undefined
  /** Who the club documents say they come from, and the contact form's care address; brand.ts's by default. */
  readonly identity?: Omit<ShopIdentity, "website"> | undefined
  /** The storefront's configured tracking origins (brand.ts trackingOrigins): the CSP admits them. */
  readonly tracking?: TrackingOrigins | undefined
  /** The least time a competition is open for sale (decision 0045); core's default, a day, when unset. */
  readonly minimumOpenMs?: number | undefined
}

const openFileStore = (config: FileStoreConfig) =>
  config.store === "s3" ? s3FileStore(config.s3) : localFolderFileStore(config.dir)

/**
 * The composition root: the one place that picks adapters for core's ports.
 * Everything but the database and the jobs, on a database opened, migrated
 * and seeded (shop-runtime.ts): the services, the HTTP app, the payment
 * gateway, and the passes the jobs run. close() releases what this opened,
 * not the database.
 */
export const composeShopOn = async (
  database: DatabaseHandle,
  config: ServerConfig,
  brand: ShopBrand = {},
) => {
  const db = Layer.succeed(Db, database.db)
  // Traces (loaded only when asked for) and JSON logs, for every runtime of the shop (0088).
  const tracing = config.tracing
    ? (await import("./tracing")).openTracing(config.tracing)
    : undefined
  const observability = Layer.mergeAll(
    tracing?.layer ?? Layer.empty,
    config.logFormat === "json" ? jsonLoggerLayer(config.logLines ?? stdoutLines) : Layer.empty,
  )
  // The business counters (decision 0088) when /metrics is on; core's no-op default otherwise.
  const counters = config.metricsToken ? makeShopCounters() : undefined
  const shopMetrics = counters ? Layer.succeed(ShopMetrics, counters.shopMetrics) : Layer.empty
  // Who the club documents say they come from and where contact messages go: one identity.
  const identity = brand.identity ?? {
    shortName: storefrontBrand.shortName,
    fullName: storefrontBrand.fullName,
    customerCareEmail: storefrontBrand.customerCareEmail,
    freePostalEntryAddress: storefrontBrand.freePostalEntryAddress,
  }

  const catalogue = Catalogue.Default.pipe(Layer.provide(PostgresCatalogueLive), Layer.provide(db))
  const draws = Draws.Default.pipe(
    Layer.provide(
      Layer.mergeAll(PostgresCatalogueLive, OutboxMailerLive, TransactionsLive, AuditLogLive).pipe(
        Layer.provide(db),
        Layer.merge(beaconLayer(config.beacon)),
        // The winner's email links to the competition at the configured origin.
        Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
        Layer.merge(shopMetrics),
      ),
    ),
  )

  const clubPerks = ClubPerks.Default.pipe(
    Layer.provide(Layer.merge(PostgresCatalogueLive.pipe(Layer.provide(db)), PdfClubDocumentsLive)),
    Layer.provide(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    Layer.provide(Layer.succeed(ShopIdentitySettings, identity)),
  )

  const competitionWinners = CompetitionWinners.Default.pipe(
    Layer.provide(Layer.mergeAll(WinnerRecordsLive, TransactionsLive, AuditLogLive)),
    Layer.provide(db),
  )
  const backOffice = Layer.mergeAll(
    BackOfficeDashboard.Default.pipe(
      Layer.provide(Layer.merge(BackOfficeFiguresLive.pipe(Layer.provide(db)), draws)),
    ),
    SettlementReports.Default.pipe(Layer.provide(SettlementRecordsLive.pipe(Layer.provide(db)))),
    Layer.mergeAll(SiteContent.Default, StaffPromotions.Default, StaffClubs.Default).pipe(
      Layer.provide(
        Layer.mergeAll(
          ResourceWriterLive,
          PromotionStoreLive,
          ClubStoreLive,
          AuditLogLive,
          TransactionsLive,
        ).pipe(Layer.provide(db), Layer.merge(RichTextSanitiserLive)),
      ),
    ),
  )
  const instantWins = Layer.mergeAll(InstantWinGroups.Default, CompetitionTickets.Default).pipe(
    Layer.provide(
      Layer.mergeAll(PostgresInstantWinsLive, TransactionsLive, AuditLogLive).pipe(
        Layer.provide(db),
        Layer.merge(NodeSecureRandomLive),
      ),
    ),
  )

  const catalogueAdmin = Layer.mergeAll(CompetitionAdmin.Default, CatalogueAdmin.Default).pipe(
    Layer.provide(
      Layer.mergeAll(PostgresCatalogueAdminLive, TransactionsLive).pipe(
        Layer.provide(db),
        Layer.merge(NodeSecureRandomLive),
      ),
    ),
    Layer.provide(
      brand.minimumOpenMs === undefined
        ? Layer.empty
        : Layer.succeed(CompetitionPolicy, { minimumOpenMs: brand.minimumOpenMs }),
    ),
  )
  // Staff's images: rows in the database, bytes in the file store, served at /files/*.
  const fileStore = openFileStore(config.files)
  // AVIF/WebP copies of uploaded photographs, made at upload or on first request (decision 0049).
  const variantFiles = makeImageVariantFiles(fileStore, sharpImageVariants())
  const images = Images.Default.pipe(
    Layer.provide(
      Layer.mergeAll(ImageStoreLive, TransactionsLive, AuditLogLive).pipe(
        Layer.provide(db),
        Layer.merge(Layer.succeed(FileStore, fileStore)),
        Layer.merge(Layer.succeed(ImageVariantFiles, variantFiles)),
      ),
    ),
    Layer.provideMerge(
      Layer.succeed(ImageUploadPolicy, { maxBytes: config.imageMaxBytes, urlOf: fileUrl }),
    ),
  )

  // Taking a break, closing an account, and the age check (decision 0043).
  const standingPorts = Layer.mergeAll(
    AccountStandingStoreLive,
    AgeVerificationRecordsLive,
    ResponsiblePlayEventsLive,
    CustomerRepoLive,
    TransactionsLive,
    OutboxMailerLive,
  ).pipe(
    Layer.provide(db),
    Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    // config.ageVerification is "declared" until an identity-check provider is installed.
    Layer.merge(DeclaredDateOfBirthLive),
  )
  const ageChecks = AgeChecks.Default.pipe(Layer.provide(standingPorts))
  const purchaseGate = PurchaseGate.Default.pipe(
    Layer.provide(Layer.merge(ageChecks, standingPorts)),
  )
  const accountStanding = AccountStanding.Default.pipe(Layer.provide(standingPorts))
  // Refer a friend (decision 0039): registration records the friend, Referrals serves the page.
  const referralPorts = Layer.mergeAll(PostgresAccountsLive, ReferralRepoLive).pipe(
    Layer.provide(db),
    Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    Layer.merge(Layer.succeed(ReferralInvitationLimit, config.referralInvitations)),
  )
  const accountPorts = Layer.mergeAll(
    PostgresAccountsLive.pipe(Layer.provide(db)),
    Argon2PasswordHasherLive,
    JwtAccessTokensLive(await jwtSecret(database.db, config.jwtSecret)),
    NodeSecureRandomLive,
    Layer.succeed(RateLimitPolicy, config.rateLimits),
    Layer.effect(ReferralSignUps, ReferralSignUps.fromRepo).pipe(Layer.provide(referralPorts)),
    // Registration keeps the age check's outcome from the start (decision 0043).
    ageChecks,
    // The spend-limit question answered at sign-up (decision 0041).
    Layer.effect(SpendLimitSignUps, SpendLimitSignUps.fromStore).pipe(
      Layer.provide(Layer.merge(SpendLimitStoreLive, ResponsiblePlayEventsLive)),
      Layer.provide(db),
    ),
  )
  const referrals = Referrals.Default.pipe(
    Layer.provide(Layer.merge(referralPorts, NodeSecureRandomLive)),
  )
  const accounts = Layer.mergeAll(
    Sessions.Default,
    Registration.Default,
    AccountRecovery.Default,
    AccountChanges.Default,
    CustomerAccounts.Default,
    Throttle.Default,
  ).pipe(Layer.provide(accountPorts))
  // An Admin's second factor finishes the sign-in Sessions started (decision 0032).
  const secondFactor = SecondFactor.Default.pipe(
    Layer.provideMerge(accounts),
    Layer.provide(Layer.merge(accountPorts, AuditLogLive.pipe(Layer.provide(db)))),
  )
  const staffCustomers = StaffCustomers.Default.pipe(
    Layer.provide(
      Layer.mergeAll(
        PostgresAccountsLive,
        SiteCreditLedgerLive,
        StaffCustomerRepoLive,
        AuditLogLive,
        TransactionsLive,
      ).pipe(Layer.provide(db)),
    ),
  )

  // Admins' staff users (with the staff command's invitation) and the audit log's reading.
  const staffPorts = Layer.mergeAll(
    accountPorts,
    Layer.mergeAll(StaffUserRepoLive, AuditLogLive, AuditLogReaderLive).pipe(Layer.provide(db)),
  )
  const staffAdministration = Layer.mergeAll(
    StaffUsers.Default,
    AuditTrail.Default,
    SecondFactorReset.Default,
  ).pipe(
    Layer.provide(Layer.merge(StaffAccounts.Default.pipe(Layer.provide(staffPorts)), staffPorts)),
  )

  const gateway = await openPaymentGateway(database.db, config.payments, config.linkOrigin)
  const orderPorts = Layer.mergeAll(
    PostgresOrdersLive,
    CompetitionRepoLive,
    CustomerRepoLive,
    TransactionsLive,
  ).pipe(
    Layer.provide(db),
    // Links in a paid order's confirmation: the configured origin, never a request's Host.
    Layer.merge(Layer.succeed(ShopLinks, { origin: config.linkOrigin })),
    // Checkouts, payments and refunds counted for /metrics (decision 0088).
    Layer.merge(shopMetrics),
    // The brand's credit name and purchase mode: completion writes the name on the ledger.
    Layer.merge(
      Layer.succeed(SiteCreditPolicy, {
        name: brand.siteCredit?.name ?? SiteCreditPolicy.defaultValue().name,
        deferredPurchase: brand.siteCredit?.deferredPurchase ?? false,
      }),
    ),
  )
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
  // The contact form (decision 0037): stored, mailed to customer care, rate-limited like sign-ins.
  const contact = Layer.mergeAll(Contact.Default, StaffContactMessages.Default).pipe(
    Layer.provide(
      Layer.mergeAll(
        Throttle.Default.pipe(Layer.provide(accountPorts)),
        Layer.mergeAll(
          ContactMessageStoreLive,
          OutboxMailerLive,
          TransactionsLive,
          AuditLogLive,
        ).pipe(Layer.provide(db)),
        Layer.succeed(ContactSettings, {
          careAddress: identity.customerCareEmail,
        }),
      ),
    ),
  )
  // Complaints and harm signals (decision 0044): complaints rate-limited like contact.
  const responsiblePlay = Layer.mergeAll(
    Complaints.Default,
    StaffComplaints.Default,
    HarmSignals.Default,
  ).pipe(
    Layer.provide(
      Layer.mergeAll(
        Throttle.Default.pipe(Layer.provide(accountPorts)),
        Layer.mergeAll(
          ComplaintStoreLive,
          HarmSignalFactsLive,
          ResponsiblePlayEventsLive,
          OutboxMailerLive,
          TransactionsLive,
          AuditLogLive,
        ).pipe(Layer.provide(db)),
        NodeSecureRandomLive,
        Layer.succeed(ComplaintSettings, { careAddress: identity.customerCareEmail }),
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
  const orders = Layer.mergeAll(
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
    Layer.provide(orderPorts),
    Layer.provide(purchaseGate),
    Layer.provide(Layer.succeed(Charities, { list: brand.charities ?? [] })),
    Layer.merge(paymentServices),
    Layer.merge(postalEntries),
    Layer.merge(staffOrders),
  )

  if (config.seedDemoData) {
    await seedDemoPromotions(database.db)
    await Effect.runPromise(
      ensureDemoCustomer.pipe(
        Effect.zipRight(ensureDemoAdmin),
        Effect.zipRight(ensureDemoStaff),
        Effect.provide(
          Layer.mergeAll(
            PostgresAccountsLive,
            PostgresOrdersLive,
            TransactionsLive,
            Argon2PasswordHasherLive,
          ).pipe(Layer.provide(db)),
        ),
      ),
    )
  }

  // What runs outside a request: the provider's notifications and the jobs' passes.
  const background = ManagedRuntime.make(
    Layer.mergeAll(paymentServices, draws, catalogueAdmin, observability),
  )
  await background.runtime()
  const runPayments = <A, E>(use: (payments: Payments) => Effect.Effect<A, E>) =>
    background.runPromise(Effect.flatMap(Payments, use))

  // A forged or stale notification is refused (400); anything else that goes
  // wrong throws, so the route answers 503 and the provider delivers it again.
  const paymentNotifications: NotificationHandler = (rawBody, headers, provider) =>
    runPayments((payments) =>
      payments.handleNotification(rawBody, headers, provider).pipe(
        Effect.map((verdict) => ({ kind: verdict })),
        Effect.catchTag("NotificationRejected", (rejected) =>
          Effect.succeed({ kind: "Rejected" as const, reason: rejected.reason }),
        ),
      ),
    )

  const outbox = makeOutboxQueue(database.db)
  // Set once a shutdown begins (shop-runtime.ts): the load balancer's readiness check fails.
  let draining = false
  const readiness = makeReadiness(
    () => draining,
    () => sql`select 1`.execute(database.db),
  )
  const operatorFigures = makeOperatorFigures(database.db)
  counters?.offer(gateway.providers)
  const { app, dispose, directReads } = makeHttpApp({
    directCatalogueReads: config.directCatalogueReads,
    // The burst, earned back evenly over the window.
    missLimit: config.catalogueMissLimit && {
      ...DEFAULT_MISS_LIMIT,
      burst: config.catalogueMissLimit.max,
      perSecond: (config.catalogueMissLimit.max * 1000) / config.catalogueMissLimit.windowMs,
    },
    readiness,
    catalogue,
    draws,
    competitionWinners,
    backOffice,
    instantWins,
    accounts: Layer.mergeAll(secondFactor, staffCustomers, referrals, accountStanding),
    catalogueAdmin,
    orders,
    images,
    files: { store: fileStore, variants: variantFiles, maxImageBytes: config.imageMaxBytes },
    staffAdministration,
    settings: { cookieSecure: config.cookieSecure, linkOrigin: config.linkOrigin },
    cardForm: cardFormOf(config.payments),
    payByBank: payByBankOf(config.payments),
    cardProvider: cardProviderOrigins(config.payments),
    liveStreamOrigin: brand.liveStreamOrigin,
    clubPerks,
    tracking: brand.tracking,
    clientAddress: clientAddressReader(config.trustProxy),
    paymentNotifications,
    paymentProviders: gateway.providers,
    contact,
    responsiblePlay,
    observability,
    // Off unless METRICS_TOKEN is set (decision 0085).
    metrics: config.metricsToken
      ? {
          token: config.metricsToken,
          outboxBacklog: outbox.backlog,
          liveSales: operatorFigures.liveSales,
          dueDraws: operatorFigures.dueDraws,
          pool: database.poolStats,
          shopCounters: counters?.metrics,
        }
      : undefined,
  })

  gateway.attach(app)

  if (config.mail.devMailbox) mountDevMailbox(app, outbox)
  serveBackOffice(app, config.adminDistDir)
  serveStorefront(app, config.webDistDir)

  /** One expiry pass: the unpaid orders it cancelled (their tickets are back on sale). */
  const expireDue = Effect.provide(
    Effect.flatMap(Payments, (payments) => payments.expireDue()),
    background,
  )
  /**
   * One automatic-draw pass: first the draw-on-sell-out competitions whose
   * last ticket is now paid are closed and made due (docs/decisions/0081),
   * then every due draw is made. A failed close is logged and tried again
   * next pass; it never holds up the draws.
   */
  const closeSoldOut = Effect.flatMap(CompetitionAdmin, (admin) => admin.closeSoldOut).pipe(
    Effect.tap((closed) =>
      Effect.forEach(
        closed,
        (competitionId) =>
          Effect.logInfo("competition sold out: closed for its draw", { competitionId }),
        { discard: true },
      ),
    ),
    Effect.catchAll((error) => Effect.logWarning("sold-out close put off", { reason: error._tag })),
  )
  const drawDue = Effect.provide(
    Effect.zipRight(
      closeSoldOut,
      Effect.flatMap(Draws, (d) => d.drawDue),
    ),
    background,
  )

  return {
    app,
    db: database.db,
    outbox,
    databaseKind: database.kind,
    /** The shutdown has begun: /health/ready answers 503 from now on. */
    drain: () => {
      draining = true
    },
    /** The passes of the jobs (shop-runtime.ts), run on the shop's own services. */
    passes: { expireDue, drawDue },
    /** One expiry pass now, for tests that move the clock past an order's time. */
    expireUnpaidOrders: () => Effect.runPromise(expireDue),
    /**
     * Once the card provider's notifications sent so far have been handled,
     * for tests that ask what a notification did: the sandbox delivers them
     * in the background, as a real provider's webhooks arrive.
     */
    paymentNotificationsSettled: gateway.deliveriesSettled,
    /** How many catalogue reads were answered outside HttpApi (direct-catalogue-reads.ts). */
    catalogueReadsAnsweredDirectly: () => directReads?.answered() ?? 0,
    close: async () => {
      await dispose()
      await gateway.close()
      await background.dispose()
      // Last: the spans of everything above are sent before the process ends.
      await tracing?.close()
    },
  }
}

export type ComposedShop = Awaited<ReturnType<typeof composeShopOn>>
