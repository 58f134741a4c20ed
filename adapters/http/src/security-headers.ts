import type { MiddlewareHandler } from "hono"

/**
 * Where a card provider's browser script comes from and talks to. Its
 * script must run, its card fields are frames on its own origin, and it
 * calls its own API from the page (docs/decisions/0015).
 */
export interface CardProviderOrigins {
  readonly script: readonly string[]
  readonly frame: readonly string[]
  readonly connect: readonly string[]
}

export interface SecurityHeadersOptions {
  /** The shop is served over HTTPS (PUBLIC_URL is https): browsers are told to keep it so. */
  readonly https: boolean
  /** Extra origins for the real card provider's script, frames and calls; none for the sandbox. */
  readonly cardProvider?: CardProviderOrigins | undefined
  /** The https origin the brand's live-draw stream is embedded from (/Live); none without one. */
  readonly liveStreamOrigin?: string | null | undefined
  /** The configured tracking providers' origins (decision 0040); none by default. */
  readonly tracking?: TrackingOrigins | undefined
}

/** Where a configured session-replay or marketing provider's script loads from and reports to. */
export interface TrackingOrigins {
  readonly script: readonly string[]
  readonly connect: readonly string[]
  readonly img: readonly string[]
}

const CSP = "content-security-policy"

const sources = (own: readonly string[], extra: readonly string[] = []) =>
  [...new Set([...own, ...extra])].join(" ")

/**
 * The storefront is one origin's own files: its scripts and styles are
 * bundled files (no inline script or style element, no eval), its images
 * and icons are its own, its fonts are the system's and it calls only its
 * own API. (React's style props go through the CSSOM, which style-src
 * does not govern.) A card provider adds its script, frame and API
 * origins; a live-draw stream adds the one origin /Live frames; a
 * configured tracking provider adds its script, API and pixel origins
 * (consent decides whether its script is loaded at all). Nothing
 * may frame the shop, plugins are off, and forms and <base> may only
 * point home.
 */
export const contentSecurityPolicy = (options: SecurityHeadersOptions): string => {
  const card = options.cardProvider
  const tracking = options.tracking
  const frames = [
    ...(card?.frame ?? []),
    ...(options.liveStreamOrigin ? [options.liveStreamOrigin] : []),
  ]
  const directives = [
    "default-src 'self'",
    `script-src ${sources(["'self'"], [...(card?.script ?? []), ...(tracking?.script ?? [])])}`,
    "style-src 'self'",
    `img-src ${sources(["'self'"], tracking?.img)}`,
    "font-src 'self'",
    `connect-src ${sources(["'self'"], [...(card?.connect ?? []), ...(tracking?.connect ?? [])])}`,
    `frame-src ${frames.length > 0 ? sources(frames) : "'none'"}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "manifest-src 'self'",
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ]
  return directives.join("; ")
}

const STRIPE_JS_ORIGIN = "https://js.stripe.com"

/**
 * Stripe.js, as Stripe documents its CSP: the script and its frames from
 * js.stripe.com (and its subdomains), 3-D Secure frames from
 * hooks.stripe.com, calls to api.stripe.com. A stand-in script elsewhere
 * (the end-to-end suite serves one locally) needs only its own origin.
 */
export const stripeBrowserOrigins = (scriptUrl: string): CardProviderOrigins => {
  const origin = new URL(scriptUrl).origin
  if (origin !== STRIPE_JS_ORIGIN) return { script: [origin], frame: [origin], connect: [origin] }
  return {
    script: [STRIPE_JS_ORIGIN, "https://*.js.stripe.com"],
    frame: [STRIPE_JS_ORIGIN, "https://*.js.stripe.com", "https://hooks.stripe.com"],
    connect: ["https://api.stripe.com"],
  }
}

const CHECKOUT_WEB_COMPONENTS_ORIGIN = "https://checkout-web-components.checkout.com"

/**
 * Checkout.com's Flow: its script from checkout-web-components.checkout.com,
 * its card fields, 3-D Secure and calls on Checkout.com's own hosts, and
 * Google Pay's script and sheet, which Flow loads for the wallet. A
 * stand-in script elsewhere (sandbox only) needs only its own origin.
 */
export const checkoutBrowserOrigins = (scriptUrl: string): CardProviderOrigins => {
  const origin = new URL(scriptUrl).origin
  if (origin !== CHECKOUT_WEB_COMPONENTS_ORIGIN) {
    return { script: [origin], frame: [origin], connect: [origin] }
  }
  return {
    script: [CHECKOUT_WEB_COMPONENTS_ORIGIN, "https://pay.google.com"],
    frame: ["https://*.checkout.com", "https://pay.google.com"],
    connect: ["https://*.checkout.com", "https://pay.google.com"],
  }
}

/** Two years, the figure browsers' preload lists ask for. */
const HSTS_MAX_AGE_SECONDS = 63_072_000

/**
 * A JSON answer is data, never a document: no script runs in it, nothing
 * is embedded or fetched from it, so the storefront's policy (its sources,
 * which only a page uses) and the Permissions-Policy (which governs a
 * page's features) mean nothing on it. What protects data opened as a page
 * is a policy that allows nothing and no framing (OWASP's REST Security
 * Cheat Sheet), nosniff, X-Frame-Options, and HSTS: shorter answers on the
 * reads a launch repeats thousands of times a second (decision 0051).
 */
export const DATA_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'"

/** Whether a response's Content-Type says JSON (the API's answers and its problems). */
export const isData = (contentType: string | null | undefined) =>
  contentType != null && /^application\/(?:[\w.+-]+\+)?json\b/i.test(contentType)

/**
 * Headers every response carries, whatever served it (API, storefront,
 * health, mailbox, refusals made before routing, the public cache's answers
 * made before any middleware runs). A response that set its own
 * Content-Security-Policy (the dev mailbox's inline style) keeps it. A JSON
 * answer gets the data policy above and no Permissions-Policy.
 */
export const securityHeaderValues = (
  options: SecurityHeadersOptions,
  answer: "page" | "data" = "page",
): Record<string, string> => ({
  [CSP]: answer === "data" ? DATA_CONTENT_SECURITY_POLICY : contentSecurityPolicy(options),
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
  ...(answer === "page"
    ? { "permissions-policy": "camera=(), microphone=(), geolocation=()" }
    : {}),
  ...(options.https
    ? { "strict-transport-security": `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` }
    : {}),
})

export const securityHeaders = (options: SecurityHeadersOptions): MiddlewareHandler => {
  const page = Object.entries(securityHeaderValues(options, "page"))
  const data = Object.entries(securityHeaderValues(options, "data"))
  const apply = (headers: Headers) => {
    const values = isData(headers.get("content-type")) ? data : page
    for (const [name, value] of values) {
      if (name !== CSP || !headers.has(CSP)) headers.set(name, value)
    }
  }
  return async (c, next) => {
    await next()
    try {
      apply(c.res.headers)
    } catch {
      // A Response.redirect() or fetched response has immutable headers: copy it first.
      c.res = new Response(c.res.body, c.res)
      apply(c.res.headers)
    }
  }
}
