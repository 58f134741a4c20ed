export {
  type ApiClient,
  type ApiClientOptions,
  type ApiSession,
  createApiClient,
  type EndpointName,
  endpointUrl,
  type Group,
  type PayloadOf,
  type ProblemOf,
  requestHeaders,
  type SuccessOf,
  send,
} from "./client"
export { SANDBOX_CONFIRM_PATH } from "./endpoints.gen"
export {
  ApiError,
  type ApiErrorKind,
  isApiError,
  type Problem,
  problemFromResponse,
} from "./problem"
export { confirmSandboxPayment } from "./sandbox-gateway"
export {
  createSession,
  type Session,
  type SessionOptions,
  type SessionState,
  type SessionUser,
} from "./session"
export { nearExpiry, refreshDelay, tokenExpiresAt } from "./token"
export type { CallOptions } from "./types"
export { needsXsrfToken, readCookie, XSRF_COOKIE, XSRF_HEADER, xsrfHeaders } from "./xsrf"
