import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  broughtForward,
  DRAW_NOTICE_MS,
  type DrawForwardFacts,
  drawForwardError,
  drawForwardMessages,
  drawForwardRefusal,
  drawForwardRefusalDetail,
  drawMoveNote,
  publishedDrawTime,
  sellOutClose,
  soldOutAndPaid,
} from "./sold-out-early.js"

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const NOW = new Date("2026-06-01T12:00:00Z")
const at = (ms: number) => new Date(NOW.getTime() + ms)

const facts = (overrides: Partial<DrawForwardFacts> = {}): DrawForwardFacts => ({
  drawType: "Live",
  drawOnSellOut: false,
  drawn: false,
  totalTickets: 100,
  ticketsSold: 100,
  openOrders: 0,
  closeDateTimeUtc: at(10 * DAY),
  drawDateTimeUtc: at(11 * DAY),
  drawBroughtForward: null,
  ...overrides,
})

describe("drawForwardRefusal", () => {
  it("allows a sold-out, paid, undrawn competition with a draw", () => {
    expect(drawForwardRefusal(facts())).toBeNull()
    expect(drawForwardRefusal(facts({ drawType: "Automatic" }))).toBeNull()
  })

  it.each<[string, Partial<DrawForwardFacts>, string]>([
    ["drawn", { drawn: true }, "AlreadyDrawn"],
    ["without a main draw", { drawType: "None" }, "NoDraw"],
    [
      "drawn by the job on sell-out",
      { drawType: "Automatic", drawOnSellOut: true },
      "DrawsOnSellOut",
    ],
    ["not sold out", { ticketsSold: 99 }, "NotSoldOut"],
    ["holding tickets for unpaid orders", { openOrders: 2 }, "OrdersAwaitingPayment"],
  ])("refuses a competition %s", (_, overrides, reason) => {
    const refusal = drawForwardRefusal(facts(overrides))
    expect(refusal?.reason).toBe(reason)
    if (refusal !== null) expect(drawForwardRefusalDetail(refusal)).toMatch(/\w/)
  })

  it("says how many tickets are sold", () => {
    const refusal = drawForwardRefusal(facts({ ticketsSold: 40 }))
    expect(refusal && drawForwardRefusalDetail(refusal)).toBe(
      "Only a sold-out competition's draw can be brought forward: 40 of 100 tickets are sold.",
    )
  })
})

describe("drawForwardError", () => {
  it("accepts a time at least a day ahead and before the published draw", () => {
    expect(drawForwardError(facts(), at(DAY), NOW)).toBeNull()
    expect(drawForwardError(facts(), at(3 * DAY), NOW)).toBeNull()
  })

  it("refuses less than a day's notice", () => {
    expect(drawForwardError(facts(), at(DAY - 1), NOW)).toBe(drawForwardMessages.tooSoon(NOW))
    expect(drawForwardError(facts(), at(HOUR), NOW)).toMatch(/at least 24 hours/)
  })

  it("never moves the draw later, nor to where it already is", () => {
    const published = at(11 * DAY)
    expect(drawForwardError(facts(), published, NOW)).toBe(
      drawForwardMessages.notEarlier(published),
    )
    expect(drawForwardError(facts(), at(12 * DAY), NOW)).toMatch(/earlier than the one published/)
  })

  it("reads the close as the draw time when none is set", () => {
    const c = facts({ drawDateTimeUtc: null, closeDateTimeUtc: at(5 * DAY) })
    expect(publishedDrawTime(c)).toEqual(at(5 * DAY))
    expect(drawForwardError(c, at(5 * DAY), NOW)).toMatch(/earlier/)
  })
})

describe("broughtForward", () => {
  it("closes at the announcement and remembers the first published draw time", () => {
    const once = broughtForward(facts(), at(2 * DAY), NOW)
    expect(once).toEqual({
      closeDateTimeUtc: NOW,
      drawDateTimeUtc: at(2 * DAY),
      drawBroughtForward: { from: at(11 * DAY), at: NOW },
    })
    const later = at(HOUR)
    const twice = broughtForward(
      facts({ ...once, closeDateTimeUtc: once.closeDateTimeUtc }),
      at(HOUR + DAY),
      later,
    )
    expect(twice.drawBroughtForward).toEqual({ from: at(11 * DAY), at: later })
    // Already closed: the close stays where it was.
    expect(twice.closeDateTimeUtc).toEqual(NOW)
  })
})

describe("sellOutClose", () => {
  const auto = (overrides: Partial<DrawForwardFacts> = {}) =>
    facts({ drawType: "Automatic", drawOnSellOut: true, ...overrides })

  it("closes and makes due an automatic draw-on-sell-out competition once sold and paid", () => {
    expect(sellOutClose(auto(), NOW)).toEqual({
      closeDateTimeUtc: NOW,
      drawDateTimeUtc: NOW,
      drawBroughtForward: { from: at(11 * DAY), at: NOW },
    })
  })

  it.each<[string, Partial<DrawForwardFacts>]>([
    ["not chosen", { drawOnSellOut: false }],
    ["a live draw", { drawType: "Live" }],
    ["drawn", { drawn: true }],
    ["tickets left", { ticketsSold: 99 }],
    ["an order awaiting payment", { openOrders: 1 }],
    ["already due", { closeDateTimeUtc: at(-2 * HOUR), drawDateTimeUtc: at(-HOUR) }],
    ["already closed on sell-out", { drawBroughtForward: { from: at(11 * DAY), at: at(-HOUR) } }],
  ])("leaves it alone when %s", (_, overrides) => {
    expect(sellOutClose(auto(overrides), NOW)).toBeNull()
  })
})

