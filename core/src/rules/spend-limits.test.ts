import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitrarySpendLimit, arbitrarySpendLimitSetting } from "../testing/arbitraries/index.js"
import { type Pence, pence } from "./money.js"
import { OrderStatus, orderStatuses } from "./order-status.js"
import {
  allowsMore,
  COOLING_OFF_MS,
  changeSpendLimit,
  effectiveLimit,
  MAX_SPEND_LIMIT,
  mustAnswerBeforePaying,
  mustAnswerFirst,
  type SpendLimit,
  spendLimitAmountError,
  spendLimitMessages,
  spendLimitReachedMessage,
  spendOf,
  spendVerdict,
  UNANSWERED,
} from "./spend-limits.js"

const NOW = new Date("2026-06-15T12:00:00Z")
const later = (ms: number) => new Date(NOW.getTime() + ms)
const amount = (p: number): SpendLimit => ({ kind: "Amount", amount: pence(p) })
const NO_LIMIT: SpendLimit = { kind: "NoLimit" }

const limitArb = arbitrarySpendLimit()
const settingArb = arbitrarySpendLimitSetting(NOW)

/** The limit as a number to compare: no limit is above every amount. */
const ceiling = (limit: SpendLimit | null) =>
  limit === null || limit.kind === "NoLimit" ? Number.POSITIVE_INFINITY : limit.amount

describe("changeSpendLimit", () => {
  it("applies a first answer at once, whatever it is, £0 and no limit included", () => {
    for (const to of [amount(0), amount(50_000), NO_LIMIT]) {
      const { setting, change } = changeSpendLimit(UNANSWERED, to, NOW)
      expect(effectiveLimit(setting, NOW)).toEqual(to)
      expect([change.from, change.appliesAt]).toEqual([null, NOW])
    }
  })

  it("applies a lowering at once and drops a pending raise", () => {
    const raised = changeSpendLimit({ current: amount(5000), pending: null }, amount(9000), NOW)
    const lowered = changeSpendLimit(raised.setting, amount(1000), later(60_000))
    expect(lowered.setting).toEqual({ current: amount(1000), pending: null })
    expect(effectiveLimit(lowered.setting, later(2 * COOLING_OFF_MS))).toEqual(amount(1000))
  })

  it("treats no limit to an amount as a lowering", () => {
    const { setting } = changeSpendLimit({ current: NO_LIMIT, pending: null }, amount(0), NOW)
    expect(effectiveLimit(setting, NOW)).toEqual(amount(0))
  })

  it("makes a raise or a removal wait exactly 24 hours", () => {
    for (const to of [amount(5001), NO_LIMIT]) {
      const { setting, change } = changeSpendLimit(
        { current: amount(5000), pending: null },
        to,
        NOW,
      )
      expect(change.appliesAt).toEqual(later(COOLING_OFF_MS))
      expect(effectiveLimit(setting, later(COOLING_OFF_MS - 1))).toEqual(amount(5000))
      expect(effectiveLimit(setting, later(COOLING_OFF_MS))).toEqual(to)
    }
  })

  it("restarts the wait when a raise is asked for again", () => {
    const first = changeSpendLimit({ current: amount(0), pending: null }, amount(100), NOW)
    const again = changeSpendLimit(first.setting, amount(200), later(COOLING_OFF_MS - 1000))
    expect(effectiveLimit(again.setting, later(COOLING_OFF_MS))).toEqual(amount(0))
    expect(again.change.appliesAt).toEqual(later(2 * COOLING_OFF_MS - 1000))
  })

  it("property: a lowering (or the same limit) is in force at once with nothing pending", () => {
    fc.assert(
      fc.property(settingArb, limitArb, (setting, to) => {
        const current = effectiveLimit(setting, NOW)
        fc.pre(current === null || !allowsMore(to, current))
        const changed = changeSpendLimit(setting, to, NOW)
        expect(changed.setting.pending).toBeNull()
        expect(effectiveLimit(changed.setting, NOW)).toEqual(to)
      }),
    )
  })

  it("property: the effective limit never rises without a request at least 24 hours old", () => {
    const step = fc.record({ to: limitArb, after: fc.integer({ min: 0, max: 2 * COOLING_OFF_MS }) })
    fc.assert(
      fc.property(settingArb, fc.array(step, { maxLength: 12 }), (start, steps) => {
        let setting = start
        let at = NOW.getTime()
        const requests: { to: SpendLimit; at: number }[] = []
        let before = effectiveLimit(setting, new Date(at))
        for (const { to, after } of steps) {
          at += after
          const now = effectiveLimit(setting, new Date(at))
          if (ceiling(now) > ceiling(before)) {
            // Risen since the last look: only a request made 24h or more ago can explain it,
            // or the starting setting's own pending change.
            const explained =
              requests.some((r) => r.at <= at - COOLING_OFF_MS && ceiling(r.to) === ceiling(now)) ||
              (start.pending !== null && ceiling(start.pending.limit) === ceiling(now))
            expect(explained).toBe(true)
          }
          setting = changeSpendLimit(setting, to, new Date(at)).setting
          requests.push({ to, at })
          before = effectiveLimit(setting, new Date(at))
          expect(ceiling(before)).toBeLessThanOrEqual(Math.max(ceiling(now), ceiling(to)))
        }
      }),
    )
  })
})

