/**
 * The ceiling for the HTTP benchmark: bare Hono on the same @hono/node-server,
 * answering each captured URL with the very bytes the real shop sent, and
 * nothing else (no middleware, no database). Run as a child process by
 * http.ts: ROUTES_FILE names a JSON file of { url: { contentType, body } }.
 */
import { readFileSync } from "node:fs"
import { serve } from "@hono/node-server"
import { Hono } from "hono"
import { DISTINCT_PARAMETER } from "./http-load"

interface Captured {
  readonly contentType: string
  /** base64 */
  readonly body: string
}

const routesFile = process.env.ROUTES_FILE
if (!routesFile) throw new Error("ROUTES_FILE is required")
const captured = JSON.parse(readFileSync(routesFile, "utf8")) as Record<string, Captured>
const routes = new Map(
  Object.entries(captured).map(([url, c]) => [
    url,
    { contentType: c.contentType, body: Buffer.from(c.body, "base64") },
  ]),
)

const app = new Hono()
app.get("*", (c) => {
  const url = new URL(c.req.url)
  // The distinct loads' parameter, which the shop ignores, changes nothing here either.
  url.searchParams.delete(DISTINCT_PARAMETER)
  const route = routes.get(`${url.pathname}${url.search}`)
  if (!route) return c.notFound()
  return c.body(route.body, 200, { "content-type": route.contentType })
})

const server = serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" })
process.once("SIGTERM", () => server.close(() => process.exit(0)))
