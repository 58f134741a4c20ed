import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { serveBackOffice } from "./back-office"
import { serveStorefront } from "./storefront"

/** The server as composed: the back office mounted before the storefront's catch-all. */
const shopWith = (adminDist: string) => {
  const webDist = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  writeFileSync(path.join(webDist, "index.html"), "<title>Storefront</title>")
  mkdirSync(path.join(webDist, "assets"))
  writeFileSync(path.join(webDist, "assets", "home-def456.js"), "console.log(2)")
  const app = new Hono()
  serveBackOffice(app, adminDist)
  serveStorefront(app, webDist)
  return app
}

const builtBackOffice = () => {
  const dist = mkdtempSync(path.join(tmpdir(), "howzat-admin-"))
  writeFileSync(path.join(dist, "index.html"), "<title>Back office</title>")
  mkdirSync(path.join(dist, "assets"))
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log(1)")
  return dist
}

describe("the back office at /admin", () => {
  it("answers every path under /admin with its own page, never the storefront's", async () => {
    const app = shopWith(builtBackOffice())
    for (const url of ["/admin", "/admin/", "/admin/orders/42", "/admin/sign-in?redirect=%2F"]) {
      const response = await app.request(url)
      expect(response.status, url).toBe(200)
      expect(await response.text(), url).toContain("Back office")
      expect(response.headers.get("cache-control"), url).toBe("no-cache")
      expect(response.headers.get("x-robots-tag"), url).toBe("noindex, nofollow")
    }
    expect(await (await app.request("/Competitions")).text()).toContain("Storefront")
  })

  it("serves its hashed assets for a year", async () => {
    const response = await shopWith(builtBackOffice()).request("/admin/assets/index-abc123.js")
    expect(response.status).toBe(200)
    expect(await response.text()).toBe("console.log(1)")
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow")
  })

  it("leaves the storefront's assets their own year-long cache", async () => {
    const response = await shopWith(builtBackOffice()).request("/assets/home-def456.js")
    expect(await response.text()).toBe("console.log(2)")
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
    expect(response.headers.get("x-robots-tag")).toBeNull()
    for (const url of ["/assets/nothing-here.js", "/admin/assets/nothing-here.js"]) {
      const missing = await shopWith(builtBackOffice()).request(url)
      expect(missing.status, url).toBe(404)
      expect(missing.headers.get("cache-control"), url).toBeNull()
    }
  })

  it("says how to build it when it is not built", async () => {
    const missing = path.join(tmpdir(), "howzat-admin-never-built")
    const response = await shopWith(missing).request("/admin/orders")
    expect(response.status).toBe(503)
    expect(await response.text()).toContain("npm run build")
  })
})
