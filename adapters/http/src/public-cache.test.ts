import { brotliDecompressSync } from "node:zlib"
import fc from "fast-check"
import { Hono } from "hono"
import { describe, expect, it } from "vitest"
import { makePublicCache, seesWhatVisitorsSee } from "./public-cache"

/**
 * An app whose public read answers with how many times the handler ran.
 * `holdReads()` keeps every read that reaches the handler there (as if at
 * the database) until `release()`, so a test decides what happens meanwhile.
 */
const appWith = (maxEntries = 100) => {
  let clock = 0
  let runs = 0
  let arrived = 0
  let held: { entered: () => void; released: Promise<void> } | undefined
  const cache = makePublicCache({
    maxAgeSeconds: 5,
    staleWhileRevalidateSeconds: 30,
    maxEntries,
    now: () => clock,
  })
  const app = new Hono()
  app.use("/api/*", async (_c, next) => {
    arrived++
    await next()
  })
  app.use("/api/*", cache.middleware)
  app.get("/api/Competitions", async (c) => {
    runs++
    const run = runs
    if (held) {
      held.entered()
      await held.released
    }
    return c.json({ run, query: c.req.query() }, 200, { "cache-control": "no-store" })
  })
  app.all("/api/*", (c) => c.json({ ok: true }))
  return {
    app,
    runs: () => runs,
    /** How many requests have reached the cache's middleware. */
    arrived: () => arrived,
    advance: (ms: number) => {
      clock += ms
    },
    holdReads: () => {
      let entered = () => {}
      let release = () => {}
      const handlerEntered = new Promise<void>((resolve) => {
        entered = resolve
      })
      held = {
        entered,
        released: new Promise<void>((resolve) => {
          release = resolve
        }),
      }
      return { handlerEntered, release }
    },
  }
}

const read = async (app: Hono, path: string, headers: Record<string, string> = {}) =>
  (await (await app.request(path, { headers })).json()) as { run: number }

describe("the public cache", () => {
  it("reads again for a client that says no-cache, and keeps what it read", async () => {
    const shop = appWith()
    expect((await read(shop.app, "/api/Competitions")).run).toBe(1)
    expect((await read(shop.app, "/api/Competitions", { "cache-control": "no-cache" })).run).toBe(2)
    expect((await read(shop.app, "/api/Competitions", { pragma: "no-cache" })).run).toBe(3)
    expect((await read(shop.app, "/api/Competitions")).run).toBe(3)
  })

  it("hands each client the coding it takes, from copies it keeps, with a weak ETag", async () => {
    const shop = appWith()
    // Echoed in the answer, the long name takes it over the compression threshold.
    const path = `/api/Competitions?Name=${"bat".repeat(500)}`
    const plain = await shop.app.request(path)
    expect(plain.headers.get("content-encoding")).toBeNull()
    const strong = plain.headers.get("etag") ?? ""
    expect(strong).toMatch(/^"/)
    const text = await plain.text()
    expect(text.length).toBeGreaterThan(1024)
    const asked = { "accept-encoding": "gzip;q=0.5, br" }
    const [first, second] = await Promise.all([
      shop.app.request(path, { headers: asked }),
      shop.app.request(path, { headers: asked }),
    ])
    for (const response of [first, second]) {
      expect(response?.headers.get("content-encoding")).toBe("br")
      expect(response?.headers.get("etag")).toBe(`W/${strong}`)
      expect(response?.headers.get("vary")).toBe("Authorization, Accept-Encoding")
      const bytes = Buffer.from(await (response as Response).arrayBuffer())
      expect(brotliDecompressSync(bytes).toString()).toBe(text)
    }
    expect(shop.runs()).toBe(1)
    const revalidated = await shop.app.request(path, {
      headers: { ...asked, "if-none-match": `W/${strong}` },
    })
    expect(revalidated.status).toBe(304)
  })

  it("asks the handler again once its few seconds are up", async () => {
    const shop = appWith()
    expect((await read(shop.app, "/api/Competitions")).run).toBe(1)
    shop.advance(4_999)
    expect((await read(shop.app, "/api/Competitions")).run).toBe(1)
    shop.advance(1)
    expect((await read(shop.app, "/api/Competitions")).run).toBe(2)
  })

  it("makes one handler call for many visitors asking at once", async () => {
    const shop = appWith()
    const { handlerEntered, release } = shop.holdReads()
    const asking = Array.from({ length: 50 }, () => read(shop.app, "/api/Competitions"))
    await handlerEntered
    // Every visitor has asked while the first read is still at the database.
    expect(shop.arrived()).toBe(50)
    release()
    const answers = await Promise.all(asking)
    expect(shop.runs()).toBe(1)
    expect(new Set(answers.map((a) => a.run))).toEqual(new Set([1]))
  })

  it("keys by the query, whatever order its filters come in", () =>
    fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom("PageSize=12", "PageNumber=2", "Type=All", "Name=bat"), {
          minLength: 1,
        }),
        async (filters) => {
          const shop = appWith()
          await read(shop.app, `/api/Competitions?${filters.join("&")}`)
          await read(shop.app, `/api/Competitions?${[...filters].reverse().join("&")}`)
          expect(shop.runs()).toBe(1)
          await read(shop.app, "/api/Competitions?PageSize=13")
          expect(shop.runs()).toBe(2)
        },
      ),
      { numRuns: 30 },
    ))

  it("keeps at most maxEntries answers, forgetting the oldest", async () => {
    const shop = appWith(2)
    for (const n of [1, 2, 3]) await read(shop.app, `/api/Competitions?PageSize=${n}`)
    await read(shop.app, "/api/Competitions?PageSize=3")
    expect(shop.runs()).toBe(3)
    await read(shop.app, "/api/Competitions?PageSize=1")
    expect(shop.runs()).toBe(4)
  })

  it("sends a caller with a token to the handler every time", async () => {
    const shop = appWith()
    const staff = { authorization: "Bearer staff" }
    await read(shop.app, "/api/Competitions")
    expect((await read(shop.app, "/api/Competitions", staff)).run).toBe(2)
    expect((await read(shop.app, "/api/Competitions", staff)).run).toBe(3)
    expect((await read(shop.app, "/api/Competitions")).run).toBe(1)
  })

  it("is emptied by a staff write, not by a customer's basket or order", async () => {
    const shop = appWith()
    await read(shop.app, "/api/Competitions")
    for (const path of ["/api/Baskets", "/api/Baskets/b-1/items", "/api/Orders/o-1/payment"]) {
      await shop.app.request(path, { method: "POST" })
    }
    expect((await read(shop.app, "/api/Competitions")).run).toBe(1)
    await shop.app.request("/api/Competitions/c-1", { method: "PUT" })
    expect((await read(shop.app, "/api/Competitions")).run).toBe(2)
  })

  it("does not keep a refill that started before an invalidation", async () => {
    const shop = appWith()
    const { handlerEntered, release } = shop.holdReads()
    const before = read(shop.app, "/api/Competitions")
    await handlerEntered
    await shop.app.request("/api/Draws/d-1", { method: "POST" })
    release()
    expect((await before).run).toBe(1)
    expect((await read(shop.app, "/api/Competitions")).run).toBe(2)
  })
})

