import { Effect, Exit, Layer } from "effect"
import {
  type AuditEntry,
  AuditLog,
  type AuditLogQuery,
  AuditLogReader,
  type RecordedAuditEntry,
} from "../ports/audit-log.js"
import { Transactions } from "../ports/transactions.js"
import { isUuid } from "../rules/uuid.js"
import { memoryPage } from "../testing/paging.js"

/**
 * An in-memory audit log over `entries`. Give the use case's transaction
 * double the same array to snapshot, so a rolled-back write leaves no entry,
 * as in the database.
 */
export const auditLogOver = (entries: AuditEntry[]) =>
  Layer.succeed(AuditLog, {
    record: (entry) => Effect.sync(() => void entries.push(entry)),
  })

const matches = (entry: AuditEntry, query: AuditLogQuery) =>
  (query.actorUserId === undefined || entry.actor.userId === query.actorUserId) &&
  (query.action === undefined || entry.action === query.action) &&
  (query.subjectType === undefined || entry.subject.type === query.subjectType) &&
  (query.subjectId === undefined || entry.subject.id === query.subjectId) &&
  (query.from === undefined || entry.at >= query.from) &&
  (query.to === undefined || entry.at <= query.to)

/**
 * The audit log's reader over the same `entries`: an entry's id is its place
 * in the log (the log is append-only, so it never moves). Newest first, the
 * later-written first on a tie, pages as the Postgres reader normalises them.
 */
export const auditLogReaderOver = (entries: readonly AuditEntry[]) =>
  Layer.succeed(AuditLogReader, {
    list: (query) =>
      Effect.sync(() => {
        const chosen: RecordedAuditEntry[] =
          // The actor column is a uuid: any other text matches nobody rather than failing.
          query.actorUserId !== undefined && !isUuid(query.actorUserId)
            ? []
            : entries
                .map((entry, index) => ({ ...entry, id: String(index + 1), index }))
                .filter((entry) => matches(entry, query))
                .sort((a, b) => b.at.getTime() - a.at.getTime() || b.index - a.index)
                .map(({ index: _, ...entry }) => entry)
        return memoryPage(query.page, chosen)
      }),
  })

/**
 * Transactions that take the log's entries back when the work fails, as a
 * rollback takes back the rows: for a test of a write that audits itself.
 */
export const auditLogTransactionsOver = (entries: AuditEntry[]) =>
  Layer.succeed(Transactions, {
    within: (effect) =>
      Effect.suspend(() => {
        const before = entries.length
        return Effect.onExit(effect, (exit) =>
          Effect.sync(() => {
            if (Exit.isFailure(exit)) entries.splice(before)
          }),
        )
      }),
  })
