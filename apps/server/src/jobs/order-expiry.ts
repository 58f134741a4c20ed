/** How often unpaid orders past their time are looked for. */
export const ORDER_EXPIRY_INTERVAL_MS = 30_000

export interface OrderExpiryOptions {
  /**
   * One pass: cancels the unpaid orders whose time ran out by `now` and puts
   * their tickets back on sale; answers the ids it cancelled. It must be safe
   * to run from several processes at once (each order claimed by one).
   */
  readonly expireDue: (now: Date) => Promise<readonly string[]>
  readonly intervalMs?: number
  readonly now?: () => Date
  readonly log?: (message: string, details: Record<string, unknown>) => void
}

/**
 * Every 30 s, one expiry pass. A pass never overlaps the previous one in this
 * process (a slow database must not pile passes up); other processes may run
 * theirs at the same time, which the pass itself makes safe. A failure is
 * logged and the next tick tries again.
 */
export const startOrderExpiry = (options: OrderExpiryOptions) => {
  const now = options.now ?? (() => new Date())
  const log = options.log ?? ((message, details) => console.log(message, details))
  let running: Promise<void> | undefined

  const runOnce = (): Promise<void> => {
    if (running) return running
    running = options
      .expireDue(now())
      .then((cancelled) => {
        if (cancelled.length > 0)
          log("unpaid orders expired; their tickets are back on sale", { orderIds: cancelled })
      })
      .catch((error: unknown) => console.error("order expiry failed; will try again", error))
      .finally(() => {
        running = undefined
      })
    return running
  }

  const timer = setInterval(runOnce, options.intervalMs ?? ORDER_EXPIRY_INTERVAL_MS)
  timer.unref()
  return {
    /** One pass now (tests, and the first pass at start-up). */
    runOnce,
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
