import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createAdaptorServer } from "@hono/node-server"
import { Duration, Effect, Layer } from "effect"

/** How long a shutdown waits for requests in flight before it cuts their connections. */
export const SHUTDOWN_GRACE = Duration.seconds(10)

export interface HttpServerOptions {
  readonly fetch: (request: Request) => Response | Promise<Response>
  /** 0: the system picks a free port (onListening hears which). */
  readonly port: number
  readonly hostname: string
  readonly shutdownGrace?: Duration.DurationInput
  /**
   * On shutdown, how long the server keeps answering before it stops taking
   * requests (docs/decisions/0087): onDrain has made the readiness check
   * fail, and every answer closes its connection, so a load balancer stops
   * sending here, and nothing is sent to a port already closed. None: it
   * stops at once.
   */
  readonly drain?: Duration.DurationInput
  /** Called as the shutdown begins, before the drain: the readiness check starts failing. */
  readonly onDrain?: () => void
  readonly onListening?: (port: number) => void
}

/** Longer than the usual load balancer's idle timeout (60 s), so the server never closes first. */
export const KEEP_ALIVE_MS = 65_000

/** The servers whose shutdown has begun: they answer, but keep no connection open. */
const draining = new WeakSet<Server>()

/** The port is taken or the address unusable: start-up stops with node's error. */
const listen = (options: HttpServerOptions) =>
  Effect.async<Server, Error>((resume) => {
    const server = createAdaptorServer({ fetch: options.fetch }) as Server
    // Node closes an idle keep-alive connection after 5 s; a client (or a load
    // balancer, whose idle timeout is usually 60 s) reusing it as it closes
    // gets ECONNRESET. The server keeps it longer than they do instead.
    server.keepAliveTimeout = KEEP_ALIVE_MS
    server.headersTimeout = KEEP_ALIVE_MS + 1_000
    // While draining, an answer closes its connection (Connection: close): a
    // load balancer's pooled connection goes with it rather than sending the
    // next request to a server about to close. First of the listeners, so it
    // is set before the shop's handler can answer.
    server.prependListener("request", (_request, response) => {
      if (draining.has(server)) response.shouldKeepAlive = false
    })
    const failed = (error: Error) => resume(Effect.fail(error))
    server.once("error", failed)
    server.listen(options.port, options.hostname, () => {
      server.off("error", failed)
      resume(Effect.succeed(server))
    })
  })

/**
 * The first step of a shutdown: the readiness check fails (onDrain) and
 * connections close after their answer, while requests are still taken for
 * `drain`, long enough for the load balancer's checks to see it.
 */
const drainFirst = (server: Server, options: HttpServerOptions) =>
  Effect.gen(function* () {
    draining.add(server)
    options.onDrain?.()
    const ms = Duration.toMillis(options.drain ?? Duration.zero)
    if (ms <= 0) return
    // Idle connections stay open: the load balancer may be sending on one this
    // instant, and the answer closes it anyway (no request is lost to a race).
    yield* Effect.logInfo(`shutdown: draining, not ready, still answering for ${ms} ms`)
    yield* Effect.sleep(Duration.millis(ms))
  })

/**
 * Then stops taking requests at once (the listening socket closes, so a new
 * connection is refused, and idle keep-alive connections are closed), lets
 * the requests in flight finish (a checkout commits or rolls back, and its
 * answer is sent), and cuts whatever is still open after the grace period (a
 * stream, a client that never reads) so a shutdown cannot hang.
 */
const stopTakingRequests = (server: Server, grace: Duration.DurationInput) =>
  Effect.gen(function* () {
    const closed = yield* Effect.sync(
      () => new Promise<void>((resolve) => server.close(() => resolve())),
    )
    yield* Effect.logInfo("shutdown: no new requests taken")
    // A keep-alive connection that has just answered its last request goes idle: close it too.
    const idle = setInterval(() => server.closeIdleConnections(), 100)
    let cut = false
    const timer = setTimeout(() => {
      cut = true
      server.closeAllConnections()
    }, Duration.toMillis(grace))
    yield* Effect.promise(() => closed)
    clearInterval(idle)
    clearTimeout(timer)
    yield* Effect.logInfo(
      cut
        ? "shutdown: requests still open after the grace period were cut"
        : "shutdown: requests in flight finished",
    )
  })

/** The HTTP server as a scoped layer: listening while the scope lives, stopped gracefully at its end. */
export const httpServerLayer = (options: HttpServerOptions): Layer.Layer<never, Error> =>
  Layer.scopedDiscard(
    Effect.acquireRelease(
      Effect.tap(listen(options), (server) =>
        Effect.sync(() => options.onListening?.((server.address() as AddressInfo).port)),
      ),
      (server) =>
        Effect.zipRight(
          drainFirst(server, options),
          stopTakingRequests(server, options.shutdownGrace ?? SHUTDOWN_GRACE),
        ),
    ),
  )
