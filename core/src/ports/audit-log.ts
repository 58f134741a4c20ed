import { Context, type Effect } from "effect"
import type { Role } from "../accounts/model.js"
import type { RepositoryError } from "../competitions/errors.js"
import type { Page, PageRequest } from "../competitions/model.js"

/** JSON as the audit log stores it: the values before and after a change. */
export type AuditValue =
  | string
  | number
  | boolean
  | null
  | readonly AuditValue[]
  | { readonly [key: string]: AuditValue }

/**
 * One staff write (decision 0026): who did it, when, what, to which thing,
 * and the values before and after (null before a creation, after a deletion).
 */
export interface AuditEntry {
  readonly actor: { readonly userId: string; readonly role: Role }
  /** What was done, as "Subject.Verb": "Competition.Create", "Customer.AdjustSiteCredit". */
  readonly action: string
  readonly subject: { readonly type: string; readonly id: string }
  readonly before: AuditValue
  readonly after: AuditValue
  readonly at: Date
}

export interface RecordedAuditEntry extends AuditEntry {
  readonly id: string
}

/**
 * The append-only audit log. `record` joins the caller's transaction
 * (Transactions.within), so a write that rolls back leaves no entry and an
 * entry never describes a change that did not happen. Nothing updates or
 * deletes an entry; the Postgres table refuses it.
 */
export interface AuditLogShape {
  readonly record: (entry: AuditEntry) => Effect.Effect<void, RepositoryError>
}
export class AuditLog extends Context.Tag("@howzat/core/AuditLog")<AuditLog, AuditLogShape>() {}

/** The audit log's filters; every one optional; `from` and `to` both inclusive. */
export interface AuditLogQuery {
  readonly actorUserId?: string | undefined
  readonly action?: string | undefined
  readonly subjectType?: string | undefined
  readonly subjectId?: string | undefined
  readonly from?: Date | undefined
  readonly to?: Date | undefined
  readonly page: PageRequest
}

/** Reads the audit log: newest first, then by id, so paging is stable. */
export interface AuditLogReaderShape {
  readonly list: (query: AuditLogQuery) => Effect.Effect<Page<RecordedAuditEntry>, RepositoryError>
}
export class AuditLogReader extends Context.Tag("@howzat/core/AuditLogReader")<
  AuditLogReader,
  AuditLogReaderShape
>() {}
