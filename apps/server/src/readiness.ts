/** How often, at most, a readiness check starts a new database ping. */
export const READINESS_PING_INTERVAL_MS = 1_000

/**
 * The answer to a load balancer's readiness check (/health/ready,
 * docs/decisions/0087): not ready once draining, nor while the database's
 * last ping failed. The check never waits for the database: a busy pool
 * would queue the ping behind customers' queries, the check would time out,
 * and a load balancer would take every busy server out at once, the outage
 * a check exists to prevent. So a check starts a ping in the background (at
 * most one a second) and answers from the last one that finished.
 */
export const makeReadiness = (
  draining: () => boolean,
  ping: () => Promise<unknown>,
  now: () => number = Date.now,
) => {
  let failed = false
  let inFlight = false
  let lastStarted = Number.NEGATIVE_INFINITY
  const startPing = () => {
    if (inFlight || now() - lastStarted < READINESS_PING_INTERVAL_MS) return
    inFlight = true
    lastStarted = now()
    ping()
      .then(
        () => {
          failed = false
        },
        () => {
          failed = true
        },
      )
      .finally(() => {
        inFlight = false
      })
  }
  return async (): Promise<string | undefined> => {
    if (draining()) return "shutting down: finishing the requests in flight"
    startPing()
    return failed ? "the database does not answer" : undefined
  }
}
