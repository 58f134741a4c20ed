import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib"
import { compression } from "@howzat/http"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { serveBackOffice } from "./back-office"
import { serveStorefront } from "./storefront"

const script = `export const prizes = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `Prize ${i}`))}\n`

// At the top levels: other bytes than the middleware's per-request compression would give.
const siblings = {
  br: brotliCompressSync(script),
  gz: gzipSync(script, { level: 9 }),
}

/** A build as Vite leaves it: each asset with its pre-compressed siblings. */
const built = (base: string) => {
  const dist = mkdtempSync(path.join(tmpdir(), `howzat-${base}-`))
  mkdirSync(path.join(dist, "assets"))
  writeFileSync(path.join(dist, "index.html"), `<title>${base}</title>`)
  const file = path.join(dist, "assets", "index-abc123.js")
  writeFileSync(file, script)
  writeFileSync(`${file}.br`, siblings.br)
  writeFileSync(`${file}.gz`, siblings.gz)
  return dist
}

/** As composed: compression outermost, the back office before the storefront's catch-all. */
const shop = () => {
  const app = new Hono()
  app.use("*", compression())
  serveBackOffice(app, built("admin"))
  serveStorefront(app, built("web"))
  return app
}

const get = (url: string, acceptEncoding?: string) =>
  shop().request(url, {
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  })

describe.each(["/assets/index-abc123.js", "/admin/assets/index-abc123.js"])(
  "the built file %s",
  (url) => {
    it("is the brotli sibling for a client that takes brotli", async () => {
      const response = await get(url, "gzip, deflate, br, zstd")
      expect(response.status).toBe(200)
      expect(response.headers.get("content-encoding")).toBe("br")
      expect(response.headers.get("content-type")).toMatch(/javascript/)
      expect(response.headers.get("vary")).toContain("Accept-Encoding")
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
      const bytes = Buffer.from(await response.arrayBuffer())
      // The build's file as it is: no compression spent on the request.
      expect(bytes.equals(siblings.br)).toBe(true)
      expect(brotliDecompressSync(bytes).toString()).toBe(script)
    })

    it("is the gzip sibling for a client that takes only gzip", async () => {
      const response = await get(url, "gzip")
      expect(response.headers.get("content-encoding")).toBe("gzip")
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.equals(siblings.gz)).toBe(true)
      expect(gunzipSync(bytes).toString()).toBe(script)
    })

    it("is the file itself, still varying on the coding, for a client that takes neither", async () => {
      for (const header of [undefined, "identity", "br;q=0"]) {
        const response = await get(url, header)
        expect(response.status, header).toBe(200)
        expect(response.headers.get("content-encoding"), header).toBeNull()
        expect(response.headers.get("vary"), header).toContain("Accept-Encoding")
        expect(await response.text(), header).toBe(script)
      }
    })
  },
)