describe("who shares the visitors' answer", () => {
  const tokenClaiming = (claims: object) =>
    `Bearer eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`

  it("is a visitor or a customer, never staff or an unreadable token", () => {
    expect(seesWhatVisitorsSee(undefined)).toBe(true)
    expect(seesWhatVisitorsSee(tokenClaiming({ sub: "u", role: "Customer" }))).toBe(true)
    expect(seesWhatVisitorsSee(tokenClaiming({ sub: "u", role: "Staff" }))).toBe(false)
    expect(seesWhatVisitorsSee(tokenClaiming({ sub: "u", role: "Admin" }))).toBe(false)
    expect(seesWhatVisitorsSee(tokenClaiming({ sub: "u" }))).toBe(false)
    expect(seesWhatVisitorsSee("Bearer not-a-jwt")).toBe(false)
    expect(seesWhatVisitorsSee("Bearer a.%%%.c")).toBe(false)
    expect(seesWhatVisitorsSee("Basic dXNlcjpwYXNz")).toBe(false)
  })

  it("has a customer's read answered from the cache", async () => {
    const shop = appWith()
    await read(shop.app, "/api/Competitions")
    const customer = { authorization: tokenClaiming({ role: "Customer" }) }
    expect((await read(shop.app, "/api/Competitions", customer)).run).toBe(1)
    const staff = { authorization: tokenClaiming({ role: "Staff" }) }
    expect((await read(shop.app, "/api/Competitions", staff)).run).toBe(2)
  })
})

