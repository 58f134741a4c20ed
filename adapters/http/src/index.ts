export { type AccountServices, type HttpAppOptions, makeHttpApp, type OrderServices } from "./app"
export { compression } from "./compression"
export { fileUrl } from "./files-route"
export {
  installJsonConsole,
  jsonLogger,
  jsonLoggerLayer,
  type LineWriter,
  stdoutLines,
} from "./json-logs"
export { type MetricsOptions, makeMetrics } from "./metrics"
export { DEFAULT_MISS_LIMIT, type MissLimitOptions } from "./miss-limit"
export {
  type NotificationHandler,
  type NotificationVerdict,
  PAYMENT_NOTIFICATION_PATH,
  paymentNotificationPathOf,
} from "./payment-notifications"
export { asProblemResponse, problemResponse } from "./problem-response"
export { REFRESH_COOKIE, REFRESH_COOKIE_PATH } from "./refresh-cookie"
export { CLIENT_ADDRESS_HEADER, type HttpSettingsShape } from "./request-context"
export {
  acceptedRequestId,
  REQUEST_ID_HEADER,
  requestIdOf,
} from "./request-id"
export {
  type CardProviderOrigins,
  checkoutBrowserOrigins,
  contentSecurityPolicy,
  stripeBrowserOrigins,
  type TrackingOrigins,
} from "./security-headers"
export { makeShopCounters, type ShopCounters } from "./shop-counters"
export { staffUserMessages } from "./staff-user-handlers"
export { XSRF_COOKIE, XSRF_HEADER } from "./xsrf"
