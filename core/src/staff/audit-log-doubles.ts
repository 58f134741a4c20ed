import { Effect, Layer } from "effect"
import { type AuditEntry, AuditLog } from "../ports/audit-log.js"

/**
 * An in-memory audit log over `entries`. Give the use case's transaction
 * double the same array to snapshot, so a rolled-back write leaves no entry,
 * as in the database.
 */
export const auditLogOver = (entries: AuditEntry[]) =>
  Layer.succeed(AuditLog, {
    record: (entry) => Effect.sync(() => void entries.push(entry)),
  })
