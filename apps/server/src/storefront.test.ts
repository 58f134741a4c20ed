import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliCompressSync } from "node:zlib"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { homeReadUrls } from "../../web/src/api/home-reads"
import { homePreloadLink, serveStorefront } from "./storefront"

const page = "<!doctype html><title>Howzat</title>"

const shop = () => {
  const dist = mkdtempSync(path.join(tmpdir(), "howzat-web-"))
  writeFileSync(path.join(dist, "index.html"), page)
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(page))
  writeFileSync(path.join(dist, "robots.txt"), "User-agent: *\n")
  const app = new Hono()
  serveStorefront(app, dist)
  return app
}

/** The URLs a Link header preloads as fetches, and how: [url, attributes]. */
const preloads = (link: string | null) =>
  (link ?? "")
    .split(/,\s*(?=<)/)
    .filter(Boolean)
    .map((entry) => {
      const [target, ...attributes] = entry.split(/;\s*/)
      return [target?.replace(/^<|>$/g, ""), attributes.sort().join("; ")] as const
    })

describe("Home's page", () => {
  it.each([
    ["plain", {}],
    ["brotli", { "accept-encoding": "br" }],
  ])("(%s) preloads the very reads Home's loader makes, anonymously", async (_, headers) => {
    const response = await shop().request("/", { headers })
    expect(response.status).toBe(200)
    const links = preloads(response.headers.get("link"))
    expect(links.map(([url]) => url).sort()).toEqual([...homeReadUrls()].sort())
    for (const [, attributes] of links)
      expect(attributes).toBe("as=fetch; crossorigin; rel=preload")
  })

  it("preloads them for an email verification link too, which opens Home", async () => {
    const response = await shop().request("/?token=abc")
    expect(response.headers.get("link")).toBe(homePreloadLink())
  })

  it("is the only page that preloads them", async () => {
    for (const other of ["/Competitions", "/Basket", "/robots.txt", "/assets/missing.js"]) {
      expect((await shop().request(other)).headers.get("link")).toBeNull()
    }
  })
})
