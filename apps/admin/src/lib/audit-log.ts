/**
 * The audit log screen's pure parts: its filters as typed search params,
 * the UK days staff pick turned into the API's instants, and an entry's
 * before and after laid side by side with what changed marked.
 */
import { fromLocalInput } from "./format"
import { pageParam, textParam } from "./search"

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const DAY = /^\d{4}-\d{2}-\d{2}$/

const day = (value: unknown): string | undefined => {
  const text = textParam(value)
  if (!text || !DAY.test(text)) return undefined
  const [y, m, d] = text.split("-").map(Number) as [number, number, number]
  // 31 February would roll over into March: only a real calendar day is kept.
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === text ? text : undefined
}

export const auditSearch = (search: Record<string, unknown>): AuditSearch => {
  const actor = textParam(search.actor)
  return {
    page: pageParam(search.page),
    actor: actor && UUID.test(actor) ? actor : undefined,
    action: textParam(search.action),
    subjectType: textParam(search.subjectType),
    subjectId: textParam(search.subjectId),
    from: day(search.from),
    to: day(search.to),
  }
}

const nextDay = (yyyyMmDd: string): string => {
  const [y, m, d] = yyyyMmDd.split("-").map(Number) as [number, number, number]
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/**
 * A UK day starts at London's midnight, not UTC's: in summer a plain date
 * sent to the API would miss the first hour of the day and take in the
 * first hour of the next. So each end is sent as its exact instant.
 */
export const ukDayStart = (yyyyMmDd: string): string | undefined =>
  fromLocalInput(`${yyyyMmDd}T00:00`)

export const ukDayEnd = (yyyyMmDd: string): string | undefined => {
  const next = fromLocalInput(`${nextDay(yyyyMmDd)}T00:00`)
  return next === undefined ? undefined : new Date(Date.parse(next) - 1).toISOString()
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