const arbitraryFacts = fc.record({
  drawType: fc.constantFrom("None", "Live", "Automatic" as const),
  drawOnSellOut: fc.boolean(),
  drawn: fc.boolean(),
  totalTickets: fc.integer({ min: 1, max: 50 }),
  ticketsSold: fc.integer({ min: 0, max: 50 }),
  openOrders: fc.integer({ min: 0, max: 3 }),
  closeDateTimeUtc: fc.integer({ min: -5 * DAY, max: 20 * DAY }).map(at),
  drawAfterClose: fc.option(fc.integer({ min: 0, max: 20 * DAY }), { nil: null }),
  /** How much later the first published draw time was, once the draw has moved. */
  movedBy: fc.option(fc.integer({ min: 1, max: 20 * DAY }), { nil: null }),
})
const asFacts = ({
  drawAfterClose,
  movedBy,
  ...f
}: typeof arbitraryFacts extends fc.Arbitrary<infer T> ? T : never): DrawForwardFacts => {
  const drawDateTimeUtc =
    drawAfterClose === null ? null : new Date(f.closeDateTimeUtc.getTime() + drawAfterClose)
  const published = drawDateTimeUtc ?? f.closeDateTimeUtc
  return {
    ...f,
    drawDateTimeUtc,
    // A moved draw was first published later than it is now: it only ever moves earlier.
    drawBroughtForward:
      movedBy === null ? null : { from: new Date(published.getTime() + movedBy), at: at(-DAY) },
  }
}
const offset = fc.integer({ min: -5 * DAY, max: 45 * DAY })

describe("properties", () => {
  it("a draw staff bring forward is sold out, earlier than published, with a day's notice, after the close", () => {
    fc.assert(
      fc.property(arbitraryFacts.map(asFacts), offset, (c, requestedIn) => {
        const requested = at(requestedIn)
        if (drawForwardRefusal(c) !== null || drawForwardError(c, requested, NOW) !== null) return
        const moved = broughtForward(c, requested, NOW)
        expect(soldOutAndPaid(c)).toBe(true)
        expect(c.drawn).toBe(false)
        expect(moved.drawDateTimeUtc.getTime()).toBeLessThan(publishedDrawTime(c).getTime())
        expect(moved.drawDateTimeUtc.getTime()).toBeGreaterThanOrEqual(
          NOW.getTime() + DRAW_NOTICE_MS,
        )
        expect(moved.closeDateTimeUtc.getTime()).toBeLessThanOrEqual(NOW.getTime())
        expect(moved.closeDateTimeUtc.getTime()).toBeLessThanOrEqual(c.closeDateTimeUtc.getTime())
        expect(moved.drawBroughtForward.from.getTime()).toBeGreaterThanOrEqual(
          publishedDrawTime(c).getTime(),
        )
      }),
    )
  })

  it("no time at or after the published draw is ever accepted", () => {
    fc.assert(
      fc.property(
        arbitraryFacts.map(asFacts),
        fc.integer({ min: 0, max: 30 * DAY }),
        (c, later) => {
          const requested = new Date(publishedDrawTime(c).getTime() + later)
          expect(drawForwardError(c, requested, NOW)).not.toBeNull()
        },
      ),
    )
  })

  it("a sell-out close happens only when sold and paid, and only ever moves the draw earlier", () => {
    fc.assert(
      fc.property(arbitraryFacts.map(asFacts), (c) => {
        const moved = sellOutClose(c, NOW)
        if (moved === null) return
        expect(c.drawType).toBe("Automatic")
        expect(c.drawOnSellOut).toBe(true)
        expect(soldOutAndPaid(c)).toBe(true)
        expect(moved.drawDateTimeUtc).toEqual(NOW)
        expect(moved.drawDateTimeUtc.getTime()).toBeLessThan(publishedDrawTime(c).getTime())
        expect(moved.closeDateTimeUtc.getTime()).toBeLessThanOrEqual(NOW.getTime())
        // Once moved, a second pass has nothing more to move: exactly one close.
        expect(sellOutClose({ ...c, ...moved }, NOW)).toBeNull()
      }),
    )
  })
})

describe("drawMoveNote", () => {
  it("names the time first published once the draw was brought forward", () => {
    const from = new Date("2026-06-12T19:00:00Z")
    expect(drawMoveNote({ drawOnSellOut: false, drawBroughtForward: { from }, drawn: false })).toBe(
      "Sold out: draw brought forward from 12th June 2026 at 8:00pm",
    )
    expect(
      drawMoveNote({ drawOnSellOut: true, drawBroughtForward: { from }, drawn: true }),
    ).toMatch(/brought forward/)
  })

  it("says a draw-on-sell-out until it is drawn, and nothing otherwise", () => {
    expect(drawMoveNote({ drawOnSellOut: true, drawBroughtForward: null, drawn: false })).toBe(
      "Drawn as soon as every ticket is sold and paid",
    )
    expect(drawMoveNote({ drawOnSellOut: true, drawBroughtForward: null, drawn: true })).toBeNull()
    expect(
      drawMoveNote({ drawOnSellOut: false, drawBroughtForward: null, drawn: false }),
    ).toBeNull()
  })
})
