/**
 * The audit log screen's pure parts: its filters as typed search params,
 * the UK days staff pick turned into the API's instants, and an entry's
 * before and after laid side by side with what changed marked.
 */
import { isUuid } from "@howzat/core/rules"
import { ukDayEnd, ukDayStart } from "./format"
import { dayParam, pageParam, textParam } from "./search"

export interface AuditSearch {
  readonly page?: number
  readonly actor?: string
  readonly action?: string
  readonly subjectType?: string
  readonly subjectId?: string
  /** UK calendar days, yyyy-mm-dd, both inclusive. */
  readonly from?: string
  readonly to?: string
}

export const auditSearch = (search: Record<string, unknown>): AuditSearch => {
  const actor = textParam(search.actor)
  return {
    page: pageParam(search.page),
    actor: actor && isUuid(actor) ? actor : undefined,
    action: textParam(search.action),
    subjectType: textParam(search.subjectType),
    subjectId: textParam(search.subjectId),
    from: dayParam(textParam(search.from)),
    to: dayParam(textParam(search.to)),
  }
}

export const auditListParams = (search: AuditSearch) => ({
  ActorUserId: search.actor,
  Action: search.action,
  SubjectType: search.subjectType,
  SubjectId: search.subjectId,
  From: search.from === undefined ? undefined : ukDayStart(search.from),
  To: search.to === undefined ? undefined : ukDayEnd(search.to),
  PageNumber: search.page,
})

export interface FieldChange {
  readonly field: string
  /** As JSON text; undefined where that side has no such field (or no value at all). */
  readonly before: string | undefined
  readonly after: string | undefined
  readonly changed: boolean
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const show = (value: unknown): string | undefined =>
  value === undefined ? undefined : JSON.stringify(value, null, 2)

/**
 * An entry's values field by field (the top-level fields of each side; a
 * creation has no before, a deletion no after). A value that is not an
 * object is shown whole under "value".
 */
export const fieldChanges = (before: unknown, after: unknown): readonly FieldChange[] => {
  const b =
    before === null || before === undefined ? {} : isRecord(before) ? before : { value: before }
  const a = after === null || after === undefined ? {} : isRecord(after) ? after : { value: after }
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])]
  return fields.map((field) => {
    const was = show(b[field])
    const now = show(a[field])
    return { field, before: was, after: now, changed: was !== now }
  })
}
