import { createHash, timingSafeEqual } from "node:crypto"
import type { Hono } from "hono"
import { collectDefaultMetrics, Gauge, Registry } from "prom-client"
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

export interface MetricsOptions {
  /** The bearer token a scraper sends (METRICS_TOKEN); the composition root has checked its length. */
  readonly token: string
  /** The outbox's backlog; a failed read leaves the gauges out of that scrape. */
  readonly outboxBacklog?: (() => Promise<OutboxBacklog>) | undefined
  /** The clock the oldest message's age is measured on. */
  readonly now?: (() => number) | undefined
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
  if (options.outboxBacklog) {
    const read = options.outboxBacklog
    const now = options.now ?? Date.now
    // One read per scrape serves both gauges: the first to collect starts it, the second reuses it.
    let reading: Promise<OutboxBacklog | undefined> | undefined
    const backlog = () => {
      reading ??= read()
        .catch((cause) => {
          console.error("metrics: the outbox's backlog could not be read", cause)
          return undefined
        })
        .finally(() => {
          reading = undefined
        })
      return reading
    }
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
