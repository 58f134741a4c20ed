import { HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { HttpSettings } from "./request-context"

/**
 * The refresh token's only home on the client: httpOnly (no script can read
 * it, so an XSS bug can't steal a long-lived session), SameSite=Strict and
 * sent only to /api/auth, where refresh and revoke live.
 */
export const REFRESH_COOKIE = "howzat_refresh"
export const REFRESH_COOKIE_PATH = "/api/auth"

export const refreshTokenFromCookie = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request): string | undefined => request.cookies[REFRESH_COOKIE] || undefined,
)

const writeCookie = (value: string, expires: Date) =>
  Effect.flatMap(HttpSettings, (settings) =>
    HttpApp.appendPreResponseHandler((_request, response) =>
      Effect.orDie(
        HttpServerResponse.setCookie(response, REFRESH_COOKIE, value, {
          httpOnly: true,
          sameSite: "strict",
          path: REFRESH_COOKIE_PATH,
          secure: settings.cookieSecure,
          expires,
        }),
      ),
    ),
  )

/**
 * Call only on the way to a successful answer: a pre-response handler also
 * runs when the handler then fails.
 */
export const setRefreshCookie = (token: string, expiresAt: Date) => writeCookie(token, expiresAt)

export const clearRefreshCookie = writeCookie("", new Date(0))
