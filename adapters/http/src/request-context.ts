import { HttpServerRequest } from "@effect/platform"
import { Context, Effect } from "effect"

/**
 * What Hono knows about a request that HttpApi doesn't: the client's address
 * (from the socket, or the proxy's header when trusted) and the origin the
 * request came to. Hono writes them into these headers on every /api
 * request, always overwriting, so a caller cannot choose its own address.
 */
export const CLIENT_ADDRESS_HEADER = "x-howzat-client-address"
export const REQUEST_ORIGIN_HEADER = "x-howzat-request-origin"

export interface HttpSettingsShape {
  /** Cookies only over HTTPS: true in production, false for http://localhost. */
  readonly cookieSecure: boolean
  /** The shop's public origin (PUBLIC_URL); links in emails point only there. */
  readonly publicOrigin: string | undefined
}

export class HttpSettings extends Context.Tag("@howzat/http/HttpSettings")<
  HttpSettings,
  HttpSettingsShape
>() {}

export const clientAddress = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => request.headers[CLIENT_ADDRESS_HEADER] || undefined,
)

/**
 * Where links in emails may point: PUBLIC_URL when configured, else the
 * origin the request came to (fine on localhost; in production set
 * PUBLIC_URL, as a Host header is the caller's to choose).
 */
export const shopOrigin = Effect.gen(function* () {
  const settings = yield* HttpSettings
  const request = yield* HttpServerRequest.HttpServerRequest
  return settings.publicOrigin ?? request.headers[REQUEST_ORIGIN_HEADER] ?? "http://localhost"
})
