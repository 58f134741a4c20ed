import { Effect } from "effect"
import type { Principal } from "../accounts/model.js"
import { AuditLog, type AuditValue } from "../ports/audit-log.js"
import { now } from "../ports/clock.js"

/**
 * A value as the audit log keeps it: plain JSON, as the wire would show it
 * (dates as ISO text, undefined fields dropped), so an entry reads the same
 * whatever type the use case held.
 */
export const auditValue = (value: unknown): AuditValue =>
  value === undefined ? null : (JSON.parse(JSON.stringify(value)) as AuditValue)

export interface AuditedChange {
  /** "Subject.Verb", e.g. "WinnerNote.Edit". */
  readonly action: string
  readonly subject: { readonly type: string; readonly id: string }
  /** null before a creation. */
  readonly before: unknown
  /** null after a deletion. */
  readonly after: unknown
  /** When the write was made, if the use case already read the clock for it; else now. */
  readonly at?: Date
}

/**
 * The use case's recorder, read once when the service is built. Call it
 * inside the write's Transactions.within, after the write: an entry that
 * fails to land rolls the write back, and a write that rolls back takes its
 * entry with it.
 */
export const auditor = Effect.map(
  AuditLog,
  (log) => (by: Principal, change: AuditedChange) =>
    Effect.flatMap(change.at === undefined ? now : Effect.succeed(change.at), (at) =>
      log.record({
        actor: { userId: by.userId, role: by.role },
        action: change.action,
        subject: change.subject,
        before: auditValue(change.before),
        after: auditValue(change.after),
        at,
      }),
    ),
)
