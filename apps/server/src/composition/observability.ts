import { ShopMetrics } from "@howzat/core/ports"
import { jsonLoggerLayer, makeShopCounters, stdoutLines } from "@howzat/http"
import { Layer } from "effect"
import type { ServerConfig } from "../config"

/**
 * What the shop tells its operator: traces (loaded only when asked for) and
 * JSON logs for every runtime of the shop, and the business counters when
 * /metrics is on (decision 0088). close() sends the last spans.
 */
export const openObservability = async (config: ServerConfig) => {
  const tracing = config.tracing
    ? (await import("../tracing")).openTracing(config.tracing)
    : undefined
  const observability = Layer.mergeAll(
    tracing?.layer ?? Layer.empty,
    config.logFormat === "json" ? jsonLoggerLayer(config.logLines ?? stdoutLines) : Layer.empty,
  )
  // Core's no-op counters when /metrics is off.
  const counters = config.metricsToken ? makeShopCounters() : undefined
  const shopMetrics = counters ? Layer.succeed(ShopMetrics, counters.shopMetrics) : Layer.empty
  return { tracing, observability, counters, shopMetrics }
}

export type ShopObservability = Awaited<ReturnType<typeof openObservability>>
