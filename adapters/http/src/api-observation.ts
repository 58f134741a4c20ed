import {
  type Headers,
  type HttpApp,
  HttpMiddleware,
  HttpServerRequest,
  type HttpServerResponse,
  HttpTraceContext,
} from "@effect/platform"
import { Effect, Layer, Option } from "effect"
import { REQUEST_ID_HEADER } from "./request-id"
import { makeRouteTemplates } from "./route-templates"

/** The path of a URL or of a path with a query, without parsing it. */
const pathOf = (url: string): string => {
  const scheme = url.indexOf("://")
  const start = scheme < 0 ? 0 : url.indexOf("/", scheme + 3)
  if (start < 0) return "/"
  const query = url.indexOf("?", start)
  return query < 0 ? url.slice(start) : url.slice(start, query)
}

/**
 * The platform's own server span records every request header (the
 * client's address among them, which the edge hands on in a header), the
 * full URL with its query and the user agent: personal data, which no
 * trace may hold (docs/decisions/0088). It is switched off here, for the
 * API's runtime, and `observeApi` makes the span instead.
 */
export const platformTracerOff: Layer.Layer<never> = Layer.scopedDiscard(
  Effect.locallyScoped(HttpMiddleware.currentTracerDisabledWhen, () => true),
)

/**
 * The API's middleware: each request is a server span named by its
 * declared route (`POST /api/Orders/:orderId/Pay`), carrying the method,
 * the route, the status and the request id, nothing a caller typed; a
 * `traceparent` from a proxy makes it that trace's child. Every log line
 * written while it is answered is annotated with the request id, so the
 * JSON logs, the trace and the `X-Request-Id` the caller got agree. Core's
 * use-case spans (`Checkout.checkout`) are its children.
 */
export const observeApi = () => {
  const templateOf = makeRouteTemplates()
  return <E, R>(
    app: HttpApp.Default<E, R>,
  ): HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest> =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      app.pipe(
        Effect.tap((response: HttpServerResponse.HttpServerResponse) =>
          Effect.annotateCurrentSpan("http.response.status_code", response.status),
        ),
        asServerSpan(
          request.method,
          templateOf(pathOf(request.url)),
          request.headers[REQUEST_ID_HEADER] ?? "",
          request.headers,
        ),
      ),
    )
}

/**
 * An answer's work as the request's server span and log annotation, for
 * `observeApi` and for the routes answered outside HttpApi
 * (direct-catalogue-reads.ts), so a trace cannot tell which way a request went.
 * `headers` are the request's, lower-cased, for a proxy's `traceparent`.
 */
export const asServerSpan =
  (method: string, route: string, requestId: string, headers: Headers.Headers) =>
  <A, E, R>(answer: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    answer.pipe(
      Effect.withSpan(`${method} ${route}`, {
        kind: "server",
        captureStackTrace: false,
        parent: Option.getOrUndefined(HttpTraceContext.fromHeaders(headers)),
        attributes: {
          "http.request.method": method,
          "http.route": route,
          "howzat.request_id": requestId,
        },
      }),
      Effect.annotateLogs("requestId", requestId),
    )