describe("a hit answered before Hono (decision 0051)", () => {
  const NAME = `Name=${"bat".repeat(500)}`
  const shopWithFront = () => {
    let clock = 0
    const cache = makePublicCache({
      maxAgeSeconds: 5,
      staleWhileRevalidateSeconds: 30,
      maxEntries: 10,
      now: () => clock,
      alwaysHeaders: { "x-frame-options": "DENY", "x-content-type-options": "nosniff" },
    })
    const app = new Hono()
    app.use("/api/*", cache.middleware)
    app.get("/api/Competitions", (c) => c.json({ query: c.req.query() }))
    app.get("/api/Baskets/:id", (c) => c.json({ basket: c.req.param("id") }))
    app.all("/api/*", (c) => c.json({ ok: true }))
    const at = (path: string, headers: Record<string, string> = {}, method = "GET") =>
      new Request(`http://localhost${path}`, { method, headers })
    return {
      app,
      cache,
      at,
      advance: (ms: number) => {
        clock += ms
      },
    }
  }
  const headersOf = (response: Response) => Object.fromEntries(response.headers.entries())

  it("carries exactly the headers and bytes of the app's own answer, in each coding", async () => {
    for (const [path, acceptEncoding] of [
      ["/api/Competitions", "br"],
      [`/api/Competitions?${NAME}`, "br"],
      [`/api/Competitions?${NAME}`, "gzip"],
      [`/api/Competitions?${NAME}`, ""],
    ] as const) {
      const shop = shopWithFront()
      const asked: Record<string, string> = acceptEncoding
        ? { "accept-encoding": acceptEncoding }
        : {}
      const filled = await shop.app.request(shop.at(path, asked))
      const atOnce = shop.cache.answerAtOnce(shop.at(path, asked))
      expect(atOnce).toBeInstanceOf(Response)
      const hit = atOnce as Response
      expect(headersOf(hit)).toEqual(headersOf(filled))
      expect(Buffer.from(await hit.arrayBuffer())).toEqual(Buffer.from(await filled.arrayBuffer()))
      expect(hit.headers.get("cache-control")).toBe("public, max-age=5, stale-while-revalidate=30")
      expect(hit.headers.get("vary")).toBe("Authorization, Accept-Encoding")
      expect(hit.headers.get("x-frame-options")).toBe("DENY")
    }
  })

  it("answers a matching If-None-Match with a bodiless 304 carrying the same ETag", async () => {
    const shop = shopWithFront()
    const filled = await shop.app.request(shop.at("/api/Competitions"))
    const etag = filled.headers.get("etag") ?? ""
    const hit = shop.cache.answerAtOnce(shop.at("/api/Competitions", { "if-none-match": etag }))
    expect(hit?.status).toBe(304)
    expect(await hit?.text()).toBe("")
    expect(hit?.headers.get("etag")).toBe(etag)
    expect(hit?.headers.get("cache-control")).toBe(filled.headers.get("cache-control"))
  })

  it("leaves to the app whatever it cannot answer from a fresh copy at once", async () => {
    const shop = shopWithFront()
    await shop.app.request(shop.at("/api/Competitions"))
    await shop.app.request(shop.at(`/api/Competitions?${NAME}`))
    const staff = `Bearer x.${Buffer.from('{"role":"Staff"}').toString("base64url")}.y`
    for (const request of [
      shop.at("/api/Competitions", { authorization: staff }),
      shop.at("/api/Competitions", { "cache-control": "no-cache" }),
      shop.at("/api/Competitions", { pragma: "no-cache" }),
      shop.at("/api/Competitions", {}, "POST"),
      shop.at("/api/Competitions?PageSize=3"),
      shop.at("/api/Baskets/b-1"),
      // Hono decodes a path with a percent sign first: the app's own way.
      shop.at("/api/%43ompetitions"),
      // Not compressed in brotli yet: the app makes the copy.
      shop.at(`/api/Competitions?${NAME}`, { "accept-encoding": "br" }),
    ]) {
      expect(shop.cache.answerAtOnce(request)).toBeUndefined()
    }
    expect(shop.cache.answerAtOnce(shop.at("/api/Competitions"))).toBeInstanceOf(Response)
    shop.advance(5_000)
    expect(shop.cache.answerAtOnce(shop.at("/api/Competitions"))).toBeUndefined()
  })

  it("reads node's parsed headers when @hono/node-server passes them", async () => {
    const shop = shopWithFront()
    await shop.app.request(shop.at("/api/Competitions"))
    const staff = `Bearer x.${Buffer.from('{"role":"Admin"}').toString("base64url")}.y`
    const env = (headers: Record<string, string>) => ({ incoming: { headers } })
    expect(
      shop.cache.answerAtOnce(shop.at("/api/Competitions"), env({ authorization: staff })),
    ).toBeUndefined()
    expect(
      shop.cache.answerAtOnce(shop.at("/api/Competitions"), env({ "cache-control": "no-cache" })),
    ).toBeUndefined()
    expect(shop.cache.answerAtOnce(shop.at("/api/Competitions"), env({}))?.status).toBe(200)
  })

  it("is emptied by a staff write like the rest of the cache", async () => {
    const shop = shopWithFront()
    await shop.app.request(shop.at("/api/Competitions"))
    await shop.app.request(shop.at("/api/Competitions/c-1", {}, "PUT"))
    expect(shop.cache.answerAtOnce(shop.at("/api/Competitions"))).toBeUndefined()
  })
})
