import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { serveStatic } from "@hono/node-server/serve-static"
import type { Hono, MiddlewareHandler } from "hono"
import { homeReadUrls } from "../../web/src/api/home-reads"
import { cacheForAYear } from "./static-cache"

/**
 * Home's first paint waits for its API reads, which its script would start
 * only once it has loaded and run: named here, the browser fetches them
 * while it loads the script (decision 0051). `crossorigin` (anonymous) is
 * the credentials mode Home's loader fetches them with; a preload asked
 * any other way would be fetched twice. Only Home: other pages read other
 * things.
 */
export const homePreloadLink = (urls: readonly string[] = homeReadUrls()): string =>
  urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(", ")

const preloadHomeReads = (): MiddlewareHandler => {
  const link = homePreloadLink()
  return async (c, next) => {
    await next()
    if (c.res.status !== 200 || !c.res.headers.get("content-type")?.startsWith("text/html")) return
    try {
      c.res.headers.append("link", link)
    } catch {
      // A response with immutable headers: copy it first.
      c.res = new Response(c.res.body, c.res)
      c.res.headers.append("link", link)
    }
  }
}

/**
 * Serves the built storefront: hashed assets with a long cache, and every
 * other path the SPA's index.html so the client router decides (it sends
 * unknown paths home). Without a build it says how to make one.
 */
export const serveStorefront = (app: Hono, distDir: string) => {
  const indexFile = path.join(distDir, "index.html")
  const root = path.relative(process.cwd(), distDir) || "."

  // The build wrote .br and .gz siblings (decision 0048): each client gets the one it takes.
  app.use("/assets/*", cacheForAYear, serveStatic({ root, precompressed: true }))
  // A hashed asset that is not there (an old page asking for a past build's file) is a
  // 404, never the app's page under a script's name.
  app.get("/assets/*", (c) => c.text("Not found", 404))
  // Home is index.html at "/", answered by serveStatic (its pre-compressed copy) or the fallback.
  app.use("/", preloadHomeReads())
  app.use("/*", serveStatic({ root, precompressed: true }))
  app.get("*", (c) => {
    if (!existsSync(indexFile)) {
      return c.text(
        "The storefront is not built yet: run `npm run build` (npm start does it).",
        503,
      )
    }
    return c.html(readFileSync(indexFile, "utf8"))
  })
}
