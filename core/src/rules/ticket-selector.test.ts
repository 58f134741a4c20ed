import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { arbitraryTicketPosition } from "../testing/arbitraries/index.js"
import type { CompetitionPhase } from "./competition.js"
import {
  availableQuickPicks,
  clampQuantity,
  notOnSaleMessage,
  quickPicks,
  type SelectorState,
  selectorMax,
  selectorMessage,
  selectorTexts,
  ticketLimitMessage,
  ticketsRemaining,
} from "./ticket-selector.js"

const open: SelectorState = {
  phase: 1,
  totalTickets: 1000,
  ticketsSold: 100,
  maxPerPerson: 50,
  boughtToDate: 0,
  inBasket: 0,
}

const stateArb = arbitraryTicketPosition()

describe("availableQuickPicks", () => {
  it.each([
    // Nothing held, plenty left: the row as it is.
    [1000, 1000, [1, 50, 100, 200, 500, 1000]],
    // 270 held already, or only 730 left: the buttons still reach the most they may add.
    [1000, 730, [1, 50, 100, 200, 500, 730]],
    [100, 37, [1, 10, 20, 37]],
    [10, 10, [1, 2, 5, 10]],
    [10, 2, [1, 2]],
    [10, 1, []],
    [10, 0, []],
  ])("for a maximum of %i with %i available offers %j", (max, available, picks) => {
    expect(availableQuickPicks(max, available)).toEqual(picks)
  })

  it("reaches exactly what may be added, ascending from 1, or offers nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: -5, max: 20_000 }),
        (max, available) => {
          const picks = availableQuickPicks(max, available)
          const top = Math.min(max, available)
          if (top < 2) {
            expect(picks).toEqual([])
            return
          }
          expect(picks[0]).toBe(1)
          expect(picks.at(-1)).toBe(top)
          for (let i = 1; i < picks.length; i++) expect(picks[i]).toBeGreaterThan(picks[i - 1] ?? 0)
          // The row's own picks within reach are all still offered.
          for (const pick of quickPicks(max)) if (pick <= top) expect(picks).toContain(pick)
        },
      ),
    )
  })
})

describe("quickPicks", () => {
  it.each([
    [5, [1, 2, 3, 4, 5]],
    [3, [1, 2, 3]],
    [10, [1, 2, 5, 10]],
    [7, [1, 2, 5]],
    [20, [1, 4, 10, 20]],
    [30, [1, 6, 15, 30]],
    [40, [1, 8, 20, 40]],
    [50, [1, 20, 30, 40, 50]],
    [45, [1, 20, 30, 40]],
    [100, [1, 10, 20, 50, 100]],
    [500, [1, 50, 100, 200, 500]],
    [1000, [1, 50, 100, 200, 500, 1000]],
    [5000, [1, 500, 1000, 2000, 5000]],
    [10000, [1, 1000, 2000, 5000, 10000]],
    [25000, [1, 1000, 2000, 5000, 10000]],
    [11, [1, 4, 10]],
  ])("for a maximum of %i offers %j", (max, picks) => {
    expect(quickPicks(max)).toEqual(picks)
  })

  it("offers nothing when one button or fewer would remain", () => {
    expect(quickPicks(1)).toEqual([])
    expect(quickPicks(0)).toEqual([])
  })

  it("offers either nothing or at least two ascending choices within the maximum, starting at 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 50_000 }), (max) => {
        const picks = quickPicks(max)
        if (picks.length === 0) return
        expect(picks.length).toBeGreaterThan(1)
        expect(picks[0]).toBe(1)
        for (const pick of picks) expect(pick).toBeLessThanOrEqual(max)
        expect([...picks].sort((a, b) => a - b)).toEqual(picks)
        expect(new Set(picks).size).toBe(picks.length)
      }),
    )
  })
})

