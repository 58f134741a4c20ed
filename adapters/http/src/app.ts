import { HttpApiBuilder, HttpApp, HttpServer, OpenApi } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import type { CardFormJson, PayByBankJson } from "@howzat/contracts/payments"
import type {
  AccountChanges,
  AccountRecovery,
  CustomerAccounts,
  Registration,
  SecondFactor,
  Sessions,
  Throttle,
} from "@howzat/core/accounts"
import type { ClubPerks } from "@howzat/core/clubs"
import type {
  Catalogue,
  CatalogueAdmin,
  CompetitionAdmin,
  CompetitionTickets,
  InstantWinGroups,
} from "@howzat/core/competitions"
import type { Complaints, StaffComplaints } from "@howzat/core/complaints"
import type { Contact, StaffContactMessages } from "@howzat/core/contact"
import type { StaffCustomers } from "@howzat/core/customers"
import type { Draws } from "@howzat/core/draws"
import type { Images, ImageUploadPolicy, ImageVariantFilesShape } from "@howzat/core/images"
import type {
  Baskets,
  Checkout,
  CheckoutPolicy,
  CustomerOrders,
  Payments,
  PickedNumbers,
  SiteCreditPurchases,
  StaffOrders,
} from "@howzat/core/orders"
import type { FileStoreShape } from "@howzat/core/ports"
import type { PostalEntries } from "@howzat/core/postal-entries"
import type { Referrals } from "@howzat/core/referrals"
import type { SettlementReports } from "@howzat/core/reports"
import type { AccountStanding, HarmSignals, SpendLimits } from "@howzat/core/responsible-play"
import { MAX_FILES_PER_UPLOAD } from "@howzat/core/rules"
import type {
  AuditTrail,
  BackOfficeDashboard,
  SecondFactorReset,
  SiteContent,
  StaffClubs,
  StaffPromotions,
  StaffUsers,
} from "@howzat/core/staff"
import type { CompetitionWinners } from "@howzat/core/winners"
import { Effect, Layer } from "effect"
import { type Context, Hono } from "hono"
import { observeApi, platformTracerOff } from "./api-observation"
import { AuthHandlersLive } from "./auth-handlers"
import { AuthenticationLive, OptionalAuthenticationLive } from "./authentication"
import { BasketHandlersLive } from "./basket-handlers"
import { CardFormHandlersLive } from "./card-form-handlers"
import { CatalogueAdminHandlersLive } from "./catalogue-admin-handlers"
import { CatalogueHandlersLive } from "./catalogue-handlers"
import { ClubHandlersLive } from "./club-handlers"
import { ClubPerksHandlersLive } from "./club-perks-handlers"
import { CompetitionWinnersHandlersLive } from "./competition-winners-handlers"
import { ComplaintHandlersLive, StaffComplaintHandlersLive } from "./complaint-handlers"
import { compression } from "./compression"
import { ContactHandlersLive, ContactMessageHandlersLive } from "./contact-handlers"
import { CustomerHandlersLive } from "./customer-handlers"
import { DashboardHandlersLive } from "./dashboard-handlers"
import { makeDirectCatalogueReads } from "./direct-catalogue-reads"
import { DrawHandlersLive } from "./draw-handlers"
import { mountFiles } from "./files-route"
import { HarmSignalHandlersLive, ResponsiblePlayHandlersLive } from "./harm-signal-handlers"
import { ImageGroupHandlersLive, ImageHandlersLive } from "./image-handlers"
import { InstantWinGroupHandlersLive } from "./instant-win-group-handlers"
import { LoggingHandlersLive } from "./logging-handlers"
import { type MetricsOptions, makeMetrics, mountMetricsOff } from "./metrics"
import { DEFAULT_MISS_LIMIT, type MissLimitOptions, makeMissLimit } from "./miss-limit"
import { CustomerTicketHandlersLive, OrderHandlersLive } from "./order-handlers"
import {
  mountPaymentNotifications,
  type NotificationHandler,
  PAYMENT_NOTIFICATION_PATH,
  paymentNotificationPathOf,
} from "./payment-notifications"
import { PickedNumberHandlersLive } from "./picked-number-handlers"
import { PostalEntryHandlersLive } from "./postal-entry-handlers"
import { asProblemResponse, isProblem, problemResponse } from "./problem-response"
import { PromotionHandlersLive } from "./promotion-handlers"
import { DEFAULT_PUBLIC_CACHE, makePublicCache, type PublicCacheOptions } from "./public-cache"
import { ReferralHandlersLive } from "./referral-handlers"
import { ReportHandlersLive } from "./report-handlers"
import { CLIENT_ADDRESS_HEADER, HttpSettings, type HttpSettingsShape } from "./request-context"
import { keepRequestId, REQUEST_ID_HEADER, requestIdIn, withRequestIds } from "./request-id"
import {
  MAX_JSON_DEPTH,
  nestsDeeperThan,
  nonJsonBodyProblem,
  requestBodyLimit,
  tooDeepProblem,
} from "./request-limits"
import {
  type CardProviderOrigins,
  securityHeaders,
  securityHeaderValues,
  type TrackingOrigins,
} from "./security-headers"
import { SiteContentHandlersLive } from "./site-content-handlers"
import { SiteCreditHandlersLive } from "./site-credit-handlers"
import { SpendLimitHandlersLive } from "./spend-limit-handlers"
import { StaffCustomerHandlersLive } from "./staff-customer-handlers"
import { StaffOrderHandlersLive } from "./staff-order-handlers"
import { AuditLogHandlersLive, StaffUserHandlersLive } from "./staff-user-handlers"
import { StandingHandlersLive } from "./standing-handlers"
import { isUpload, nonMultipartProblem, requestBodyLimits, uploadBodyLimitBytes } from "./uploads"
import { xsrfProtection } from "./xsrf"

