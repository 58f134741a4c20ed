/**
 * The shape of an id the database hands out: a uuid written as 8-4-4-4-12
 * hex digits, either case. Ids arrive from URLs, search parameters and forms;
 * anything else names nothing, so callers treat it as "not found" (or refuse
 * it with their own wording) instead of sending it to PostgreSQL, which would
 * answer a malformed uuid with an error. Any version is accepted: the shape
 * is all that matters to a lookup.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value)
