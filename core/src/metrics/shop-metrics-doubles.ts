import type { ShopEvent, ShopMetricsShape } from "../ports/shop-metrics.js"

/** A ShopMetrics that keeps what it was told, for tests that ask what a use case counted. */
export const recordingShopMetrics = (): ShopMetricsShape & {
  readonly events: ShopEvent[]
} => {
  const events: ShopEvent[] = []
  return { events, count: (event) => void events.push(event) }
}
