import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import {
  checkoutBrowserOrigins,
  contentSecurityPolicy,
  DATA_CONTENT_SECURITY_POLICY,
  securityHeaders,
  securityHeaderValues,
  stripeBrowserOrigins,
} from "./security-headers"

const directive = (policy: string, name: string) =>
  policy
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.slice(name.length + 1)

describe("the Content-Security-Policy", () => {
  const shop = contentSecurityPolicy({ https: false })

  it("allows only the shop's own files: no inline script or style, no eval, no frames", () => {
    expect(directive(shop, "script-src")).toBe("'self'")
    expect(directive(shop, "style-src")).toBe("'self'")
    expect(directive(shop, "connect-src")).toBe("'self'")
    expect(directive(shop, "frame-src")).toBe("'none'")
    expect(directive(shop, "frame-ancestors")).toBe("'none'")
    expect(directive(shop, "object-src")).toBe("'none'")
    expect(shop).not.toMatch(/unsafe-inline|unsafe-eval|\*(?!\.)/)
  })

  it("adds a card provider's script, frame and API origins where each is needed", () => {
    const withStripe = contentSecurityPolicy({
      https: true,
      cardProvider: stripeBrowserOrigins("https://js.stripe.com/v3/"),
    })
    expect(directive(withStripe, "script-src")).toBe(
      "'self' https://js.stripe.com https://*.js.stripe.com",
    )
    expect(directive(withStripe, "frame-src")).toBe(
      "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    )
    expect(directive(withStripe, "connect-src")).toBe("'self' https://api.stripe.com")
    expect(directive(withStripe, "style-src")).toBe("'self'")
    expect(withStripe).toContain("upgrade-insecure-requests")
  })

  it("admits Checkout.com's Flow and the Google Pay it loads, or only a stand-in's own origin", () => {
    const withFlow = contentSecurityPolicy({
      https: true,
      cardProvider: checkoutBrowserOrigins("https://checkout-web-components.checkout.com/index.js"),
    })
    expect(directive(withFlow, "script-src")).toBe(
      "'self' https://checkout-web-components.checkout.com https://pay.google.com",
    )
    expect(directive(withFlow, "frame-src")).toBe("https://*.checkout.com https://pay.google.com")
    expect(directive(withFlow, "connect-src")).toBe(
      "'self' https://*.checkout.com https://pay.google.com",
    )
    expect(directive(withFlow, "style-src")).toBe("'self'")
    const standIn = contentSecurityPolicy({
      https: false,
      cardProvider: checkoutBrowserOrigins("http://localhost:3231/index.js"),
    })
    expect(directive(standIn, "script-src")).toBe("'self' http://localhost:3231")
    expect(standIn).not.toContain("checkout.com")
  })

  it("lets /Live frame the brand's stream from its one origin, and nothing else more", () => {
    const stream = "https://www.youtube-nocookie.com"
    const withStream = contentSecurityPolicy({ https: true, liveStreamOrigin: stream })
    expect(directive(withStream, "frame-src")).toBe(stream)
    expect(directive(withStream, "script-src")).toBe("'self'")
    expect(directive(withStream, "frame-ancestors")).toBe("'none'")
    const withBoth = contentSecurityPolicy({
      https: true,
      liveStreamOrigin: stream,
      cardProvider: stripeBrowserOrigins("https://js.stripe.com/v3/"),
    })
    expect(directive(withBoth, "frame-src")).toBe(
      `https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com ${stream}`,
    )
    expect(
      directive(contentSecurityPolicy({ https: true, liveStreamOrigin: null }), "frame-src"),
    ).toBe("'none'")
  })

  it("admits a configured tracking provider's origins, and none without one (decision 0040)", () => {
    const tracking = {
      script: ["https://www.clarity.ms", "https://scripts.clarity.ms"],
      connect: ["https://*.clarity.ms"],
      img: ["https://*.clarity.ms"],
    }
    const withTracking = contentSecurityPolicy({
      https: true,
      tracking,
      cardProvider: stripeBrowserOrigins("https://js.stripe.com/v3/"),
    })
    expect(directive(withTracking, "script-src")).toBe(
      "'self' https://js.stripe.com https://*.js.stripe.com https://www.clarity.ms https://scripts.clarity.ms",
    )
    expect(directive(withTracking, "connect-src")).toBe(
      "'self' https://api.stripe.com https://*.clarity.ms",
    )
    expect(directive(withTracking, "img-src")).toBe("'self' https://*.clarity.ms")
    expect(directive(withTracking, "frame-src")).not.toContain("clarity")
    const none = contentSecurityPolicy({
      https: true,
      tracking: { script: [], connect: [], img: [] },
    })
    expect(directive(none, "script-src")).toBe("'self'")
    expect(directive(none, "img-src")).toBe("'self'")
    expect(directive(none, "connect-src")).toBe("'self'")
  })

  it("trusts a stand-in provider script only on its own origin", () => {
    expect(stripeBrowserOrigins("http://localhost:3299/stripe-stand-in.js")).toEqual({
      script: ["http://localhost:3299"],
      frame: ["http://localhost:3299"],
      connect: ["http://localhost:3299"],
    })
  })
})

describe("the security headers", () => {
  const appWith = (https: boolean) => {
    const app = new Hono()
    app.use("*", securityHeaders({ https }))
    app.get("/page", (c) => c.html("<p>hi</p>"))
    app.get("/own-policy", (c) => {
      c.header("content-security-policy", "default-src 'none'")
      return c.text("mine")
    })
    app.get("/elsewhere", () => Response.redirect("https://example.com/", 302))
    return app
  }

  it("go on every response, refusals and redirects included; HSTS only over HTTPS", async () => {
    for (const https of [false, true]) {
      const app = appWith(https)
      for (const path of ["/page", "/missing", "/elsewhere"]) {
        const headers = (await app.request(path)).headers
        expect(headers.get("content-security-policy")).toBe(contentSecurityPolicy({ https }))
        expect(headers.get("x-content-type-options")).toBe("nosniff")
        expect(headers.get("x-frame-options")).toBe("DENY")
        expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
        expect(headers.get("strict-transport-security")).toBe(
          https ? "max-age=63072000; includeSubDomains" : null,
        )
      }
    }
  })

  it("give a JSON answer the data policy and no Permissions-Policy, a page the full ones", async () => {
    for (const https of [false, true]) {
      const app = new Hono()
      app.use("*", securityHeaders({ https }))
      app.get("/page", (c) => c.html("<p>hi</p>"))
      app.get("/data", (c) => c.json({ ok: true }))
      app.get("/problem", (c) =>
        c.body('{"status":400}', 400, { "content-type": "application/problem+json" }),
      )
      const page = (await app.request("/page")).headers
      expect(page.get("content-security-policy")).toBe(contentSecurityPolicy({ https }))
      expect(page.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()")
      for (const path of ["/data", "/problem"]) {
        const data = (await app.request(path)).headers
        expect(data.get("content-security-policy")).toBe(DATA_CONTENT_SECURITY_POLICY)
        expect(data.get("permissions-policy")).toBeNull()
        expect(data.get("x-content-type-options")).toBe("nosniff")
        expect(data.get("x-frame-options")).toBe("DENY")
        expect(data.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
        expect(data.get("strict-transport-security")).toBe(
          https ? "max-age=63072000; includeSubDomains" : null,
        )
      }
    }
  })

  it("values for data are the ones the middleware gives JSON", async () => {
    const app = new Hono()
    app.use("*", securityHeaders({ https: true }))
    app.get("/data", (c) => c.json({ ok: true }))
    const headers = (await app.request("/data")).headers
    for (const [name, value] of Object.entries(securityHeaderValues({ https: true }, "data"))) {
      expect(headers.get(name)).toBe(value)
    }
  })

  it("leave a response's own policy alone", async () => {
    const headers = (await appWith(false).request("/own-policy")).headers
    expect(headers.get("content-security-policy")).toBe("default-src 'none'")
    expect(headers.get("x-frame-options")).toBe("DENY")
  })
})