describe("ticketsRemaining and selectorMax", () => {
  it("limits by the per-person allowance, then by stock, less the basket", () => {
    expect(selectorMax(open)).toBe(50)
    expect(selectorMax({ ...open, boughtToDate: 20, inBasket: 5 })).toBe(25)
    expect(selectorMax({ ...open, ticketsSold: 990, inBasket: 4 })).toBe(6)
    expect(ticketsRemaining({ ...open, ticketsSold: 1200 })).toBe(0)
    expect(selectorMax({ ...open, ticketsSold: 1200 })).toBe(0)
  })

  it("never lets basket plus quantity pass the allowance or the stock", () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const max = selectorMax(s)
        expect(max).toBeGreaterThanOrEqual(0)
        if (max === 0) return
        expect(s.inBasket + max).toBeLessThanOrEqual(s.maxPerPerson - s.boughtToDate)
        expect(s.inBasket + max).toBeLessThanOrEqual(ticketsRemaining(s))
      }),
    )
  })
})

describe("clampQuantity", () => {
  it.each([
    [5, 1, 10, 5],
    [0, 1, 10, 1],
    [99, 1, 10, 10],
    [Number.NaN, 1, 10, 1],
    [3.7, 1, 10, 3],
    [Number.POSITIVE_INFINITY, 1, 10, 10],
    [4, 1, 0, 0],
  ])("clamps %d into %i..%i as %i", (q, min, max, expected) => {
    expect(clampQuantity(q, min, max)).toBe(expected)
  })

  it("gives a whole number within the bounds", () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (q, a, b) => {
          const [min, max] = a <= b ? [a, b] : [b, a]
          const clamped = clampQuantity(q, min, max)
          expect(Number.isInteger(clamped)).toBe(true)
          expect(clamped).toBeGreaterThanOrEqual(min)
          expect(clamped).toBeLessThanOrEqual(max)
        },
      ),
    )
  })
})

describe("selectorMessage", () => {
  const blocked = (text: string) => ({ kind: "blocked", text })
  const info = (text: string) => ({ kind: "info", text })

  it.each<[string, Partial<SelectorState>, { kind: string; text: string } | null]>([
    ["coming soon", { phase: 0 }, blocked("Competition coming soon!")],
    [
      "closed awaiting draw",
      { phase: 2 },
      blocked("Competition has closed! Best of luck to everyone!"),
    ],
    ["closed", { phase: 3 }, blocked("Competition has closed! Best of luck to everyone!")],
    ["sold out", { ticketsSold: 1000 }, blocked("Sold out!")],
    [
      "bought the maximum",
      { boughtToDate: 50 },
      blocked(
        "You have purchased the maximum number of tickets per person in this competition (50).",
      ),
    ],
    [
      "sold out counting the basket",
      { ticketsSold: 990, inBasket: 10 },
      blocked("Including the tickets in your basket, this competition is sold out!"),
    ],
    [
      "basket and purchases at the maximum",
      { boughtToDate: 30, inBasket: 20 },
      blocked(
        "Your basket and previous purchases together have reached the maximum number of tickets per person in this competition (50).",
      ),
    ],
    [
      "basket at the maximum",
      { inBasket: 50 },
      blocked(
        "Your basket has reached the maximum number of tickets per person in this competition (50).",
      ),
    ],
    ["the last ticket", { ticketsSold: 999 }, info("Only one ticket remaining!")],
    [
      "the last ticket after the basket",
      { ticketsSold: 990, inBasket: 9 },
      info("Only one ticket remaining!"),
    ],
    [
      "one short of the allowance",
      { boughtToDate: 40, inBasket: 9 },
      info("One ticket available before you reach the maximum per person (50)."),
    ],
    ["plenty left", {}, null],
    [
      "tickets held from earlier orders",
      { boughtToDate: 2 },
      info("You already hold 2 tickets in this competition: you can add up to 48 more."),
    ],
    [
      "one ticket held and some in the basket",
      { boughtToDate: 1, inBasket: 9 },
      info("You already hold 1 ticket in this competition: you can add up to 40 more."),
    ],
  ])("when %s", (_, change, expected) => {
    expect(selectorMessage({ ...open, ...change })).toEqual(expected)
  })

  it("prefers the competition's state over the customer's", () => {
    expect(selectorMessage({ ...open, phase: 3, ticketsSold: 1000, boughtToDate: 50 })?.text).toBe(
      "Competition has closed! Best of luck to everyone!",
    )
    expect(selectorMessage({ ...open, ticketsSold: 1000, boughtToDate: 50 })?.text).toBe(
      "Sold out!",
    )
  })

  it("keeps the fallback wording of docs/product/errors.md", () => {
    expect(selectorTexts.noMoreTickets).toBe("No more tickets are available.")
  })

  it("blocks the buy controls exactly when nothing can be added or the competition is not open", () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        const blockedNow = selectorMessage(s)?.kind === "blocked"
        expect(blockedNow).toBe(selectorMax(s) === 0 || s.phase !== 1)
      }),
    )
  })

  it("only needs the fallback for malformed counts", () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        expect(selectorMessage(s)?.text).not.toBe("No more tickets are available.")
      }),
    )
  })

  it("speaks of a single ticket exactly when one more can be added", () => {
    const single = (n: number) => [selectorTexts.lastTicket, selectorTexts.oneBeforeMaximum(n)]
    fc.assert(
      fc.property(stateArb, (s) => {
        fc.pre(s.phase === 1)
        const text = selectorMessage(s)?.text ?? ""
        expect(single(s.maxPerPerson).includes(text)).toBe(selectorMax(s) === 1)
      }),
    )
  })

  it("names the tickets already held, and exactly what may still be added", () => {
    fc.assert(
      fc.property(stateArb, (s) => {
        fc.pre(s.phase === 1)
        const max = selectorMax(s)
        const text = selectorMessage(s)?.text
        const named = text === selectorTexts.alreadyHeld(s.boughtToDate, max)
        expect(named).toBe(s.boughtToDate > 0 && max > 1)
      }),
    )
  })
})