export type AccountServices =
  | Sessions
  | SecondFactor
  | Registration
  | AccountRecovery
  | AccountChanges
  | CustomerAccounts
  | Throttle
  | StaffCustomers
  | Referrals
  | AccountStanding

/**
 * CheckoutPolicy is read when a checkout runs, so it travels with the
 * services. Free postal entries take tickets from the same pool as orders.
 */
export type OrderServices =
  | Baskets
  | Checkout
  | CheckoutPolicy
  | Payments
  | CustomerOrders
  | PostalEntries
  | StaffOrders
  | SiteCreditPurchases
  | SpendLimits
  | PickedNumbers

/**
 * Calls made without the XSRF cookie: a fresh browser's first basket
 * (creating an empty basket is harmless even if another site makes the
 * browser do it: a session is a bearer token, which another site cannot
 * send, so such a call is always a visitor's and never merges a customer's
 * baskets, docs/decisions/0084) and card providers' signed notifications
 * (the signature is the proof).
 */
const XSRF_EXEMPT_PATHS = ["/api/Baskets", PAYMENT_NOTIFICATION_PATH]

/**
 * The storefront's reports are small; anything bigger is refused before it
 * is read. The contract allows 6,500 characters of text (url 2,000, title
 * 500, detail 4,000), which non-Latin text (3 bytes a character in UTF-8)
 * makes about 19.5 KB: the largest report the contract accepts must fit.
 */
const LOGGING_BODY_LIMIT_BYTES = 24 * 1024

