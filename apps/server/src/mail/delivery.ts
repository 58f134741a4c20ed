import type { OutboxQueue } from "@howzat/postgres"
import { Duration, Effect, type Layer } from "effect"
import { periodicJob } from "../jobs/periodic"
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
      // Named by its outbox id, never its address: logs leave the database's care (and
      // its retention) for wherever the host ships them. Staff read the address on the outbox.
      console.error(
        `mail ${message.id} (${message.kind}) failed, attempt ${message.attempts}${giveUp ? "; giving up" : ""}`,
        error instanceof Error ? error.message.replaceAll(message.to, "<recipient>") : error,
      )
    }
  }
  return claimed.length
}

/** The pause between delivery passes when the outbox is empty. */
export const DELIVERY_INTERVAL = Duration.seconds(2)

/**
 * The mail delivery job: a pass (one batch) at start-up, then one every
 * interval, or at once while there is a backlog. Each batch runs to its end
 * (periodic.ts) and the job stops between batches when its scope closes, so
 * a long backlog does not hold up a shutdown. Safe with several
 * server processes: each claims different rows (FOR UPDATE SKIP LOCKED).
 */
export const mailDelivery = (
  queue: OutboxQueue,
  options: DeliveryOptions,
  interval: Duration.DurationInput = DELIVERY_INTERVAL,
): Layer.Layer<never> =>
  periodicJob({
    name: "outbox delivery",
    every: interval,
    firstPass: "at start",
    pass: Effect.tryPromise({ try: () => deliverOnce(queue, options), catch: (error) => error }),
    // A full batch may have left more behind: the next one goes at once.
    leftWork: (handled) => handled > 0,
  })
