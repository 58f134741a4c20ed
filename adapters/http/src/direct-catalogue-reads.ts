import { Headers, HttpServerRequest } from "@effect/platform"
import {
  CompetitionList,
  CompetitionListParams,
  CompetitionResponse,
} from "@howzat/contracts/catalogue"
import { Sessions } from "@howzat/core/accounts"
import { Catalogue } from "@howzat/core/competitions"
import { Effect, Either, Exit, Option, Redacted, Runtime, Schema } from "effect"
import type { Context, MiddlewareHandler, Next } from "hono"
import { asServerSpan } from "./api-observation"
import { optionalPrincipal } from "./authentication"
import { competitionAs, competitionListAs } from "./competition-reads"
import { requestIdIn } from "./request-id"

export type DirectReadServices = Catalogue | Sessions

/** As HttpApi reads a bearer token: whatever follows the first seven characters. */
const BEARER_PREFIX_LENGTH = "Bearer ".length

const LIST_ROUTE = "/api/Competitions"
const ONE_ROUTE = "/api/Competitions/:competitionId"

/**
 * The catalogue's two busiest reads answered without HttpApi (decision 0096).
 * Every read the public cache cannot answer (staff, a visitor's new search,
 * the first read after the cache's seconds) used to pay HttpApi's router,
 * middleware, a copied Request and Effect's per-request machinery, about
 * 0.45 ms of CPU before the database was asked: more than a quarter of what
 * serving the same bytes costs bare Hono. Here a request is decoded with the
 * contract's own schemas, answered by the very function the HttpApi handler
 * answers with (competition-reads.ts, core's Catalogue deciding who sees
 * what), and encoded with the contract's schema, in one Effect run on the
 * API's own runtime (its tracer and logger), as the same server span.
 *
 * Only a 200 is answered here. Anything else (a query the schema refuses, a
 * competition that does not exist, staff's filters from someone who is not
 * staff, a database failure) goes on to HttpApi, which answers it as it
 * always has, problem and all: this route can only ever say what HttpApi
 * would say, and `direct-catalogue-reads.test.ts` holds the two ways to the
 * same bytes. Until the API's runtime is built (on the first API request)
 * everything goes on, too.
 */
export const makeDirectCatalogueReads = () => {
  let run:
    | (<A, E>(effect: Effect.Effect<A, E, DirectReadServices>) => Promise<Exit.Exit<A, E>>)
    | undefined
  let answered = 0
  const decodeList = Schema.decodeUnknownEither(CompetitionListParams)
  const decodeId = Schema.decodeUnknownEither(Schema.UUID)
  const encodeList = Schema.encode(CompetitionList)
  const encodeOne = Schema.encode(CompetitionResponse)

  const viewer = (c: Context) => {
    const token = Redacted.make((c.req.header("authorization") ?? "").slice(BEARER_PREFIX_LENGTH))
    return Effect.flatMap(Sessions, (sessions) => optionalPrincipal(sessions, token)).pipe(
      Effect.map(Option.getOrNull),
    )
  }

  const answer = async <A>(
    c: Context,
    next: Next,
    route: string,
    read: Effect.Effect<A, unknown, DirectReadServices>,
  ) => {
    if (run === undefined) return next()
    const exit = await run(
      read.pipe(
        asServerSpan("GET", route, requestIdIn(c) ?? "", Headers.unsafeFromRecord(c.req.header())),
        Effect.tap(() => Effect.annotateCurrentSpan("http.response.status_code", 200)),
      ),
    )
    if (Exit.isFailure(exit)) return next()
    answered++
    return c.body(JSON.stringify(exit.value), 200, {
      "content-type": "application/json",
      "cache-control": "no-store",
    })
  }

  const list: MiddlewareHandler = (c, next) => {
    if (c.req.method !== "GET") return next()
    const params = decodeList(HttpServerRequest.searchParamsFromURL(new URL(c.req.url)))
    if (Either.isLeft(params)) return next()
    return answer(
      c,
      next,
      LIST_ROUTE,
      Effect.flatMap(viewer(c), (who) =>
        Effect.flatMap(Catalogue, (catalogue) => competitionListAs(catalogue, params.right, who)),
      ).pipe(Effect.flatMap(encodeList)),
    )
  }

  const one: MiddlewareHandler = (c, next) => {
    if (c.req.method !== "GET") return next()
    const id = decodeId(c.req.param("competitionId"))
    if (Either.isLeft(id)) return next()
    return answer(
      c,
      next,
      ONE_ROUTE,
      Effect.flatMap(viewer(c), (who) =>
        Effect.flatMap(Catalogue, (catalogue) => competitionAs(catalogue, id.right, who)),
      ).pipe(Effect.flatMap(encodeOne)),
    )
  }

  return {
    /** How many reads were answered here rather than by HttpApi. */
    answered: () => answered,
    /** The API's runtime, once HttpApi has built it: from then on the reads are answered here. */
    useRuntime: (runtime: Runtime.Runtime<DirectReadServices>) => {
      run = Runtime.runPromiseExit(runtime)
    },
    /** Mounted by `makeHttpApp` after the public cache, before the HttpApi route. */
    mount: (app: { use: (path: string, handler: MiddlewareHandler) => unknown }) => {
      app.use(LIST_ROUTE, list)
      app.use(ONE_ROUTE, one)
    },
  }
}
