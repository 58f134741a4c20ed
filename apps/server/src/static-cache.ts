import type { MiddlewareHandler } from "hono"

/**
 * A year's immutable cache for hashed build assets, set once the response
 * exists: serveStatic's own onFound runs after it has built its response,
 * so a header set there never reached the browser.
 */
export const cacheForAYear: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.status === 200) c.header("cache-control", "public, max-age=31536000, immutable")
}
