import { HttpServerRequest } from "@effect/platform"
import { Context, Effect } from "effect"

/**
 * What Hono knows about a request that HttpApi doesn't: the client's address
 * (from the socket, or the proxy's header when trusted). Hono writes it into
 * this header on every /api request, always overwriting, so a caller cannot
 * choose its own address.
 */
export const CLIENT_ADDRESS_HEADER = "x-howzat-client-address"

export interface HttpSettingsShape {
  /** Cookies only over HTTPS: true in production, false for http://localhost. */
  readonly cookieSecure: boolean
  /**
   * The origin every link in mail points at: PUBLIC_URL, or the server's own
   * configured address. Never taken from a request: a Host header is the
   * caller's to choose ("password reset poisoning").
   */
  readonly linkOrigin: string
}

export class HttpSettings extends Context.Tag("@howzat/http/HttpSettings")<
  HttpSettings,
  HttpSettingsShape
>() {}

export const clientAddress = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => request.headers[CLIENT_ADDRESS_HEADER] || undefined,
)

/** Where links in emails may point, and what a requested return URL must be on. */
export const shopOrigin = Effect.map(HttpSettings, (settings) => settings.linkOrigin)
