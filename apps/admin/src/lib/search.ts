/**
 * Typed search params for the lists (decision 0034): every filter and the page
 * live in the URL. Each reader keeps what it understands and drops the rest,
 * so a hand-edited or stale link still opens the list.
 */

export const pageParam = (value: unknown): number | undefined => {
  const n = typeof value === "string" ? Number(value) : value
  return typeof n === "number" && Number.isInteger(n) && n >= 1 ? n : undefined
}

export const textParam = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined

export const oneOf =
  <T extends string>(...allowed: readonly T[]) =>
  (value: unknown): T | undefined =>
    allowed.includes(value as T) ? (value as T) : undefined

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar day as yyyy-mm-dd (31 February would roll into March: dropped). */
export const dayParam = (value: unknown): string | undefined => {
  if (typeof value !== "string" || !CALENDAR_DAY.test(value)) return undefined
  const [y, m, d] = value.split("-").map(Number) as [number, number, number]
  if (y < 1900) return undefined
  return new Date(Date.UTC(y, m - 1, d)).toISOString().slice(0, 10) === value ? value : undefined
}