export interface HttpAppOptions {
  /** Core's use cases, already wired to their adapters by the composition root. */
  readonly catalogue: Layer.Layer<Catalogue>
  readonly draws: Layer.Layer<Draws>
  readonly competitionWinners: Layer.Layer<CompetitionWinners>
  /** The back office's dashboard and reports. */
  readonly backOffice: Layer.Layer<
    BackOfficeDashboard | SettlementReports | SiteContent | StaffPromotions | StaffClubs
  >
  /** Staff's instant-win groups, and who may read which tickets. */
  readonly instantWins: Layer.Layer<InstantWinGroups | CompetitionTickets>
  readonly accounts: Layer.Layer<AccountServices>
  /** Staff's competitions, categories and attribute types. */
  readonly catalogueAdmin: Layer.Layer<CompetitionAdmin | CatalogueAdmin>
  readonly orders: Layer.Layer<OrderServices>
  /** Staff's images and image groups, and what an upload may be. */
  readonly images: Layer.Layer<Images | ImageUploadPolicy>
  /** Uploaded files, served at /files/*; the largest image sets the upload's body limit. */
  readonly files: {
    readonly store: FileStoreShape
    /** AVIF/WebP variants of uploaded photographs, served beside them (decision 0049). */
    readonly variants: ImageVariantFilesShape
    readonly maxImageBytes: number
  }
  /** Admins' staff users and the audit log's reading. */
  readonly staffAdministration: Layer.Layer<StaffUsers | AuditTrail | SecondFactorReset>
  readonly settings: HttpSettingsShape
  /** The payment page's card form: the sandbox's, or a real provider's script and key. */
  readonly cardForm: CardFormJson
  /** Pay by bank's hosted page when the shop offers it, for the payment page. */
  readonly payByBank?: PayByBankJson | null | undefined
  /** The caller's address for rate limits; the composition root knows the socket and the proxy. */
  readonly clientAddress?: ((c: Context) => string | undefined) | undefined
  readonly xsrfExemptPaths?: readonly string[]
  /** Card providers' signed status notifications; the raw route is mounted when given. */
  readonly paymentNotifications?: NotificationHandler | undefined
  /** The providers on offer: each gets its own notification address beside the default. */
  readonly paymentProviders?: readonly string[]
  /** The real card provider's browser origins, for the Content-Security-Policy; none for the sandbox. */
  readonly cardProvider?: CardProviderOrigins | undefined
  /** The brand's live-draw stream origin, which /Live frames; none without a stream. */
  readonly liveStreamOrigin?: string | null | undefined
  /** The club-perks letter and poster of each listed club. */
  readonly clubPerks: Layer.Layer<ClubPerks>
  /** The contact form and staff's Messages (decision 0037). */
  readonly contact: Layer.Layer<Contact | StaffContactMessages>
  /** Complaints and harm signals (decision 0044). */
  readonly responsiblePlay: Layer.Layer<Complaints | StaffComplaints | HarmSignals>
  /** The brand's configured tracking providers' origins (decision 0040); none by default. */
  readonly tracking?: TrackingOrigins | undefined
  /** The public catalogue answers' cache (decision 0047); the defaults when not given. */
  readonly publicCache?: PublicCacheOptions | undefined
  /**
   * Whether this server should be sent requests, for a load balancer's
   * /health/ready (docs/decisions/0087): why not, or undefined when ready.
   * Always ready when not given.
   */
  readonly readiness?: (() => Promise<string | undefined>) | undefined
  /** /metrics for Prometheus behind a bearer token (decision 0085); off (404) when not given. */
  readonly metrics?: MetricsOptions | undefined
  /**
   * The API runtime's tracer (OTLP export) and logger (JSON lines), from the
   * composition root (decision 0088); Effect's own when not given.
   */
  readonly observability?: Layer.Layer<never> | undefined
  /**
   * Whether the catalogue's two busiest reads may be answered outside
   * HttpApi (direct-catalogue-reads.ts); on unless false. Off only to hold
   * the two ways to the same answers in tests.
   */
  readonly directCatalogueReads?: boolean | undefined
  /** Uncached catalogue reads per client address (miss-limit.ts); the defaults when not given, none for null. */
  readonly missLimit?: MissLimitOptions | null | undefined
}

/**
 * The HTTP edge: Hono routes /api to the HttpApi web handler (decoding,
 * encoding and the OpenAPI shape come from the contracts) and owns what
 * HttpApi does not: security headers, body limits, health, XSRF, the
 * client's address, problem+json for every error, and whatever the
 * composition root mounts after (static apps).
 */
