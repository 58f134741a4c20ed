import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  describeEvidence,
  HARM_SIGNAL_KINDS,
  HARM_SIGNAL_THRESHOLDS,
  type HarmFacts,
  harmCandidateFilter,
  harmSignalLookbackMs,
  harmSignals,
  isLimitRaise,
  mayFireHarmSignal,
  noHarmFacts,
  reviewedKinds,
  startOfLondonMonth,
} from "./harm-signals.js"

const NOW = new Date("2026-11-24T20:00:00Z")
const DAY = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(NOW.getTime() - ms)
const kinds = (facts: HarmFacts) => harmSignals(facts, NOW).map((s) => s.kind)

const within = (windowMs: number) => fc.integer({ min: 0, max: windowMs - 1 }).map((ms) => ago(ms))

describe("harm signals", () => {
  it("fires nothing for a customer with no facts", () => {
    expect(harmSignals(noHarmFacts, NOW)).toEqual([])
  })

  it("fires RepeatedlyReachedLimit at the threshold within the window, not below it", () => {
    const { count, windowMs } = HARM_SIGNAL_THRESHOLDS.limitReached
    fc.assert(
      fc.property(fc.array(within(windowMs), { minLength: 0, maxLength: 8 }), (dates) => {
        const fired = kinds({ ...noHarmFacts, limitReached: dates }).includes(
          "RepeatedlyReachedLimit",
        )
        expect(fired).toBe(dates.length >= count)
      }),
    )
  })

  it("ignores evidence older than its window", () => {
    const { count, windowMs } = HARM_SIGNAL_THRESHOLDS.limitReached
    const old = Array.from({ length: count + 2 }, (_, i) => ago(windowMs + i * DAY))
    expect(kinds({ ...noHarmFacts, limitReached: old })).toEqual([])
  })

  it("counts raises and removals of the limit, never lowerings or first answers", () => {
    expect(isLimitRaise({ from: 1000, to: 2000 })).toBe(true)
    expect(isLimitRaise({ from: 1000, to: null })).toBe(true)
    expect(isLimitRaise({ from: "1000", to: "5000" })).toBe(true)
    expect(isLimitRaise({ from: 2000, to: 1000 })).toBe(false)
    expect(isLimitRaise({ from: null, to: 0 })).toBe(false)
    expect(isLimitRaise({ from: null, to: null })).toBe(false)
    expect(isLimitRaise({ to: 5000 })).toBe(false)
    expect(isLimitRaise({ direction: "Raise" })).toBe(true)
    expect(isLimitRaise("nonsense")).toBe(false)
    expect(isLimitRaise(null)).toBe(false)
    const { count } = HARM_SIGNAL_THRESHOLDS.limitRaises
    const raises = Array.from({ length: count }, (_, i) => ({
      at: ago((i + 1) * DAY),
      detail: { from: 1000 * (i + 1), to: 1000 * (i + 2) },
    }))
    const lowerings = raises.map((r) => ({ ...r, detail: { from: 5000, to: 100 } }))
    expect(kinds({ ...noHarmFacts, limitChanges: raises })).toEqual(["FrequentLimitRaises"])
    expect(kinds({ ...noHarmFacts, limitChanges: lowerings })).toEqual([])
  })

  it("counts declines once when the payments table and the log both saw them", () => {
    const { count } = HARM_SIGNAL_THRESHOLDS.declinedPayments
    fc.assert(
      fc.property(
        fc.array(within(HARM_SIGNAL_THRESHOLDS.declinedPayments.windowMs), { maxLength: 8 }),
        fc.array(within(HARM_SIGNAL_THRESHOLDS.declinedPayments.windowMs), { maxLength: 8 }),
        (failed, events) => {
          const signal = harmSignals(
            { ...noHarmFacts, failedPayments: failed, declinedEvents: events },
            NOW,
          ).find((s) => s.kind === "ManyDeclinedPayments")
          const expected = Math.max(failed.length, events.length)
          expect(signal !== undefined).toBe(expected >= count)
          if (signal?.evidence.kind === "ManyDeclinedPayments")
            expect(signal.evidence.count).toBe(expected)
        },
      ),
    )
  })

  it("never calls spend under the floor velocity, whatever the history", () => {
    const { floorPence, recentMs } = HARM_SIGNAL_THRESHOLDS.spendVelocity
    fc.assert(
      fc.property(
        fc.array(fc.record({ at: within(recentMs), pence: fc.integer({ min: 0, max: 5000 }) }), {
          maxLength: 5,
        }),
        (spends) => {
          fc.pre(spends.reduce((s, x) => s + x.pence, 0) < floorPence)
          expect(kinds({ ...noHarmFacts, spends })).not.toContain("SpendVelocity")
        },
      ),
    )
  })

  it("calls velocity spend over the floor and the multiple of the weekly average", () => {
    const week = 7 * DAY
    const history = Array.from({ length: 12 }, (_, i) => ({
      at: ago(week + (i + 0.5) * week),
      pence: 2000,
    }))
    // £20 a week for 12 weeks: £60 is 3×, but under the £100 floor; £150 is both.
    expect(kinds({ ...noHarmFacts, spends: [...history, { at: ago(DAY), pence: 6000 }] })).toEqual(
      [],
    )
    const fired = harmSignals(
      { ...noHarmFacts, spends: [...history, { at: ago(DAY), pence: 15_000 }] },
      NOW,
    )
    expect(fired.map((s) => s.kind)).toEqual(["SpendVelocity"])
    expect(fired[0]?.evidence).toEqual({
      kind: "SpendVelocity",
      lastWeekPence: 15_000,
      weeklyAveragePence: 2000,
    })
    // A steady big spender is their own history: £200 a week is not velocity.
    const steady = Array.from({ length: 13 }, (_, i) => ({
      at: ago((i + 0.5) * week),
      pence: 20_000,
    }))
    expect(kinds({ ...noHarmFacts, spends: steady })).toEqual([])
  })

  it("quiets a reviewed signal until newer evidence arrives", () => {
    fc.assert(
      fc.property(
        fc.array(within(HARM_SIGNAL_THRESHOLDS.limitReached.windowMs), {
          minLength: 3,
          maxLength: 6,
        }),
        within(HARM_SIGNAL_THRESHOLDS.limitReached.windowMs),
        (reached, reviewAt) => {
          const [signal] = harmSignals(
            {
              ...noHarmFacts,
              limitReached: reached,
              reviews: [{ at: reviewAt, signals: ["RepeatedlyReachedLimit"] }],
            },
            NOW,
          )
          const newest = Math.max(...reached.map((d) => d.getTime()))
          expect(signal?.awaitingReview).toBe(reviewAt.getTime() < newest)
          expect(signal?.reviewedAt).toEqual(reviewAt)
        },
      ),
    )
  })

  it("a review of one kind leaves the others awaiting review", () => {
    const facts: HarmFacts = {
      ...noHarmFacts,
      limitReached: [ago(3 * DAY), ago(2 * DAY), ago(DAY)],
      failedPayments: [1, 2, 3, 4, 5].map((h) => ago(h * 60 * 60 * 1000)),
      reviews: [{ at: NOW, signals: ["RepeatedlyReachedLimit"] }],
    }
    const signals = harmSignals(facts, NOW)
    expect(signals.map((s) => [s.kind, s.awaitingReview])).toEqual([
      ["RepeatedlyReachedLimit", false],
      ["ManyDeclinedPayments", true],
    ])
  })

  it("lists signals in one fixed order, each at most once", () => {
    const facts: HarmFacts = {
      ...noHarmFacts,
      limitReached: [ago(DAY), ago(DAY), ago(DAY)],
      limitChanges: [1, 2, 3].map((d) => ({ at: ago(d * DAY), detail: { from: 1, to: null } })),
      failedPayments: [1, 2, 3, 4, 5].map((d) => ago(d * 1000)),
      spends: [{ at: ago(DAY), pence: 50_000 }],
      referralRefusals: [
        { at: ago(DAY), role: "Friend", matches: ["Card"], otherCustomerId: "c-referrer" },
      ],
    }
    expect(kinds(facts)).toEqual([...HARM_SIGNAL_KINDS])
  })

  it("fires ReferralRefused on one refusal in its window, naming the newest", () => {
    const { windowMs } = HARM_SIGNAL_THRESHOLDS.referralRefused
    const refusal = (at: Date, role: "Friend" | "Referrer", other: string) => ({
      at,
      role,
      matches: ["DateOfBirthAndSurname", "Telephone"] as const,
      otherCustomerId: other,
    })
    expect(
      kinds({ ...noHarmFacts, referralRefusals: [refusal(ago(windowMs + DAY), "Friend", "a")] }),
    ).toEqual([])
    const [signal] = harmSignals(
      {
        ...noHarmFacts,
        referralRefusals: [
          refusal(ago(DAY), "Referrer", "new"),
          refusal(ago(3 * DAY), "Referrer", "old"),
        ],
      },
      NOW,
    )
    expect(signal).toMatchObject({
      kind: "ReferralRefused",
      latestEvidenceAt: ago(DAY),
      awaitingReview: true,
      evidence: { count: 2, role: "Referrer", otherCustomerId: "new" },
    })
    if (signal === undefined) throw new Error("no signal")
    expect(describeEvidence(signal.evidence, String)).toBe(
      "Referral refused: a friend they referred matches them (date of birth and surname, telephone). Neither was paid the referral reward. 2 referrals refused in 90 days.",
    )
    const friendSide = {
      kind: "ReferralRefused",
      role: "Friend",
      count: 1,
      windowDays: 90,
      matches: ["Card"],
      otherCustomerId: "c-referrer",
    } as const
    expect(describeEvidence(friendSide, String)).toBe(
      "Referral refused: matches referrer (card). Neither was paid the referral reward.",
    )
  })

  it("reads a review's kinds tolerantly", () => {
    expect(reviewedKinds({ signals: ["SpendVelocity", "Nope", 3] })).toEqual(["SpendVelocity"])
    expect(reviewedKinds("x")).toEqual([])
    expect(reviewedKinds({})).toEqual([])
  })

  it("looks back far enough for the velocity history", () => {
    expect(harmSignalLookbackMs()).toBe(13 * 7 * DAY)
  })

  it("starts the month at midnight in London, in summer and in winter", () => {
    expect(startOfLondonMonth(new Date("2026-11-24T20:00:00Z")).toISOString()).toBe(
      "2026-11-01T00:00:00.000Z",
    )
    expect(startOfLondonMonth(new Date("2026-07-01T00:30:00+01:00")).toISOString()).toBe(
      "2026-06-30T23:00:00.000Z",
    )
    expect(startOfLondonMonth(new Date("2026-06-30T23:30:00Z")).toISOString()).toBe(
      "2026-06-30T23:00:00.000Z",
    )
  })

  describe("the candidate filter (docs/decisions/0094)", () => {
    const lookback = harmSignalLookbackMs()
    const { recentMs } = HARM_SIGNAL_THRESHOLDS.spendVelocity
    // Instants around every edge the rule or the filter draws: the lookback's
    // start, the recent week's start, now, and either side of them.
    const edges = [
      lookback,
      recentMs,
      HARM_SIGNAL_THRESHOLDS.limitReached.windowMs,
      HARM_SIGNAL_THRESHOLDS.declinedPayments.windowMs,
      0,
    ].flatMap((ms) => [ms + 1, ms, ms - 1])
    const instant = fc.oneof(
      fc.constantFrom(...edges).map((ms) => ago(ms)),
      fc.integer({ min: -DAY, max: 8 * DAY }).map((ms) => ago(ms)),
      fc.integer({ min: -DAY, max: lookback + 30 * DAY }).map((ms) => ago(ms)),
    )
    const dates = fc.array(instant, { maxLength: 7 })
    const facts: fc.Arbitrary<HarmFacts> = fc.record({
      limitReached: dates,
      limitChanges: fc.array(
        fc.record({
          at: instant,
          detail: fc.constantFrom({ from: 100, to: 200 }, { from: 200, to: 100 }, {}),
        }),
        { maxLength: 4 },
      ),
      failedPayments: dates,
      declinedEvents: dates,
      spends: fc.array(
        fc.record({ at: instant, pence: fc.integer({ min: -2_000, max: 12_000 }) }),
        { maxLength: 8 },
      ),
      reviews: fc.array(fc.record({ at: instant, signals: fc.subarray([...HARM_SIGNAL_KINDS]) }), {
        maxLength: 3,
      }),
      referralRefusals: fc.array(
        fc.record({
          at: instant,
          role: fc.constantFrom("Friend" as const, "Referrer" as const),
          matches: fc.constant(["Card" as const]),
          otherCustomerId: fc.constant("c-other"),
        }),
        { maxLength: 2 },
      ),
    })

    it("lets through every customer a signal fires for (a necessary condition)", () => {
      const fired = new Set<string>()
      fc.assert(
        fc.property(facts, (f) => {
          const signals = harmSignals(f, NOW)
          for (const s of signals) fired.add(s.kind)
          if (signals.length > 0) expect(mayFireHarmSignal(f, harmCandidateFilter(NOW))).toBe(true)
        }),
        { numRuns: 3_000 },
      )
      // Every kind fired at least once among the cases tried.
      expect([...fired].sort()).toEqual([...HARM_SIGNAL_KINDS].sort())
    })

    it("leaves out a customer whose only facts are a week's spend under the floor, or old spend", () => {
      const filter = harmCandidateFilter(NOW)
      const { floorPence } = HARM_SIGNAL_THRESHOLDS.spendVelocity
      const under = { ...noHarmFacts, spends: [{ at: ago(DAY), pence: floorPence - 1 }] }
      expect(mayFireHarmSignal(under, filter)).toBe(false)
      const old = { ...noHarmFacts, spends: [{ at: ago(recentMs), pence: floorPence }] }
      expect(mayFireHarmSignal(old, filter)).toBe(false)
      const enough = { ...noHarmFacts, spends: [{ at: ago(recentMs - 1), pence: floorPence }] }
      expect(mayFireHarmSignal(enough, filter)).toBe(true)
      const reviewedOnly = { ...noHarmFacts, reviews: [{ at: ago(DAY), signals: [] }] }
      const fewDeclines = { ...noHarmFacts, failedPayments: [ago(DAY), ago(2 * DAY)] }
      expect(mayFireHarmSignal(fewDeclines, filter)).toBe(false)
      expect(mayFireHarmSignal(reviewedOnly, filter)).toBe(false)
      expect(filter.since).toEqual(ago(lookback))
    })
  })
})
