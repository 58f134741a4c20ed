import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  allocationExceptions,
  allocationReasons,
  allowedQuantity,
  type LineAllocationFacts,
  type SaleWindow,
  saleIsOpen,
  shortfallReason,
} from "./allocation.js"
import { CompetitionPhase, competitionPhase } from "./competition.js"

const DAY = 86_400_000
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 0, 1) })

/** A sale window (opens before it closes) and an instant anywhere around it. */
const saleAndInstant = fc
  .tuple(instant, fc.integer({ min: 1, max: 60 * DAY }), fc.boolean())
  .chain(([opens, length, drawn]) =>
    fc.record({
      sale: fc.constant<SaleWindow>({
        opensAt: new Date(opens),
        closesAt: new Date(opens + length),
        drawn,
      }),
      at: fc
        .oneof(
          fc.integer({ min: opens - 2 * DAY, max: opens + length + 2 * DAY }),
          fc.constantFrom(opens, opens - 1, opens + length, opens + length - 1),
        )
        .map((t) => new Date(t)),
    }),
  )

/**
 * What an allocator can truthfully report: nothing claimed outside the sale,
 * and never more than the customer's allowance.
 */
const reported = saleAndInstant.chain(({ sale, at }) =>
  fc
    .record({
      requested: fc.integer({ min: 1, max: 50 }),
      maxPerCustomer: fc.integer({ min: 1, max: 50 }),
      held: fc.integer({ min: 0, max: 60 }),
      stock: fc.integer({ min: 0, max: 60 }),
    })
    .map(({ requested, maxPerCustomer, held, stock }) => {
      const open = saleIsOpen(sale, at)
      const allowed = allowedQuantity(requested, maxPerCustomer, held)
      const facts: LineAllocationFacts = {
        requested,
        maxPerCustomer,
        held: open ? held : 0,
        claimed: open ? Math.min(allowed, stock) : 0,
        sale,
      }
      return { facts, at, stock, allowed }
    }),
)

describe("saleIsOpen", () => {
  it("is competitionPhase's Open, and never once drawn", () => {
    fc.assert(
      fc.property(saleAndInstant, ({ sale, at }) => {
        const phase = competitionPhase(
          { start: sale.opensAt, close: sale.closesAt, draw: null },
          at,
        )
        expect(saleIsOpen(sale, at)).toBe(!sale.drawn && phase === CompetitionPhase.Open)
      }),
    )
  })

  it("opens at the start instant and closes at the close instant", () => {
    const sale = { opensAt: new Date(1000), closesAt: new Date(2000), drawn: false }
    expect([999, 1000, 1999, 2000].map((t) => saleIsOpen(sale, new Date(t)))).toEqual([
      false,
      true,
      true,
      false,
    ])
  })
})

describe("shortfallReason", () => {
  it("gives no reason exactly when the line got every ticket it asked for", () => {
    fc.assert(
      fc.property(reported, ({ facts, at }) => {
        expect(shortfallReason(facts, at) === null).toBe(facts.claimed >= facts.requested)
      }),
    )
  })

  it("says not open before the sale and closed after it or once drawn, whatever else is true", () => {
    fc.assert(
      fc.property(reported, ({ facts, at }) => {
        fc.pre(!saleIsOpen(facts.sale, at))
        const early = at < facts.sale.opensAt
        expect(shortfallReason(facts, at)).toBe(
          early ? allocationReasons.notOpen : allocationReasons.closed,
        )
      }),
    )
  })

  it("blames the stock when the pool gave less than allowed, else the per-person maximum", () => {
    fc.assert(
      fc.property(reported, ({ facts, at, stock, allowed }) => {
        fc.pre(saleIsOpen(facts.sale, at) && facts.claimed < facts.requested)
        const { claimed, maxPerCustomer: max } = facts
        const expected =
          stock < allowed
            ? claimed === 0
              ? allocationReasons.soldOut
              : allocationReasons.fewerLeft(claimed)
            : claimed === 0
              ? allocationReasons.maximumReached(max)
              : allocationReasons.fewerBeforeMaximum(claimed, max)
        expect(shortfallReason(facts, at)).toBe(expected)
      }),
    )
  })

  it("words the counts as docs/product/errors.md does", () => {
    const sale = { opensAt: new Date(0), closesAt: new Date(10 * DAY), drawn: false }
    const at = new Date(DAY)
    const line = { requested: 4, maxPerCustomer: 5, held: 0, sale }
    expect(shortfallReason({ ...line, claimed: 1 }, at)).toBe("Only 1 ticket was left.")
    expect(shortfallReason({ ...line, claimed: 2, held: 3 }, at)).toBe(
      "Only 2 more tickets before you reach the maximum per person (5).",
    )
    expect(shortfallReason({ ...line, claimed: 0, held: 5 }, at)).toBe(
      "You have reached the maximum number of tickets per person in this competition (5).",
    )
  })
})

describe("allocationExceptions", () => {
  it("lists one entry per line that fell short, in line order, under its competition's name", () => {
    fc.assert(
      fc.property(fc.array(reported, { maxLength: 6 }), (lines) => {
        const at = lines[0]?.at ?? new Date(0)
        const named = lines.map(({ facts }, index) => ({
          ...facts,
          competitionName: `Competition ${index}`,
          ticketNumbers: Array.from({ length: facts.claimed }, (_, i) => i + 1),
        }))
        // Whatever the instant, a line short of what it asked for always has a reason.
        const short = named.filter((line) => line.ticketNumbers.length < line.requested)
        const listed = allocationExceptions(named, at)
        expect(listed.map((e) => e.competitionName)).toEqual(short.map((l) => l.competitionName))
        expect(listed.map((e) => e.exceptionReason)).toEqual(
          short.map((l) => shortfallReason({ ...l, claimed: l.ticketNumbers.length }, at)),
        )
      }),
    )
  })
})
