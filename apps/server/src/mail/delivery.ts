import type { OutboxQueue } from "@howzat/postgres"
import type { MailSender } from "./smtp"

export interface DeliveryOptions {
  /** Undefined in mailbox mode: messages are only marked delivered, and stay readable at /dev/mailbox. */
  readonly sender: MailSender | undefined
  readonly batchSize?: number
  /** How long a claimed message is ours before another process may try it. */
  readonly leaseMs?: number
  readonly maxAttempts?: number
  readonly now?: () => Date
}

const MINUTE = 60_000

/** How long a claimed message is one process's to send: longer than any one send (smtp.ts). */
export const DELIVERY_LEASE_MS = 5 * MINUTE

/** 1, 2, 4 ... minutes, at most an hour: a mail server that is down gets time to come back. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1))

/**
 * One pass over the outbox: claim what is due, send it, record the outcome.
 * Returns how many messages were handled, so a caller can go again at once
 * while there is a backlog.
 */
export const deliverOnce = async (
  queue: OutboxQueue,
  options: DeliveryOptions,
): Promise<number> => {
  const now = options.now ?? (() => new Date())
  const maxAttempts = options.maxAttempts ?? 10
  const leaseMs = options.leaseMs ?? DELIVERY_LEASE_MS
  const claimed = await queue.claim(now(), { batchSize: options.batchSize ?? 20, leaseMs })
  for (const message of claimed) {
    // The batch shares one lease, which a slow mail server can outlast; another
    // process may then have claimed the rest and sent them. Send only what is
    // still ours, each on a fresh lease (longer than one send can take: smtp.ts).
    if (!(await queue.renewLease(message, now(), leaseMs))) continue
    if (options.sender === undefined) {
      await queue.markSent(message.id, now(), { redact: false })
      continue
    }
    try {
      await options.sender.send(message)
      // Sent mail needs no copy of its live links lying in the database.
      await queue.markSent(message.id, now(), { redact: true })
    } catch (error) {
      const giveUp = message.attempts >= maxAttempts
      await queue.markFailed(
        message.id,
        error instanceof Error ? error.message : String(error),
        new Date(now().getTime() + retryDelayMs(message.attempts)),
        giveUp,
      )
      console.error(
        `mail to ${message.to} (${message.kind}) failed, attempt ${message.attempts}${giveUp ? "; giving up" : ""}`,
        error,
      )
    }
  }
  return claimed.length
}

/**
 * Delivers the outbox every `intervalMs` until stopped. Safe with several
 * server processes: each claims different rows (FOR UPDATE SKIP LOCKED).
 */
export const startDelivery = (
  queue: OutboxQueue,
  options: DeliveryOptions & { readonly intervalMs: number },
) => {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  const tick = async () => {
    try {
      while (!stopped && (await deliverOnce(queue, options)) > 0) {}
    } catch (error) {
      console.error("outbox delivery failed; will try again", error)
    }
    if (!stopped) timer = setTimeout(() => (running = tick()), options.intervalMs)
  }
  running = tick()

  return {
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
