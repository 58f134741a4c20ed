import { brotliDecompressSync, gunzipSync } from "node:zlib"
import fc from "fast-check"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { chooseEncoding, compression } from "./compression"

const bigJson = {
  competitions: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `Win a car ${i}` })),
}

const appAnswering = (respond: (c: import("hono").Context) => Response | Promise<Response>) => {
  const app = new Hono()
  app.use("*", compression())
  app.get("/x", respond)
  app.on("HEAD", "/x", respond)
  return app
}

const get = (app: Hono, acceptEncoding?: string, method = "GET") =>
  app.request("/x", {
    method,
    headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding },
  })

describe("chooseEncoding", () => {
  it.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["*", "br"],
    ["*;q=0.5, br;q=0", "gzip"],
    ["GZIP;Q=1", "gzip"],
    ["br;q=nonsense, gzip;q=0.1", "gzip"],
  ] as const)("%s → %s", (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected)
  })

  it("never answers with a coding the client refused or did not name", () => {
    const coding = fc.constantFrom("br", "gzip", "deflate", "zstd", "identity", "*", "x-gzip")
    const q = fc.option(fc.constantFrom("0", "0.001", "0.5", "1", "1.0", "2", "x"), {
      nil: undefined,
    })
    fc.assert(
      fc.property(fc.array(fc.tuple(coding, q), { maxLength: 6 }), (parts) => {
        const header = parts.map(([c, w]) => (w === undefined ? c : `${c};q=${w}`)).join(", ")
        const chosen = chooseEncoding(header)
        if (chosen === null) return
        const named = (name: string) =>
          parts.filter(([c]) => c === name || (name === "gzip" && c === "x-gzip"))
        const own = named(chosen)
        const weight = (w: string | undefined) => {
          if (w === undefined) return 1
          const n = Number(w)
          return Number.isFinite(n) && n >= 0 && n <= 1 ? n : 0
        }
        // Chosen only if its own last mention (or, unnamed, the wildcard's) gives it a positive q.
        const deciding = own.length > 0 ? own : named("*")
        expect(deciding.length).toBeGreaterThan(0)
        expect(weight(deciding.at(-1)?.[1])).toBeGreaterThan(0)
      }),
    )
  })
})

describe("the compression middleware", () => {
  const json = appAnswering((c) => c.json(bigJson))

  it("sends JSON brotli-compressed to a client that takes brotli", async () => {
    const response = await get(json, "gzip, deflate, br")
    expect(response.headers.get("content-encoding")).toBe("br")
    expect(response.headers.get("vary")).toContain("Accept-Encoding")
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(Number(response.headers.get("content-length"))).toBe(bytes.length)
    expect(JSON.parse(brotliDecompressSync(bytes).toString())).toEqual(bigJson)
  })

  it("sends gzip to a client that takes only gzip", async () => {
    const response = await get(json, "gzip")
    expect(response.headers.get("content-encoding")).toBe("gzip")
    const bytes = Buffer.from(await response.arrayBuffer())
    expect(JSON.parse(gunzipSync(bytes).toString())).toEqual(bigJson)
  })

  it("sends identity, still varying on the coding, to a client that takes none", async () => {
    for (const header of [undefined, "identity", "br;q=0, gzip;q=0"]) {
      const response = await get(json, header)
      expect(response.headers.get("content-encoding"), header).toBeNull()
      expect(response.headers.get("vary"), header).toContain("Accept-Encoding")
      expect(await response.json(), header).toEqual(bigJson)
    }
  })

  it("leaves small bodies, HEAD, event streams and encoded bodies alone", async () => {
    const small = await get(
      appAnswering((c) => c.json({ status: "ok" })),
      "br",
    )
    expect(small.headers.get("content-encoding")).toBeNull()
    expect(await small.json()).toEqual({ status: "ok" })

    const head = await get(json, "br", "HEAD")
    expect(head.headers.get("content-encoding")).toBeNull()

    const stream = appAnswering(
      () =>
        new Response("data: x\n\n".repeat(500), {
          headers: { "content-type": "text/event-stream" },
        }),
    )
    const events = await get(stream, "br")
    expect(events.headers.get("content-encoding")).toBeNull()
    expect(events.headers.get("vary")).toBeNull()

    const encoded = appAnswering(
      () =>
        new Response("already", {
          headers: { "content-type": "application/javascript", "content-encoding": "gzip" },
        }),
    )
    expect((await get(encoded, "br")).headers.get("content-encoding")).toBe("gzip")
  })

  it("turns a strong ETag weak on a compressed variant, and keeps Vary's other names", async () => {
    const tagged = appAnswering((c) => {
      c.header("etag", '"v1"')
      c.header("vary", "Cookie")
      return c.json(bigJson)
    })
    const compressed = await get(tagged, "br")
    expect(compressed.headers.get("etag")).toBe('W/"v1"')
    expect(compressed.headers.get("vary")).toBe("Cookie, Accept-Encoding")
    const identity = await get(tagged, undefined)
    expect(identity.headers.get("etag")).toBe('"v1"')
  })
})
