import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  ACCEPT_ALL,
  allowsMarketing,
  allowsSessionReplay,
  CONSENT_LIFETIME_MS,
  CONSENT_VERSION,
  consentRecord,
  REJECT_ALL,
  readConsentRecord,
} from "./consent"

const now = new Date("2026-11-24T12:00:00Z")

describe("the stored consent record", () => {
  it("reads back what was written, with the policy version and the date", () => {
    const record = consentRecord({ statistics: true, marketing: false }, now)
    expect(record).toEqual({
      version: CONSENT_VERSION,
      decidedAt: "2026-11-24T12:00:00.000Z",
      statistics: true,
      marketing: false,
    })
    expect(readConsentRecord(JSON.stringify(record), now)).toEqual(record)
  })

  it("asks again when nothing, garbage or a half record is stored", () => {
    for (const raw of [null, "", "yes", "null", "[]", "{}", '{"version":1}', "1"])
      expect(readConsentRecord(raw, now)).toBeNull()
    const record = consentRecord(ACCEPT_ALL, now)
    expect(readConsentRecord(JSON.stringify({ ...record, marketing: "yes" }), now)).toBeNull()
    expect(readConsentRecord(JSON.stringify({ ...record, decidedAt: "soon" }), now)).toBeNull()
  })

  it("asks again after the policy changed (another version)", () => {
    const record = consentRecord(ACCEPT_ALL, now)
    expect(
      readConsentRecord(JSON.stringify({ ...record, version: CONSENT_VERSION - 1 }), now),
    ).toBeNull()
    expect(
      readConsentRecord(JSON.stringify({ ...record, version: CONSENT_VERSION + 1 }), now),
    ).toBeNull()
  })

  it("holds for a year, then asks again", () => {
    const raw = JSON.stringify(consentRecord(REJECT_ALL, now))
    const later = (ms: number) => new Date(now.getTime() + ms)
    expect(readConsentRecord(raw, later(CONSENT_LIFETIME_MS))).not.toBeNull()
    expect(readConsentRecord(raw, later(CONSENT_LIFETIME_MS + 1))).toBeNull()
    // An answer dated in the future was not made by this browser's clock: ask.
    expect(readConsentRecord(raw, later(-1))).toBeNull()
  })

  it("property: any choice survives the round trip within its lifetime", () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: CONSENT_LIFETIME_MS }),
        (statistics, marketing, age) => {
          const record = consentRecord({ statistics, marketing }, now)
          const read = readConsentRecord(JSON.stringify(record), new Date(now.getTime() + age))
          expect(read).toEqual(record)
        },
      ),
    )
  })
})

describe("what a choice allows (docs/product/overview.md)", () => {
  it("allows nothing before an answer", () => {
    expect(allowsSessionReplay(null)).toBe(false)
    expect(allowsMarketing(null)).toBe(false)
  })

  it("runs session replay with statistics or marketing, marketing events with marketing only", () => {
    expect(allowsSessionReplay(REJECT_ALL)).toBe(false)
    expect(allowsSessionReplay({ statistics: true, marketing: false })).toBe(true)
    expect(allowsSessionReplay({ statistics: false, marketing: true })).toBe(true)
    expect(allowsMarketing({ statistics: true, marketing: false })).toBe(false)
    expect(allowsMarketing({ statistics: false, marketing: true })).toBe(true)
    expect(allowsMarketing(ACCEPT_ALL)).toBe(true)
  })
})