export const makeHttpApp = (options: HttpAppOptions) => {
  const apiLayer = HttpApiBuilder.api(HowzatApi).pipe(
    Layer.provide(
      Layer.mergeAll(
        CatalogueHandlersLive,
        DrawHandlersLive,
        CompetitionWinnersHandlersLive,
        InstantWinGroupHandlersLive,
        AuthHandlersLive,
        CustomerHandlersLive,
        BasketHandlersLive,
        OrderHandlersLive,
        CustomerTicketHandlersLive,
        PostalEntryHandlersLive,
        LoggingHandlersLive,
        ImageHandlersLive,
        ImageGroupHandlersLive,
        StaffCustomerHandlersLive,
        StaffOrderHandlersLive,
        CardFormHandlersLive(options.cardForm, options.payByBank ?? null),
        DashboardHandlersLive,
        ReportHandlersLive,
        SiteContentHandlersLive,
        PromotionHandlersLive,
        CatalogueAdminHandlersLive,
        StaffUserHandlersLive,
        AuditLogHandlersLive,
        ClubHandlersLive,
        ClubPerksHandlersLive,
        ContactHandlersLive,
        ContactMessageHandlersLive,
        ReferralHandlersLive,
        StandingHandlersLive,
        SiteCreditHandlersLive,
        ComplaintHandlersLive,
        StaffComplaintHandlersLive,
        HarmSignalHandlersLive,
        ResponsiblePlayHandlersLive,
        SpendLimitHandlersLive,
        PickedNumberHandlersLive,
      ),
    ),
    Layer.provide(Layer.mergeAll(AuthenticationLive, OptionalAuthenticationLive)),
    Layer.provide(Layer.succeed(HttpSettings, options.settings)),
    Layer.provide(options.catalogue),
    Layer.provide(options.draws),
    Layer.provide(options.competitionWinners),
    Layer.provide(options.backOffice),
    Layer.provide(options.instantWins),
    Layer.provide(options.orders),
    Layer.provide(options.accounts),
    Layer.provide(options.catalogueAdmin),
    Layer.provide(options.images),
    Layer.provide(options.staffAdministration),
    Layer.provide(options.clubPerks),
    Layer.provide(options.contact),
    Layer.provide(options.responsiblePlay),
  )
  const directReads =
    options.directCatalogueReads === false ? undefined : makeDirectCatalogueReads()
  // HttpApiBuilder.toWebHandler, with the runtime it builds handed to the direct reads too.
  // The catalogue and accounts layers are the very objects apiLayer was provided with, so the
  // build makes each once and both ways answer from the same services.
  const { handler, dispose } = HttpApp.toWebHandlerLayerWith(
    Layer.mergeAll(
      apiLayer,
      options.catalogue,
      options.accounts,
      HttpServer.layerContext,
      platformTracerOff,
      options.observability ?? Layer.empty,
      HttpApiBuilder.Router.Live,
      HttpApiBuilder.Middleware.layer,
    ),
    {
      middleware: observeApi(),
      toHandler: (runtime) => {
        directReads?.useRuntime(runtime)
        return Effect.provide(HttpApiBuilder.httpApp, runtime)
      },
    },
  )

  // Built once: the document only changes with the contracts.
  const openApi = OpenApi.fromApi(HowzatApi)

  const app = new Hono()
  const security = {
    // linkOrigin is PUBLIC_URL when set, else http://localhost: HSTS only for an https shop.
    https: options.settings.linkOrigin.startsWith("https:"),
    cardProvider: options.cardProvider,
    liveStreamOrigin: options.liveStreamOrigin,
    tracking: options.tracking,
  }
  const publicCache = makePublicCache({
    ...(options.publicCache ?? DEFAULT_PUBLIC_CACHE),
    missLimit:
      options.clientAddress && options.missLimit !== null
        ? {
            limit: makeMissLimit(options.missLimit ?? DEFAULT_MISS_LIMIT),
            addressOf: options.clientAddress,
          }
        : undefined,
    // The cache keeps only the API's JSON answers.
    alwaysHeaders: securityHeaderValues(security, "data"),
  })
  // Before any middleware replaces the request (request-id.ts).
  app.use("*", keepRequestId)
  // First of the rest, so every response gets them: refusals below, the API, the apps mounted after.
  app.use("*", securityHeaders(security))
  // Outermost of what changes a body: ETag and cache middleware inside see identity bytes (0048).
  app.use("*", compression())
  // Before anything reads a body, on every route: the API, the card provider's routes, the apps.
  app.use(
    "*",
    requestBodyLimits(uploadBodyLimitBytes(options.files.maxImageBytes, MAX_FILES_PER_UPLOAD)),
  )
  app.use(
    "*",
    xsrfProtection({
      secure: options.settings.cookieSecure,
      exemptPaths: [
        ...XSRF_EXEMPT_PATHS,
        ...(options.paymentProviders ?? []).map(paymentNotificationPathOf),
        ...(options.xsrfExemptPaths ?? []),
      ],
    }),
  )
  app.use("/api/Logging", requestBodyLimit(LOGGING_BODY_LIMIT_BYTES, "A report"))
  app.use("/api/*", publicCache.middleware)
  // Cache misses of the catalogue's busiest reads, answered without HttpApi when they succeed.
  directReads?.mount(app)
  // Before the HttpApi handler: the signature is over the raw body, which nothing may read first.
  if (options.paymentNotifications)
    mountPaymentNotifications(app, options.paymentNotifications, options.paymentProviders)
  // Liveness: the process answers. Readiness: it should be sent requests (not draining, its
  // database answering); a load balancer checks this one (docs/decisions/0087).
  app.get("/health/ping", (c) => c.json({ status: "ok" }))
  app.get("/health/ready", async (c) => {
    const notReady = options.readiness ? await options.readiness() : undefined
    c.header("cache-control", "no-store")
    return notReady === undefined
      ? c.json({ status: "ready" })
      : c.json({ status: "not ready", detail: notReady }, 503)
  })
  const metrics = options.metrics ? makeMetrics(options.metrics) : undefined
  if (metrics) metrics.mount(app)
  else mountMetricsOff(app)
  app.get("/api/openapi.json", (c) => c.json(openApi))
  mountFiles(app, options.files.store, options.files.variants)
  app.all("/api/*", async (c) => {
    const upload = isUpload(c.req.method, c.req.path)
    const wrongType = upload
      ? nonMultipartProblem(c.req.header("content-type"))
      : nonJsonBodyProblem(c.req.method, c.req.header("content-type"))
    if (wrongType) return wrongType
    try {
      // JSON is at most 64 KiB by now (the limit above), so reading it whole is cheap; an
      // upload's files stream on to the handler, which stops reading a file past its limit.
      const body =
        c.req.raw.body === null ? undefined : upload ? c.req.raw.body : await c.req.raw.text()
      if (typeof body === "string" && nestsDeeperThan(body, MAX_JSON_DEPTH)) return tooDeepProblem()
      // Always overwritten: a caller must not be able to name its own address.
      const headers = new Headers(c.req.raw.headers)
      headers.set(CLIENT_ADDRESS_HEADER, options.clientAddress?.(c) ?? "")
      // The id this request was given at the edge (request-id.ts), for the logs and the span.
      headers.set(REQUEST_ID_HEADER, requestIdIn(c) ?? "")
      const request = new Request(c.req.raw.url, {
        method: c.req.raw.method,
        headers,
        body,
        signal: c.req.raw.signal,
        // Node's fetch Request needs this to take a stream as its body.
        duplex: "half",
      } as RequestInit)
      const answered = await handler(request)
      // Expected failures are problems already; anything else at 500 was a defect: say where.
      if (answered.status >= 500 && !isProblem(answered))
        console.error(`API defect: ${c.req.method} ${c.req.path} answered ${answered.status}`, {
          requestId: requestIdIn(c),
        })
      const response = await asProblemResponse(answered)
      response.headers.set("cache-control", "no-store")
      return response
    } catch (cause) {
      console.error("unhandled API failure", cause, { requestId: requestIdIn(c) })
      return problemResponse({
        type: "about:blank",
        title: "Internal Server Error",
        detail: "Something went wrong on our side. Please try again soon.",
        status: 500,
      })
    }
  })
  // In front of Hono itself: a fresh hit needs no routing, no context and no promise, and
  // @hono/node-server writes its plain body and headers straight to the socket (0051).
  const route = app.fetch
  const answer: typeof app.fetch = (request, env, executionContext) =>
    publicCache.answerAtOnce(request, env) ?? route(request, env, executionContext)
  // Outermost, so the cache's fresh hits are counted and timed like every other answer,
  // and every answer carries its request id (X-Request-Id).
  app.fetch = withRequestIds(metrics ? metrics.measure(answer) : answer)
  return { app, dispose, publicCache, directReads }
}
