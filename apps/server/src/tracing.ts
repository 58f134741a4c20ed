import * as Resource from "@effect/opentelemetry/Resource"
import * as Tracer from "@effect/opentelemetry/Tracer"
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http"
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base"
import { Effect, Layer } from "effect"
import type { TracingConfig, TracingToProcessor } from "./config"

/** Where spans go: the configured collector, or a test's own processor (an in-memory exporter). */
export type SpanDestination = TracingConfig | TracingToProcessor

/**
 * Traces through `@effect/opentelemetry` (docs/decisions/0088): Effect's
 * spans (the API's server span per request, core's use-case spans, the
 * jobs') become OpenTelemetry spans, batched and sent over OTLP/HTTP to the
 * collector. One provider for the shop, shared by every runtime that uses
 * the layer (the API's, the background's), so closing it flushes once.
 * Only loaded when OTEL_EXPORTER_OTLP_ENDPOINT is set: with it unset no
 * exporter exists and Effect's spans stay in the process.
 */
export const openTracing = (destination: SpanDestination) => {
  const processor =
    "processor" in destination
      ? (destination.processor as SpanProcessor)
      : new BatchSpanProcessor(
          new OTLPTraceExporter({ url: `${destination.endpoint.replace(/\/+$/, "")}/v1/traces` }),
        )
  const resource = Resource.layer({ serviceName: destination.serviceName })
  // One provider, made from the resource the first time a runtime asks for it.
  let provider: BasicTracerProvider | undefined
  const tracerProvider = Layer.effect(
    Tracer.OtelTracerProvider,
    Effect.map(Resource.Resource, (attributes) => {
      provider ??= new BasicTracerProvider({ resource: attributes, spanProcessors: [processor] })
      return provider
    }),
  )
  const layer = Tracer.layer.pipe(Layer.provide(tracerProvider), Layer.provide(resource))
  return {
    layer,
    /** Sends what is still batched and stops: the shop's close() calls it last. */
    close: async () => {
      await provider?.forceFlush()
      await provider?.shutdown()
    },
  }
}