describe("spendOf", () => {
  it("counts entries paid by card and by credit, not credit bought", () => {
    expect(
      spendOf({
        status: OrderStatus.Completed,
        orderTotal: pence(1500),
        siteCreditDebit: pence(300),
        creditBought: pence(1000),
      }),
    ).toBe(800)
  })

  it("property: cancelled, expired and refunded orders count nothing; others never negative", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...orderStatuses),
        fc.nat(100_000),
        fc.nat(100_000),
        fc.nat(100_000),
        (status, orderTotal, siteCreditDebit, creditBought) => {
          const spend = spendOf({
            status,
            orderTotal: pence(orderTotal + creditBought),
            siteCreditDebit: pence(siteCreditDebit),
            creditBought: pence(creditBought),
          })
          const counted = !["Cancelled", "SystemCancelled", "Refunded"].includes(status)
          expect(spend).toBe(counted ? orderTotal + siteCreditDebit : 0)
        },
      ),
    )
  })
})

describe("spendVerdict", () => {
  it("refuses any spend at £0 and says nothing is left", () => {
    expect(spendVerdict(amount(0), pence(0), pence(1))).toEqual({
      kind: "Refused",
      limit: 0,
      spent: 0,
      order: 1,
      left: 0,
    })
    expect(spendLimitReachedMessage(pence(0), pence(0))).toBe(
      "This order would take you over your monthly spend limit of £0.00. You have £0.00 left to spend this month.",
    )
  })

  it("allows an order that lands exactly on the limit", () => {
    expect(spendVerdict(amount(1000), pence(400), pence(600))).toEqual({ kind: "Allowed" })
  })

  it("property: orders let through one after another never total more than the limit", () => {
    fc.assert(
      fc.property(fc.nat(50_000), fc.array(fc.nat(20_000), { maxLength: 30 }), (limit, orders) => {
        let spent = 0
        for (const order of orders) {
          const verdict = spendVerdict(amount(limit), pence(spent), pence(order))
          if (verdict.kind === "Allowed") spent += order
          else {
            expect(spent + order).toBeGreaterThan(limit)
            expect(verdict.left).toBe(Math.max(0, limit - spent))
          }
          expect(spent).toBeLessThanOrEqual(limit)
        }
      }),
    )
  })

  it("property: no limit and unanswered refuse nothing", () => {
    fc.assert(
      fc.property(fc.constantFrom(null, NO_LIMIT), fc.nat(), fc.nat(), (limit, spent, order) => {
        expect(spendVerdict(limit, pence(spent) as Pence, pence(order)).kind).toBe("Allowed")
      }),
    )
  })
})

describe("mustAnswerFirst and amounts", () => {
  it("asks only a customer who bought before and never answered", () => {
    expect(mustAnswerFirst(UNANSWERED, 0)).toBe(false)
    expect(mustAnswerFirst(UNANSWERED, 1)).toBe(true)
    expect(mustAnswerFirst({ current: NO_LIMIT, pending: null }, 3)).toBe(false)
  })

  it("asks at checkout before a first order that site credit pays in full", () => {
    expect(mustAnswerFirst(UNANSWERED, 0, true)).toBe(true)
    expect(mustAnswerFirst({ current: amount(0), pending: null }, 0, true)).toBe(false)
  })

  it("asks before the first payment, never about an order that commits nothing", () => {
    expect(mustAnswerBeforePaying(UNANSWERED, pence(250))).toBe(true)
    expect(mustAnswerBeforePaying(UNANSWERED, pence(0))).toBe(false)
    expect(mustAnswerBeforePaying({ current: NO_LIMIT, pending: null }, pence(250))).toBe(false)
  })

  it("property: any answered setting pays without being asked; unanswered is asked for any spend", () => {
    fc.assert(
      fc.property(settingArb, fc.integer({ min: 1, max: 10_000_000 }), (setting, spend) => {
        const answered = setting.current !== null || setting.pending !== null
        expect(mustAnswerBeforePaying(setting, pence(spend))).toBe(!answered)
      }),
    )
  })

  it("accepts £0 to the maximum in whole pence", () => {
    expect(spendLimitAmountError(0)).toBeUndefined()
    expect(spendLimitAmountError(MAX_SPEND_LIMIT)).toBeUndefined()
    expect(spendLimitAmountError(-1)).toBe(spendLimitMessages.amountNegative)
    expect(spendLimitAmountError(MAX_SPEND_LIMIT + 1)).toBe(spendLimitMessages.amountTooLarge)
    expect(spendLimitAmountError(1.5)).toBe(spendLimitMessages.amountInvalid)
  })
})
