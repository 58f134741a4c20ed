import { Registry } from "prom-client"
import { describe, expect, it } from "vitest"
import { makeRequestSeries } from "./request-series"

const printed = async (add: (series: ReturnType<typeof makeRequestSeries>) => void) => {
  const series = makeRequestSeries()
  const registry = new Registry()
  registry.registerMetric(series.counter)
  registry.registerMetric(series.histogram)
  add(series)
  return registry.metrics()
}

describe("the requests' series", () => {
  it("count by method, route and status code", async () => {
    const text = await printed((s) => {
      s.add("GET", "/api/Competitions", 200, 0.0004)
      s.add("GET", "/api/Competitions", 200, 0.002)
      s.add("GET", "/api/Competitions", 304, 0.0001)
      s.add("BREW", "/*", 405, 0.0001)
    })
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/Competitions",status="200"} 2',
    )
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/Competitions",status="304"} 1',
    )
    expect(text).toContain('http_requests_total{method="OTHER",route="/*",status="405"} 1')
    expect(text).toContain("# TYPE http_requests_total counter")
  })

  it("time by status class in cumulative buckets, with sum and count", async () => {
    const text = await printed((s) => {
      s.add("GET", "/api/Competitions", 200, 0.0004)
      s.add("GET", "/api/Competitions", 204, 0.002)
      s.add("GET", "/api/Competitions", 200, 0.001)
      s.add("GET", "/api/Competitions", 200, 30)
    })
    const series = 'method="GET",route="/api/Competitions",status_class="2xx"'
    expect(text).toContain("# TYPE http_request_duration_seconds histogram")
    // 0.001 is within the 1 ms bucket (le is "less than or equal").
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.001",${series}} 2`)
    expect(text).toContain(`http_request_duration_seconds_bucket{le="0.0025",${series}} 3`)
    expect(text).toContain(`http_request_duration_seconds_bucket{le="10",${series}} 3`)
    expect(text).toContain(`http_request_duration_seconds_bucket{le="+Inf",${series}} 4`)
    expect(text).toContain(`http_request_duration_seconds_count{${series}} 4`)
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_sum\\{${series}\\} 30\\.003`))
  })
})