describe("notOnSaleMessage", () => {
  it("says coming soon before the start and closed at every later phase but Open", () => {
    expect([0, 2, 3].map((phase) => notOnSaleMessage(phase as CompetitionPhase))).toEqual([
      "Competition coming soon!",
      "Competition has closed! Best of luck to everyone!",
      "Competition has closed! Best of luck to everyone!",
    ])
  })
})

describe("ticketLimitMessage", () => {
  /** A refused add: what the basket would hold is more than the allowance or the stock allows. */
  const limitArb = fc.record({
    maxPerCustomer: fc.integer({ min: 1, max: 20 }),
    alreadyHeld: fc.nat(25),
    requested: fc.integer({ min: 1, max: 40 }),
  })

  it("keeps docs/product/errors.md's words", () => {
    const n = 5
    expect(ticketLimitMessage({ maxPerCustomer: n, alreadyHeld: 5, requested: 1 })).toBe(
      "You have purchased the maximum number of tickets per person in this competition (5).",
    )
    expect(ticketLimitMessage({ maxPerCustomer: n, alreadyHeld: 2, requested: 4 })).toBe(
      "Your basket and previous purchases together have reached the maximum number of tickets per person in this competition (5).",
    )
    expect(ticketLimitMessage({ maxPerCustomer: n, alreadyHeld: 0, requested: 6 })).toBe(
      "Your basket has reached the maximum number of tickets per person in this competition (5).",
    )
    expect(ticketLimitMessage({ maxPerCustomer: n, alreadyHeld: 0, requested: 3 })).toBe(
      "Including the tickets in your basket, this competition is sold out!",
    )
  })

  it("is always one of the selector's blocking sentences for that maximum", () => {
    fc.assert(
      fc.property(limitArb, (limit) => {
        const n = limit.maxPerCustomer
        const t = selectorTexts
        expect([
          t.purchasedMaximum(n),
          t.basketAndPurchasesAtMaximum(n),
          t.basketAtMaximum(n),
          t.soldOutIncludingBasket,
        ]).toContain(ticketLimitMessage(limit))
      }),
    )
  })

  it("blames the per-person maximum exactly when it, not the stock, is short", () => {
    fc.assert(
      fc.property(limitArb, (limit) => {
        const allowanceShort = limit.requested > limit.maxPerCustomer - limit.alreadyHeld
        const text = ticketLimitMessage(limit)
        expect(text.includes(`(${limit.maxPerCustomer})`)).toBe(allowanceShort)
        // Earlier purchases are named whenever they are part of why.
        expect(text.includes("purchase")).toBe(allowanceShort && limit.alreadyHeld > 0)
      }),
    )
  })
})
