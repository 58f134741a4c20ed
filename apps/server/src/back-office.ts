import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { serveStatic } from "@hono/node-server/serve-static"
import type { Context, Hono } from "hono"
import { cacheForAYear } from "./static-cache"

export const BACK_OFFICE_PATH = "/admin"

/**
 * Serves the built back office (apps/admin) at /admin, mounted before the
 * storefront's catch-all: its hashed assets with a long cache, every other
 * path under /admin its index.html so its router decides. Search engines are
 * told to stay out. Without a build it says how to make one.
 */
export const serveBackOffice = (app: Hono, distDir: string) => {
  const indexFile = path.join(distDir, "index.html")
  const root = path.relative(process.cwd(), distDir) || "."
  const stripMount = (requestPath: string) => requestPath.slice(BACK_OFFICE_PATH.length) || "/"

  app.use(`${BACK_OFFICE_PATH}/*`, async (c, next) => {
    await next()
    c.header("x-robots-tag", "noindex, nofollow")
  })
  // Without a build there are no assets to serve (the page below says how to build);
  // serveStatic would only warn at every start of a test shop.
  if (existsSync(distDir)) {
    app.use(
      `${BACK_OFFICE_PATH}/assets/*`,
      cacheForAYear,
      // The build wrote .br and .gz siblings (decision 0048): each client gets the one it takes.
      serveStatic({ root, rewriteRequestPath: stripMount, precompressed: true }),
    )
  }
  app.get(`${BACK_OFFICE_PATH}/assets/*`, (c) => c.text("Not found", 404))
  const page = (c: Context) => {
    if (!existsSync(indexFile)) {
      return c.text(
        "The back office is not built yet: run `npm run build` (npm start does it).",
        503,
      )
    }
    // The page names this build's assets: always ask for it afresh.
    c.header("cache-control", "no-cache")
    c.header("x-robots-tag", "noindex, nofollow")
    return c.html(readFileSync(indexFile, "utf8"))
  }
  app.get(BACK_OFFICE_PATH, page)
  app.get(`${BACK_OFFICE_PATH}/*`, page)
}
