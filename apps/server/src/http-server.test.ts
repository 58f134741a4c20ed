import { Agent, request } from "node:http"
import { describe, expect, it } from "@effect/vitest"
import { Deferred, type Duration, Effect, Exit, Fiber, Layer, Logger, Scope } from "effect"
import { httpServerLayer, KEEP_ALIVE_MS } from "./http-server"

/** A GET over node:http (its own connection), answered with status and body. */
const get = (port: number, path: string) =>
  Effect.async<{ status: number; body: string }, Error>((resume) => {
    const req = request({ host: "127.0.0.1", port, path, agent: false }, (res) => {
      let body = ""
      res.on("data", (chunk) => {
        body += chunk
      })
      res.on("end", () => resume(Effect.succeed({ status: res.statusCode ?? 0, body })))
      res.on("error", (error) => resume(Effect.fail(error)))
    })
    req.on("error", (error) => resume(Effect.fail(error)))
    req.end()
  })

/** A server whose /slow answers only when `release` is completed, and says when it has begun. */
const slowServer = Effect.gen(function* () {
  const begun = yield* Deferred.make<void>()
  const release = yield* Deferred.make<void>()
  const port = yield* Deferred.make<number>()
  const fetch = async (incoming: Request) => {
    if (new URL(incoming.url).pathname !== "/slow") return new Response("quick")
    Effect.runSync(Deferred.succeed(begun, undefined))
    await Effect.runPromise(Deferred.await(release))
    return new Response("slow but done")
  }
  return { begun, release, port, fetch }
})

/** Completes `heard` once the server logs `line`: the shutdown says when it has stopped listening. */
const hearing = (line: string) =>
  Effect.map(Deferred.make<void>(), (heard) => ({
    heard,
    logger: Logger.add(
      Logger.make(({ message }) => {
        if ([message].flat().join(" ") === line) Deferred.unsafeDone(heard, Exit.void)
      }),
    ),
  }))

/** Starts the layer on a free port in `scope`, telling `slow.port` where it listens. */
const listen = (
  slow: Effect.Effect.Success<typeof slowServer>,
  scope: Scope.Scope,
  shutdownGrace?: Duration.DurationInput,
) =>
  Layer.buildWithScope(
    httpServerLayer({
      fetch: slow.fetch,
      port: 0,
      hostname: "127.0.0.1",
      ...(shutdownGrace === undefined ? {} : { shutdownGrace }),
      onListening: (port) => Effect.runSync(Deferred.succeed(slow.port, port)),
    }),
    scope,
  )

describe("the HTTP server layer", () => {
  it.live("keeps an idle connection longer than a load balancer would (65 s, not Node's 5 s)", () =>
    Effect.gen(function* () {
      const slow = yield* slowServer
      const scope = yield* Scope.make()
      yield* listen(slow, scope)
      const port = yield* Deferred.await(slow.port)
      const agent = new Agent({ keepAlive: true })
      const keepAlive = yield* Effect.async<string | string[] | undefined, Error>((resume) => {
        const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
          res.resume()
          res.on("end", () => resume(Effect.succeed(res.headers["keep-alive"])))
        })
        req.on("error", (error) => resume(Effect.fail(error)))
        req.end()
      })
      agent.destroy()
      expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`)
      yield* Scope.close(scope, Exit.void)
    }),
  )

  it.live("finishes a request in flight when its scope closes, refusing new connections", () =>
    Effect.gen(function* () {
      const slow = yield* slowServer
      const scope = yield* Scope.make()
      // The shutdown logs with the loggers the server was started with.
      const stopped = yield* hearing("shutdown: no new requests taken")
      yield* listen(slow, scope).pipe(Effect.provide(stopped.logger))
      const port = yield* Deferred.await(slow.port)
      expect((yield* get(port, "/")).body).toBe("quick")
      const inFlight = yield* Effect.fork(get(port, "/slow"))
      yield* Deferred.await(slow.begun)
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* Deferred.await(stopped.heard)
      const refused = yield* Effect.either(get(port, "/"))
      expect(refused._tag === "Left" && (refused.left as NodeJS.ErrnoException).code).toBe(
        "ECONNREFUSED",
      )
      expect(closing.unsafePoll()).toBeNull()
      yield* Deferred.succeed(slow.release, undefined)
      expect(yield* Fiber.join(inFlight)).toEqual({ status: 200, body: "slow but done" })
      yield* Fiber.join(closing)
    }),
  )

  it.live("drains first: not ready, still answering, each answer closing its connection", () =>
    Effect.gen(function* () {
      const slow = yield* slowServer
      const scope = yield* Scope.make()
      const drainBegun = yield* Deferred.make<void>()
      const stopped = yield* hearing("shutdown: no new requests taken")
      yield* Layer.buildWithScope(
        httpServerLayer({
          fetch: slow.fetch,
          port: 0,
          hostname: "127.0.0.1",
          drain: "1500 millis",
          onDrain: () => Deferred.unsafeDone(drainBegun, Exit.void),
          onListening: (port) => Effect.runSync(Deferred.succeed(slow.port, port)),
        }),
        scope,
      ).pipe(Effect.provide(stopped.logger))
      const port = yield* Deferred.await(slow.port)
      const closing = yield* Effect.fork(Scope.close(scope, Exit.void))
      yield* Deferred.await(drainBegun)
      // Still answered while draining, but the connection is not kept for another request.
      const agent = new Agent({ keepAlive: true })
      const connection = yield* Effect.async<string | undefined, Error>((resume) => {
        const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
          res.resume()
          res.on("end", () => resume(Effect.succeed(res.headers.connection)))
        })
        req.on("error", (error) => resume(Effect.fail(error)))
        req.end()
      })
      agent.destroy()
      expect(connection).toBe("close")
      expect(closing.unsafePoll(), "not stopped while draining").toBeNull()
      yield* Deferred.await(stopped.heard)
      const refused = yield* Effect.either(get(port, "/"))
      expect(refused._tag).toBe("Left")
      yield* Fiber.join(closing)
    }),
  )

  it.live("cuts a request still open after the grace period", () =>
    Effect.gen(function* () {
      const slow = yield* slowServer
      const scope = yield* Scope.make()
      yield* listen(slow, scope, "200 millis")
      const inFlight = yield* Effect.fork(
        Effect.either(get(yield* Deferred.await(slow.port), "/slow")),
      )
      yield* Deferred.await(slow.begun)
      yield* Scope.close(scope, Exit.void).pipe(Effect.timeout("5 seconds"))
      const answer = yield* Fiber.join(inFlight)
      expect(answer._tag).toBe("Left")
    }),
  )

  it.live("fails to start on a port that is taken", () =>
    Effect.gen(function* () {
      const slow = yield* slowServer
      const first = yield* Scope.make()
      yield* listen(slow, first)
      const port = yield* Deferred.await(slow.port)
      const second = yield* Effect.exit(
        Effect.scoped(
          Layer.build(httpServerLayer({ fetch: slow.fetch, port, hostname: "127.0.0.1" })),
        ),
      )
      expect(Exit.isFailure(second)).toBe(true)
      yield* Scope.close(first, Exit.void)
    }),
  )
})
