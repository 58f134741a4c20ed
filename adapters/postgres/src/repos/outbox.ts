import type { MailMessage } from "@howzat/core/accounts"
import { Mailer, type MailerShape } from "@howzat/core/ports"
import { Effect, Layer } from "effect"
import { type Kysely, type Selectable, sql } from "kysely"
import { Db } from "../database"
import type { Database, OutboxTable } from "../schema"
import { runQuery } from "../transactions"

/**
 * The Mailer: a message is a row in the outbox, written in the transaction
 * of the change that caused it. If the change rolls back, so does the
 * message; if it commits, a delivery job sends it afterwards.
 */
export const makeOutboxMailer = (db: Kysely<Database>): MailerShape => ({
  send: (message) =>
    runQuery(db, "outbox.send", (q) =>
      q
        .insertInto("outbox")
        .values({
          kind: message.kind,
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html,
        })
        .execute(),
    ).pipe(Effect.asVoid),
})

export const OutboxMailerLive: Layer.Layer<Mailer, never, Db> = Layer.effect(
  Mailer,
  Effect.map(Db, makeOutboxMailer),
)

export interface OutboxMessage extends MailMessage {
  readonly id: string
  readonly createdAt: Date
  readonly attempts: number
  readonly sentAt: Date | null
  readonly failedAt: Date | null
  readonly lastError: string | null
}

const columns = [
  "id",
  "kind",
  "toAddress",
  "subject",
  "textBody",
  "htmlBody",
  "createdAt",
  "attempts",
  "sentAt",
  "failedAt",
  "lastError",
] as const

type Row = Pick<Selectable<OutboxTable>, (typeof columns)[number]>

const toMessage = (row: Row): OutboxMessage => ({
  id: row.id,
  kind: row.kind as MailMessage["kind"],
  to: row.toAddress,
  subject: row.subject,
  text: row.textBody,
  html: row.htmlBody,
  createdAt: row.createdAt,
  attempts: row.attempts,
  sentAt: row.sentAt,
  failedAt: row.failedAt,
  lastError: row.lastError,
})

/**
 * The delivery side of the outbox, for the job that sends mail. Claiming is
 * a short transaction (FOR UPDATE SKIP LOCKED, then a lease in
 * claimed_until), and sending happens outside it, so no database connection
 * waits on an SMTP server and several processes never claim the same row. A
 * sender that dies leaves its lease to run out; the message is sent again
 * (at least once, never lost).
 */
export const makeOutboxQueue = (db: Kysely<Database>) => ({
  claim: (now: Date, options: { readonly batchSize: number; readonly leaseMs: number }) =>
    db
      .updateTable("outbox")
      .set({
        claimedUntil: new Date(now.getTime() + options.leaseMs),
        attempts: sql<number>`attempts + 1`,
      })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("outbox")
          .select("id")
          .where("sentAt", "is", null)
          .where("failedAt", "is", null)
          .where((w) => w.or([w("claimedUntil", "is", null), w("claimedUntil", "<=", now)]))
          .orderBy("createdAt")
          .limit(options.batchSize)
          .forUpdate()
          .skipLocked(),
      )
      .returning(columns)
      .execute()
      .then((rows) => rows.map(toMessage)),

  /**
   * Renews the lease on a claimed message just before it is sent, if the
   * claim is still ours. `attempts` counts claims, so a process that took the
   * message over after our lease ran out (a slow mail server earlier in the
   * batch) has changed it: then this answers false and the message is theirs.
   */
  renewLease: (
    message: Pick<OutboxMessage, "id" | "attempts">,
    now: Date,
    leaseMs: number,
  ): Promise<boolean> =>
    db
      .updateTable("outbox")
      .set({ claimedUntil: new Date(now.getTime() + leaseMs) })
      .where("id", "=", message.id)
      .where("attempts", "=", message.attempts)
      .where("sentAt", "is", null)
      .where("failedAt", "is", null)
      .returning("id")
      .executeTakeFirst()
      .then((row) => row !== undefined),

  /** `redact` drops the bodies once sent: their links carry live tokens. */
  markSent: (id: string, now: Date, options: { readonly redact: boolean }) =>
    db
      .updateTable("outbox")
      .set({
        sentAt: now,
        claimedUntil: null,
        lastError: null,
        ...(options.redact ? { textBody: "(sent; removed)", htmlBody: "" } : {}),
      })
      .where("id", "=", id)
      .execute(),

  /** Tries again after `retryAt`, or gives up for good when `giveUp`. */
  markFailed: (id: string, error: string, retryAt: Date, giveUp: boolean) =>
    db
      .updateTable("outbox")
      .set({
        lastError: error.slice(0, 1000),
        claimedUntil: retryAt,
        failedAt: giveUp ? retryAt : null,
      })
      .where("id", "=", id)
      .execute(),

  /**
   * What waits to be sent, for the operator's metrics: one aggregate over
   * outbox_pending_idx, the partial index of exactly these rows, so a
   * scrape stays cheap however much mail was ever sent.
   */
  backlog: () =>
    db
      .selectFrom("outbox")
      .select((eb) => [
        eb.fn.countAll<string | number>().as("pending"),
        eb.fn.min("createdAt").as("oldest"),
      ])
      .where("sentAt", "is", null)
      .where("failedAt", "is", null)
      .executeTakeFirstOrThrow()
      .then((row) => ({
        pending: Number(row.pending),
        oldestCreatedAt: row.oldest === null ? null : new Date(row.oldest),
      })),

  /** Newest first, for the dev mailbox page. */
  recent: (options: { readonly to?: string | undefined; readonly limit: number }) => {
    let q = db.selectFrom("outbox").select(columns)
    if (options.to) q = q.where(sql`lower(to_address)`, "=", options.to.trim().toLowerCase())
    return q
      .orderBy("createdAt", "desc")
      .orderBy("id", "desc")
      .limit(options.limit)
      .execute()
      .then((rows) => rows.map(toMessage))
  },
})

export type OutboxQueue = ReturnType<typeof makeOutboxQueue>
