import { createHash, timingSafeEqual } from "node:crypto"
import type { Hono } from "hono"
import { collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client"
import { problemResponse } from "./problem-response"
import { makeRequestSeries } from "./request-series"
import { makeRouteTemplates } from "./route-templates"

/** What waits in the mail outbox, read when the metrics are scraped. */
export interface OutboxBacklog {
  /** Messages neither sent nor given up on. */
  readonly pending: number
  /** When the oldest of them was written; null when none waits. */
  readonly oldestCreatedAt: Date | null
}

/** Live competitions' sales: all live ones counted, the soonest closing named (a cap). */
export interface LiveSalesFigures {
  readonly live: number
  readonly named: readonly {
    readonly competitionId: string
    readonly sold: number
    readonly total: number
  }[]
}

/** Draws due and not made, by kind. */
export interface DueDrawFigures {
  readonly drawType: "Automatic" | "Live"
  readonly count: number
  readonly oldestDueAt: Date
}

/** The database pool's connections (a Postgres server; PGlite has none to report). */
export interface PoolFigures {
  readonly total: number
  readonly idle: number
  readonly waiting: number
  readonly max: number
}

export interface MetricsOptions {
  /** The bearer token a scraper sends (METRICS_TOKEN); the composition root has checked its length. */
  readonly token: string
  /** The outbox's backlog; a failed read leaves the gauges out of that scrape. */
  readonly outboxBacklog?: (() => Promise<OutboxBacklog>) | undefined
  /** The clock the oldest message's age is measured on. */
  readonly now?: (() => number) | undefined
  /** Live competitions' tickets sold, read per scrape (decision 0088). */
  readonly liveSales?: ((now: Date) => Promise<LiveSalesFigures>) | undefined
  /** Draws whose time has come and that nobody has made, read per scrape. */
  readonly dueDraws?: ((now: Date) => Promise<readonly DueDrawFigures[]>) | undefined
  /** The database pool, read per scrape; absent on PGlite. */
  readonly pool?: (() => PoolFigures) | undefined
  /** Core's business counters (shop-counters.ts), registered with the rest. */
  readonly shopCounters?: readonly Metric[] | undefined
}

/**
 * A read shared by the gauges of one scrape: the first to collect starts
 * it, the rest reuse it. A failed read is logged and leaves those gauges
 * out of that scrape rather than failing it.
 */
const oncePerScrape = <A>(what: string, read: () => Promise<A>) => {
  let reading: Promise<A | undefined> | undefined
  return () => {
    reading ??= read()
      .catch((cause) => {
        console.error(`metrics: ${what} could not be read`, cause)
        return undefined
      })
      .finally(() => {
        reading = undefined
      })
    return reading
  }
}

export const METRICS_PATH = "/metrics"

/** Where a request went, for the labels: the API's declared paths, the edge's own routes, the apps. */
const routeOf = (templateOf: (path: string) => string, path: string): string => {
  if (path.startsWith("/api/")) return templateOf(path)
  if (path === METRICS_PATH || path === "/health/ping" || path === "/health/ready") return path
  if (path.startsWith("/files/")) return "/files/*"
  if (path === "/admin" || path.startsWith("/admin/")) return "/admin/*"
  if (path.startsWith("/dev/")) return "/dev/*"
  // The storefront's pages and assets: one value, however many paths a visitor invents.
  return "/*"
}

/** The path of a request's URL without parsing it: the hot path needs no URL object. */
const pathOf = (url: string): string => {
  const start = url.indexOf("/", url.indexOf("://") + 3)
  if (start < 0) return "/"
  const query = url.indexOf("?", start)
  return query < 0 ? url.slice(start) : url.slice(start, query)
}

/** Hashed first so the comparison is over equal lengths and in constant time. */
const digest = (text: string) => createHash("sha256").update(text).digest()

const unauthorised = () =>
  problemResponse(
    {
      type: "about:blank",
      title: "Unauthorized",
      detail: "The metrics need the bearer token the shop was configured with.",
      status: 401,
    },
    { "www-authenticate": 'Bearer realm="metrics"', "cache-control": "no-store" },
  )

const notFound = () =>
  problemResponse({
    type: "about:blank",
    title: "Not Found",
    detail: "Metrics are off: set METRICS_TOKEN to turn them on.",
    status: 404,
  })

/**
 * The operator's view (docs/decisions/0085): requests by declared route and
 * status with their latency, Node's own figures, and the outbox's backlog,
 * in Prometheus' text format at /metrics behind a bearer token. Each app
 * has its own registry, so two shops in one process (tests) never share
 * counts.
 */
export const makeMetrics = (options: MetricsOptions) => {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = makeRequestSeries()
  registry.registerMetric(requests.counter)
  registry.registerMetric(requests.histogram)
  for (const metric of options.shopCounters ?? []) registry.registerMetric(metric)
  const now = options.now ?? Date.now
  if (options.outboxBacklog) {
    // One read per scrape serves both gauges.
    const backlog = oncePerScrape("the outbox's backlog", options.outboxBacklog)
    new Gauge({
      name: "howzat_outbox_pending_messages",
      help: "Mail messages waiting in the outbox, neither sent nor given up on.",
      registers: [registry],
      async collect() {
        const read = await backlog()
        if (read) this.set(read.pending)
      },
    })
    new Gauge({
      name: "howzat_outbox_oldest_pending_age_seconds",
      help: "How long the oldest waiting mail message has waited; 0 when none waits.",
      registers: [registry],
      async collect() {
        const read = await backlog()
        if (!read) return
        const oldest = read.oldestCreatedAt?.getTime()
        this.set(oldest === undefined ? 0 : Math.max(0, (now() - oldest) / 1000))
      },
    })
  }

  if (options.liveSales) addLiveSalesGauges(registry, options.liveSales, now)
  if (options.dueDraws) addDueDrawGauges(registry, options.dueDraws, now)
  if (options.pool) addPoolGauges(registry, options.pool)

  const templateOf = makeRouteTemplates()
  const expected = digest(options.token)

  /**
   * Counts one answered request. On the hot path (every cached catalogue
   * read goes through it): a string walk for the path, a map walk for the
   * route, two map lookups and a few additions; no URL or header parsing,
   * nothing allocated once a series exists.
   */
  const record = (request: Request, response: Response, startedAt: number) => {
    requests.add(
      request.method,
      routeOf(templateOf, pathOf(request.url)),
      response.status,
      (performance.now() - startedAt) / 1000,
    )
  }

  /** Wraps a fetch handler so every answer is counted, the response cache's fast path too. */
  const measure =
    <Args extends unknown[]>(
      fetch: (request: Request, ...rest: Args) => Response | Promise<Response>,
    ) =>
    (request: Request, ...rest: Args): Response | Promise<Response> => {
      const startedAt = performance.now()
      const answer = fetch(request, ...rest)
      if (answer instanceof Response) {
        record(request, answer, startedAt)
        return answer
      }
      return answer.then(
        (response) => {
          record(request, response, startedAt)
          return response
        },
        (cause) => {
          record(request, new Response(null, { status: 500 }), startedAt)
          throw cause
        },
      )
    }

  const mount = (app: Hono) => {
    app.get(METRICS_PATH, async (c) => {
      const header = c.req.header("authorization") ?? ""
      const presented = /^Bearer (.+)$/i.exec(header)?.[1]?.trim() ?? ""
      if (!timingSafeEqual(digest(presented), expected)) return unauthorised()
      const body = await registry.metrics()
      return c.body(body, 200, {
        "content-type": registry.contentType,
        // Figures of this moment, for the scraper alone: no cache may keep them.
        "cache-control": "no-store",
      })
    })
  }

  return { registry, measure, mount }
}

/** Without METRICS_TOKEN the path is not there, rather than a storefront page. */
export const mountMetricsOff = (app: Hono) => {
  app.get(METRICS_PATH, () => notFound())
}

/**
 * Tickets sold per live competition (decision 0088): a competition id is a
 * label here only while it is live and among the LIVE_SALES_LIMIT soonest
 * closing, so the series are bounded by that cap, not by the catalogue;
 * each scrape starts the gauges afresh, so a closed competition drops out.
 */
const addLiveSalesGauges = (
  registry: Registry,
  read: (now: Date) => Promise<LiveSalesFigures>,
  now: () => number,
) => {
  const sales = oncePerScrape("the live competitions' sales", () => read(new Date(now())))
  new Gauge({
    name: "howzat_live_competitions",
    help: "Competitions on sale now (visible, opened, not yet closed).",
    registers: [registry],
    async collect() {
      const read = await sales()
      if (read) this.set(read.live)
    },
  })
  new Gauge({
    name: "howzat_live_competition_tickets_sold",
    help: "Tickets sold of each live competition (the soonest closing, up to a cap).",
    labelNames: ["competition_id"] as const,
    registers: [registry],
    async collect() {
      const read = await sales()
      this.reset()
      for (const c of read?.named ?? []) this.labels(c.competitionId).set(c.sold)
    },
  })
  new Gauge({
    name: "howzat_live_competition_tickets",
    help: "Tickets on offer in all of each live competition (the soonest closing, up to a cap).",
    labelNames: ["competition_id"] as const,
    registers: [registry],
    async collect() {
      const read = await sales()
      this.reset()
      for (const c of read?.named ?? []) this.labels(c.competitionId).set(c.total)
    },
  })
}

const DRAW_TYPES = ["Automatic", "Live"] as const

/** Draws due and not made, and how long the oldest has waited: the job stalled, or the stream missed. */
const addDueDrawGauges = (
  registry: Registry,
  read: (now: Date) => Promise<readonly DueDrawFigures[]>,
  now: () => number,
) => {
  const due = oncePerScrape("the draws due", () => read(new Date(now())))
  new Gauge({
    name: "howzat_draws_due",
    help: "Competitions whose draw time has come and that have no draw yet, by draw type.",
    labelNames: ["draw_type"] as const,
    registers: [registry],
    async collect() {
      const read = await due()
      if (!read) return
      for (const type of DRAW_TYPES)
        this.labels(type).set(read.find((d) => d.drawType === type)?.count ?? 0)
    },
  })
  new Gauge({
    name: "howzat_draws_oldest_due_age_seconds",
    help: "How long the longest-waiting due draw has waited, by draw type; 0 when none waits.",
    labelNames: ["draw_type"] as const,
    registers: [registry],
    async collect() {
      const read = await due()
      if (!read) return
      const at = now()
      for (const type of DRAW_TYPES) {
        const oldest = read.find((d) => d.drawType === type)?.oldestDueAt.getTime()
        this.labels(type).set(oldest === undefined ? 0 : Math.max(0, (at - oldest) / 1000))
      }
    },
  })
}

/** The Postgres pool: connections busy and idle, and queries waiting for one. */
const addPoolGauges = (registry: Registry, read: () => PoolFigures) => {
  const gauge = (name: string, help: string, value: (pool: PoolFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value(read()))
      },
    })
  gauge(
    "howzat_db_pool_connections_in_use",
    "Database connections running a query or transaction now.",
    (p) => p.total - p.idle,
  )
  gauge("howzat_db_pool_connections_idle", "Database connections open and idle.", (p) => p.idle)
  gauge(
    "howzat_db_pool_waiting_queries",
    "Queries waiting for a free database connection: the pool is too small or the database slow.",
    (p) => p.waiting,
  )
  gauge("howzat_db_pool_max_connections", "The most connections the pool opens.", (p) => p.max)
}
