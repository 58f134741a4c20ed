/**
 * Cookie consent (Tracking in docs/product/overview.md, UK PECR and ICO guidance; decision
 * 0040): what a visitor has agreed to, as plain data free of the browser.
 * Necessary cookies and storage need no consent and are not part of the
 * choice; statistics and marketing are off until the visitor says yes.
 */

/** The optional categories a visitor chooses; necessary is always on. */
export interface ConsentChoice {
  readonly statistics: boolean
  readonly marketing: boolean
}

/** What is kept in the browser: the choice, the policy it answered and when. */
export interface ConsentRecord extends ConsentChoice {
  readonly version: number
  /** ISO 8601 instant of the answer. */
  readonly decidedAt: string
}

/** localStorage key of the record (itself strictly necessary: it remembers a "no"). */
export const CONSENT_STORAGE_KEY = "howzat-cookie-consent"

/**
 * Bumped whenever the cookie policy adds a cookie or a purpose: every
 * earlier answer is then asked again, since it did not cover the change.
 */
export const CONSENT_VERSION = 1

/** ICO guidance: do not rely on an old answer for ever; ask again after a year. */
export const CONSENT_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000

export const REJECT_ALL: ConsentChoice = { statistics: false, marketing: false }
export const ACCEPT_ALL: ConsentChoice = { statistics: true, marketing: true }

export const consentRecord = (choice: ConsentChoice, now: Date): ConsentRecord => ({
  version: CONSENT_VERSION,
  decidedAt: now.toISOString(),
  statistics: choice.statistics,
  marketing: choice.marketing,
})

/**
 * The stored answer that still holds, or null when the visitor must be
 * asked: nothing stored, something unreadable or tampered with, an answer
 * to an older policy, or one older than a year (or dated in the future).
 */
export const readConsentRecord = (raw: string | null, now: Date): ConsentRecord | null => {
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== "object" || value === null) return null
  const { version, decidedAt, statistics, marketing } = value as Record<string, unknown>
  if (version !== CONSENT_VERSION) return null
  if (typeof statistics !== "boolean" || typeof marketing !== "boolean") return null
  if (typeof decidedAt !== "string") return null
  const at = Date.parse(decidedAt)
  if (Number.isNaN(at)) return null
  const age = now.getTime() - at
  if (age < 0 || age > CONSENT_LIFETIME_MS) return null
  return { version, decidedAt, statistics, marketing }
}

/** docs/product/overview.md: session replay runs with consent for statistics or marketing. */
export const allowsSessionReplay = (choice: ConsentChoice | null): boolean =>
  choice !== null && (choice.statistics || choice.marketing)

/** Marketing events go out only with consent for marketing. */
export const allowsMarketing = (choice: ConsentChoice | null): boolean => choice?.marketing === true
