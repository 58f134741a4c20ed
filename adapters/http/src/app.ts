import { HttpApiBuilder, HttpServer, OpenApi } from "@effect/platform"
import { HowzatApi } from "@howzat/contracts/api"
import type { Catalogue } from "@howzat/core/competitions/catalogue"
import { Layer } from "effect"
import { Hono } from "hono"
import { CatalogueHandlersLive } from "./catalogue-handlers"
import { asProblemResponse, problemResponse } from "./problem-response"

export interface HttpAppOptions {
  /** Core's use cases, already wired to their adapters by the composition root. */
  readonly catalogue: Layer.Layer<Catalogue>
}

/**
 * The HTTP edge: Hono routes /api to the HttpApi web handler (decoding,
 * encoding and the OpenAPI shape come from the contracts) and owns what
 * HttpApi does not: health, problem+json for every error, and whatever the
 * composition root mounts after (static apps).
 */
export const makeHttpApp = (options: HttpAppOptions) => {
  const apiLayer = HttpApiBuilder.api(HowzatApi).pipe(
    Layer.provide(CatalogueHandlersLive),
    Layer.provide(options.catalogue),
  )
  const { handler, dispose } = HttpApiBuilder.toWebHandler(
    Layer.mergeAll(apiLayer, HttpServer.layerContext),
  )

  // Built once: the document only changes with the contracts.
  const openApi = OpenApi.fromApi(HowzatApi)

  const app = new Hono()
  app.get("/health/ping", (c) => c.json({ status: "ok" }))
  app.get("/api/openapi.json", (c) => c.json(openApi))
  app.all("/api/*", async (c) => {
    try {
      const response = await asProblemResponse(await handler(c.req.raw))
      response.headers.set("cache-control", "no-store")
      return response
    } catch (cause) {
      console.error("unhandled API failure", cause)
      return problemResponse({
        type: "about:blank",
        title: "Internal Server Error",
        detail: "Something went wrong on our side. Please try again soon.",
        status: 500,
      })
    }
  })
  return { app, dispose }
}
