import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openShop, type Shop } from "./test-support/shop"

/** The API's JSON, compressed by Accept-Encoding on the composed server (decision 0048). */
let shop: Shop
beforeAll(async () => {
  shop = await openShop()
})
afterAll(async () => {
  await shop?.close()
})

const get = (url: string, acceptEncoding?: string) =>
  shop.app.request(url, {
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  })

describe("the API's JSON on the wire", () => {
  // The OpenAPI document: public, large, and the same whatever the data.
  const url = "/api/openapi.json"

  it("is brotli for a browser, gzip for a gzip-only client, identity otherwise", async () => {
    const identity = await get(url)
    expect(identity.headers.get("content-encoding")).toBeNull()
    expect(identity.headers.get("vary")).toContain("Accept-Encoding")
    const document = await identity.json()

    const br = await get(url, "gzip, deflate, br, zstd")
    expect(br.headers.get("content-encoding")).toBe("br")
    expect(br.headers.get("content-type")).toMatch(/^application\/json/)
    const brBytes = Buffer.from(await br.arrayBuffer())
    expect(brBytes.length).toBeLessThan(JSON.stringify(document).length / 3)
    expect(JSON.parse(brotliDecompressSync(brBytes).toString())).toEqual(document)

    const gz = await get(url, "gzip")
    expect(gz.headers.get("content-encoding")).toBe("gzip")
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(document)
  })

  it("compresses the catalogue and keeps the API's own headers", async () => {
    const response = await get("/api/Competitions?PageSize=12", "br")
    expect(response.status).toBe(200)
    expect(response.headers.get("vary")).toContain("Accept-Encoding")
    expect(response.headers.get("content-security-policy")).toContain("default-src")
    const body = Buffer.from(await response.arrayBuffer())
    const text =
      response.headers.get("content-encoding") === "br"
        ? brotliDecompressSync(body).toString()
        : body.toString()
    expect(JSON.parse(text)).toHaveProperty("competitions")
  })

  it("sends a problem under the threshold as it is", async () => {
    const response = await get("/api/Competitions/not-a-uuid", "br")
    expect(response.headers.get("content-encoding")).toBeNull()
    expect(response.headers.get("content-type")).toMatch(/problem\+json/)
    expect(await response.json()).toHaveProperty("status")
  })
})

describe("on the real HTTP server", () => {
  // Only @hono/node-server's lightweight Response lost headers added after it was made, so
  // this listens on a socket rather than calling the app directly.
  it("keeps the headers middleware added, such as a fresh browser's XSRF cookie", async () => {
    const { serve } = await import("@hono/node-server")
    const server = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" })
    await new Promise((resolve) => server.once("listening", resolve))
    const address = server.address()
    const port = typeof address === "object" && address ? address.port : 0
    try {
      for (const path of ["/health/ping", "/api/openapi.json"]) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, {
          headers: { "accept-encoding": "gzip" },
        })
        expect(response.status).toBe(200)
        expect(response.headers.get("set-cookie")).toMatch(/^XSRF-TOKEN=/)
        expect(response.headers.get("x-frame-options")).toBe("DENY")
      }
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
