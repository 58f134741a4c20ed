import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { serveStatic } from "@hono/node-server/serve-static"
import type { Hono } from "hono"
import { cacheForAYear } from "./static-cache"

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
