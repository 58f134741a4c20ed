import { Counter, Histogram, type MetricType, type MetricValueWithName } from "prom-client"

/** From a cached catalogue read (well under a millisecond) to a slow checkout, in seconds. */
export const LATENCY_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
] as const

/** The methods the shop answers, each a small number; any other is OTHER (0). */
const METHODS = new Map(
  ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].map((m, i) => [m, i + 1]),
)

/** One method, route and status: how many, how long in all, and how many in each bucket. */
interface Cell {
  readonly method: string
  readonly route: string
  readonly status: number
  count: number
  sum: number
  /** Per bucket, not cumulative (the last is +Inf); summed up on scrape. */
  readonly buckets: Float64Array
}

const statusClassOf = (status: number) =>
  status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other"

const REQUESTS = "http_requests_total"
const DURATIONS = "http_request_duration_seconds"
const DURATIONS_HELP =
  "Time until a response's headers were ready, by method, declared route and status class."
type DurationLabels = "method" | "route" | "status_class"

/**
 * The requests' counter and latency histogram, kept in plain cells rather
 * than through prom-client's own observe(): that builds and hashes a label
 * set on every call, about a microsecond, where a cell lookup is two map
 * reads and nothing allocated. The metrics read the cells on scrape, in
 * prom-client's shapes, so its registry prints them like any other.
 */
export const makeRequestSeries = () => {
  /** By route (the templates' own strings), then status and method as one number. */
  const cells = new Map<string, Map<number, Cell>>()

  const add = (requestMethod: string, route: string, status: number, seconds: number) => {
    const methodIndex = METHODS.get(requestMethod) ?? 0
    let byRoute = cells.get(route)
    if (!byRoute) {
      byRoute = new Map()
      cells.set(route, byRoute)
    }
    const key = status * 8 + methodIndex
    let cell = byRoute.get(key)
    if (!cell) {
      cell = {
        method: methodIndex === 0 ? "OTHER" : requestMethod,
        route,
        status,
        count: 0,
        sum: 0,
        buckets: new Float64Array(LATENCY_BUCKETS.length + 1),
      }
      byRoute.set(key, cell)
    }
    cell.count += 1
    cell.sum += seconds
    let bucket = 0
    while (bucket < LATENCY_BUCKETS.length && seconds > (LATENCY_BUCKETS[bucket] as number))
      bucket++
    cell.buckets[bucket] = (cell.buckets[bucket] ?? 0) + 1
  }

  const everyCell = function* () {
    for (const byRoute of cells.values()) yield* byRoute.values()
  }

  class RequestCounter extends Counter<"method" | "route" | "status"> {
    override async get() {
      const base = await super.get()
      return {
        ...base,
        values: [...everyCell()].map((cell) => ({
          labels: { method: cell.method, route: cell.route, status: cell.status },
          value: cell.count,
        })),
      }
    }
  }

  class RequestDurations extends Histogram<DurationLabels> {
    override async get(): ReturnType<Histogram<DurationLabels>["get"]> {
      // The histogram is by status class: a route's 200s and 204s are one series.
      const series = new Map<
        string,
        { labels: Record<string, string>; sum: number; buckets: number[] }
      >()
      for (const cell of everyCell()) {
        const statusClass = statusClassOf(cell.status)
        const key = `${cell.method} ${cell.route} ${statusClass}`
        let one = series.get(key)
        if (!one) {
          one = {
            labels: { method: cell.method, route: cell.route, status_class: statusClass },
            sum: 0,
            buckets: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
          }
          series.set(key, one)
        }
        one.sum += cell.sum
        for (let i = 0; i < cell.buckets.length; i++)
          one.buckets[i] = (one.buckets[i] as number) + (cell.buckets[i] as number)
      }
      const values: MetricValueWithName<"method" | "route" | "status_class" | "le">[] = []
      for (const { labels, sum, buckets } of series.values()) {
        let cumulative = 0
        buckets.forEach((count, i) => {
          cumulative += count
          const le = i < LATENCY_BUCKETS.length ? (LATENCY_BUCKETS[i] as number) : "+Inf"
          values.push({
            metricName: `${DURATIONS}_bucket`,
            labels: { le, ...labels },
            value: cumulative,
          })
        })
        values.push({ metricName: `${DURATIONS}_sum`, labels, value: sum })
        values.push({ metricName: `${DURATIONS}_count`, labels, value: cumulative })
      }
      // Not super.get(): it reads prom-client's own (empty) series, through the method below.
      return {
        name: DURATIONS,
        help: DURATIONS_HELP,
        // prom-client's types declare a numeric enum; its registry prints this string.
        type: "histogram" as unknown as MetricType,
        aggregator: "sum",
        collect: () => {},
        values,
      }
    }

    /** What the registry prints from when a histogram has it: prom-client's own series. */
    getForPromString() {
      return this.get()
    }
  }

  return {
    add,
    counter: new RequestCounter({
      name: REQUESTS,
      help: "HTTP requests answered, by method, declared route and status code.",
      labelNames: ["method", "route", "status"],
      registers: [],
    }),
    histogram: new RequestDurations({
      name: DURATIONS,
      help: DURATIONS_HELP,
      labelNames: ["method", "route", "status_class"],
      buckets: [...LATENCY_BUCKETS],
      registers: [],
    }),
  }
}
