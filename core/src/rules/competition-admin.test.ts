import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  type CompetitionDraft,
  changeRefusal,
  competitionMessages,
  DRAWN_FIELDS,
  deletionRefusal,
  MAX_TOTAL_TICKETS,
  refusalDetail,
  type StoredCompetition,
  validateCompetitionDraft,
} from "./competition-admin.js"

const DAY = 24 * 60 * 60 * 1000
const NOW = new Date("2026-06-01T12:00:00Z")
const at = (days: number) => new Date(NOW.getTime() + days * DAY)

const draft = (overrides: Partial<CompetitionDraft> = {}): CompetitionDraft => ({
  name: "Signed Ashes Bat",
  description: "<p>A bat</p>",
  ticketPrice: 250,
  totalTickets: 1000,
  maxTicketsPerCustomer: 50,
  defaultTicketSaleQuantity: 5,
  cashAlternativeValue: null,
  startDateTimeUtc: at(1),
  closeDateTimeUtc: at(10),
  drawDateTimeUtc: at(11),
  drawType: "Automatic",
  drawOnSellOut: false,
  visibilityStatus: "Hidden",
  categoryIds: [],
  attributes: [],
  imageGroupId: null,
  ...overrides,
})

const stored = (overrides: Partial<StoredCompetition> = {}): StoredCompetition => ({
  ...draft(),
  ticketsSold: 0,
  openOrders: 0,
  drawBroughtForward: null,
  drawn: false,
  highestInstantWinNumber: null,
  ...overrides,
})

describe("validateCompetitionDraft", () => {
  it("accepts a well-formed competition", () => {
    expect(validateCompetitionDraft(draft(), NOW)).toEqual({})
  })

  it.each<[string, Partial<CompetitionDraft>, keyof CompetitionDraft, string]>([
    ["a blank name", { name: "  " }, "name", competitionMessages.nameRequired],
    [
      "a negative price",
      { ticketPrice: -1 },
      "ticketPrice",
      competitionMessages.ticketPriceNegative,
    ],
    ["no tickets", { totalTickets: 0 }, "totalTickets", competitionMessages.totalTicketsOutOfRange],
    [
      "too many tickets",
      { totalTickets: MAX_TOTAL_TICKETS + 1 },
      "totalTickets",
      competitionMessages.totalTicketsOutOfRange,
    ],
    [
      "a per-person maximum above the total",
      { totalTickets: 10, maxTicketsPerCustomer: 11, defaultTicketSaleQuantity: 1 },
      "maxTicketsPerCustomer",
      competitionMessages.maxPerPersonAboveTotal,
    ],
    [
      "a default quantity above the maximum",
      { defaultTicketSaleQuantity: 51 },
      "defaultTicketSaleQuantity",
      competitionMessages.defaultQuantityOutOfRange,
    ],
    [
      "a negative cash alternative",
      { cashAlternativeValue: -5 },
      "cashAlternativeValue",
      competitionMessages.cashAlternativeNegative,
    ],
    [
      "a close before the start",
      { closeDateTimeUtc: at(1) },
      "closeDateTimeUtc",
      competitionMessages.closeNotAfterStart,
    ],
    [
      "a close in the past",
      {
        startDateTimeUtc: at(-5),
        closeDateTimeUtc: at(-1),
        drawDateTimeUtc: null,
        drawType: "None",
      },
      "closeDateTimeUtc",
      competitionMessages.closeInPast,
    ],
    [
      "a draw before the close",
      { drawDateTimeUtc: at(9) },
      "drawDateTimeUtc",
      competitionMessages.drawBeforeClose,
    ],
    [
      "a live draw without a date",
      { drawType: "Live", drawDateTimeUtc: null },
      "drawDateTimeUtc",
      competitionMessages.drawDateRequired,
    ],
    [
      "an attribute type twice",
      {
        attributes: [
          { attributeTypeId: "A", value: "1" },
          { attributeTypeId: "a", value: "2" },
        ],
      },
      "attributes",
      competitionMessages.attributeRepeated,
    ],
  ])("refuses %s", (_, overrides, field, message) => {
    expect(validateCompetitionDraft(draft(overrides), NOW)[field]).toBe(message)
  })

  it("does not judge unchanged past dates again, so a finished competition can be renamed", () => {
    const past = draft({
      startDateTimeUtc: at(-20),
      closeDateTimeUtc: at(-10),
      drawDateTimeUtc: at(-9),
    })
    expect(validateCompetitionDraft({ ...past, name: "Renamed" }, NOW, past)).toEqual({})
    expect(validateCompetitionDraft(past, NOW)).toHaveProperty("closeDateTimeUtc")
  })

  it("never accepts dates out of order, whatever they are", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        fc.integer({ min: -50, max: 50 }),
        (s, c, d) => {
          const errors = validateCompetitionDraft(
            draft({ startDateTimeUtc: at(s), closeDateTimeUtc: at(c), drawDateTimeUtc: at(d) }),
            NOW,
          )
          const accepted =
            errors.closeDateTimeUtc === undefined && errors.drawDateTimeUtc === undefined
          if (accepted) {
            expect(c).toBeGreaterThan(s)
            expect(d).toBeGreaterThanOrEqual(c)
            expect(c).toBeGreaterThan(0)
          }
        },
      ),
    )
  })
})

const liveAndSold = fc.record({
  startDay: fc.integer({ min: -30, max: 30 }),
  length: fc.integer({ min: 1, max: 30 }),
  total: fc.integer({ min: 1, max: 10_000 }),
  soldShare: fc.double({ min: 0, max: 1, noNaN: true }),
  drawn: fc.boolean(),
  visible: fc.boolean(),
})

const storedFrom = (s: {
  startDay: number
  length: number
  total: number
  soldShare: number
  drawn: boolean
  visible: boolean
}) =>
  stored({
    visibilityStatus: s.visible ? "Visible" : "Hidden",
    startDateTimeUtc: at(s.startDay),
    closeDateTimeUtc: at(s.startDay + s.length),
    drawDateTimeUtc: at(s.startDay + s.length + 1),
    totalTickets: s.total,
    maxTicketsPerCustomer: 1,
    defaultTicketSaleQuantity: 1,
    // Nothing is sold before the start.
    ticketsSold: s.startDay > 0 ? 0 : Math.floor(s.total * s.soldShare),
    drawn: s.drawn && s.startDay + s.length + 1 <= 0,
  })

describe("changeRefusal", () => {
  it("lets a competition with no history change anything", () => {
    expect(
      changeRefusal(stored(), draft({ totalTickets: 10, closeDateTimeUtc: at(20) }), NOW),
    ).toBeNull()
  })

  it("never lets the total fall below the tickets sold", () => {
    fc.assert(
      fc.property(liveAndSold, fc.integer({ min: 1, max: 20_000 }), (s, total) => {
        const before = storedFrom(s)
        const refusal = changeRefusal(before, { ...before, totalTickets: total }, NOW)
        if (refusal === null) expect(total).toBeGreaterThanOrEqual(before.ticketsSold)
      }),
    )
  })

  it("never shrinks the pool once live or sold, nor after the close", () => {
    fc.assert(
      fc.property(liveAndSold, fc.integer({ min: 1, max: 20_000 }), (s, total) => {
        const before = storedFrom(s)
        const refusal = changeRefusal(before, { ...before, totalTickets: total }, NOW)
        if (refusal === null && total !== before.totalTickets) {
          expect(NOW < before.closeDateTimeUtc).toBe(true)
          if (total < before.totalTickets) {
            expect(before.ticketsSold).toBe(0)
            expect(before.visibilityStatus === "Hidden" || NOW < before.startDateTimeUtc).toBe(true)
          }
        }
      }),
    )
  })

  it("never moves the start or the close of a competition on sale", () => {
    fc.assert(
      fc.property(
        liveAndSold,
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -5, max: 5 }),
        (s, ds, dc) => {
          const before = storedFrom(s)
          const next = {
            ...before,
            startDateTimeUtc: new Date(before.startDateTimeUtc.getTime() + ds * DAY),
            closeDateTimeUtc: new Date(before.closeDateTimeUtc.getTime() + dc * DAY),
          }
          const onSaleBefore =
            before.ticketsSold > 0 ||
            (before.visibilityStatus === "Visible" && NOW >= before.startDateTimeUtc)
          if (changeRefusal(before, next, NOW) === null && onSaleBefore) {
            expect(ds).toBe(0)
            expect(dc).toBe(0)
          }
        },
      ),
    )
  })

  it("lets no edit move the dates of a competition on sale, nor any once tickets are held", () => {
    const edit = fc.record({
      startShift: fc.integer({ min: -3, max: 3 }),
      closeShift: fc.integer({ min: -3, max: 3 }),
      drawShift: fc.integer({ min: -3, max: 3 }),
      visible: fc.boolean(),
      // Staff come back to the form later: the clock moves on between edits.
      daysLater: fc.integer({ min: 0, max: 3 }),
    })
    fc.assert(
      fc.property(liveAndSold, fc.array(edit, { maxLength: 12 }), (s, edits) => {
        let current = storedFrom({ ...s, drawn: false })
        let clock = NOW
        // Held tickets never go away here, so neither date may ever move from the first.
        const heldClose = current.ticketsSold > 0 ? current.closeDateTimeUtc.getTime() : null
        const heldDraw = current.drawDateTimeUtc?.getTime() ?? null
        for (const e of edits) {
          const onSaleBefore =
            current.ticketsSold > 0 ||
            (current.visibilityStatus === "Visible" && clock >= current.startDateTimeUtc)
          const shift = (d: Date, n: number) => new Date(d.getTime() + n * DAY)
          const next = {
            ...current,
            startDateTimeUtc: shift(current.startDateTimeUtc, e.startShift),
            closeDateTimeUtc: shift(current.closeDateTimeUtc, e.closeShift),
            drawDateTimeUtc:
              current.drawDateTimeUtc === null ? null : shift(current.drawDateTimeUtc, e.drawShift),
            visibilityStatus: e.visible ? ("Visible" as const) : ("Hidden" as const),
          }
          const accepted = changeRefusal(current, next, clock) === null
          if (accepted && onSaleBefore) {
            expect(next.startDateTimeUtc).toEqual(current.startDateTimeUtc)
            expect(next.closeDateTimeUtc).toEqual(current.closeDateTimeUtc)
            expect(next.drawDateTimeUtc).toEqual(current.drawDateTimeUtc)
          }
          if (accepted) current = { ...current, ...next }
          if (heldClose !== null) {
            expect(current.closeDateTimeUtc.getTime()).toBe(heldClose)
            expect(current.drawDateTimeUtc?.getTime() ?? null).toBe(heldDraw)
          }
          clock = shift(clock, e.daysLater)
        }
      }),
    )
  })

  it("lets a hidden competition nobody holds a ticket of change its dates, its opening past", () => {
    const hidden = stored({ startDateTimeUtc: at(-1) })
    expect(
      changeRefusal(
        hidden,
        { ...hidden, startDateTimeUtc: at(1), closeDateTimeUtc: at(12), drawDateTimeUtc: at(13) },
        NOW,
      ),
    ).toBeNull()
    const held = { ...hidden, ticketsSold: 1 }
    expect(changeRefusal(held, { ...held, closeDateTimeUtc: at(12) }, NOW)).toEqual({
      reason: "DatesFixedOnceLive",
      field: "closeDateTimeUtc",
    })
  })

  it("says which date of a live competition cannot move", () => {
    const live = stored({ startDateTimeUtc: at(-1), visibilityStatus: "Visible" })
    const refusal = changeRefusal(live, { ...live, drawDateTimeUtc: at(12) }, NOW)
    expect(refusal).toEqual({ reason: "DatesFixedOnceLive", field: "drawDateTimeUtc" })
    expect(refusalDetail(refusal as NonNullable<typeof refusal>)).toBe(
      "The competition is live: its draw date can no longer move.",
    )
  })

  it("freezes what the draw was made on once drawn, but not its presentation", () => {
    const drawn = stored({
      startDateTimeUtc: at(-20),
      closeDateTimeUtc: at(-10),
      drawDateTimeUtc: at(-9),
      drawn: true,
      ticketsSold: 10,
    })
    expect(
      changeRefusal(drawn, { ...drawn, name: "New", visibilityStatus: "Visible" }, NOW),
    ).toBeNull()
    fc.assert(
      fc.property(fc.constantFrom(...DRAWN_FIELDS), (field) => {
        const value = drawn[field]
        const changed =
          value instanceof Date
            ? new Date(value.getTime() + DAY)
            : typeof value === "number"
              ? value + 1
              : value === null
                ? 1
                : value === "Live"
                  ? "Automatic"
                  : "Live"
        const refusal = changeRefusal(drawn, { ...drawn, [field]: changed }, NOW)
        expect(refusal).toEqual({ reason: "AlreadyDrawn", fields: [field] })
        expect(refusalDetail(refusal as NonNullable<typeof refusal>)).toContain(field)
      }),
    )
  })

  it("refuses to shrink below an instant-win number", () => {
    const before = stored({ highestInstantWinNumber: 900 })
    expect(changeRefusal(before, { ...before, totalTickets: 899 }, NOW)).toEqual({
      reason: "ShrinkBelowInstantWin",
      highest: 900,
    })
    expect(changeRefusal(before, { ...before, totalTickets: 900 }, NOW)).toBeNull()
  })
})

describe("deletionRefusal", () => {
  it("allows deleting only what nobody entered and nothing drew", () => {
    fc.assert(
      fc.property(fc.nat(5), fc.boolean(), fc.boolean(), (ticketsSold, ordered, drawn) => {
        const refusal = deletionRefusal({ ticketsSold, ordered, drawn })
        expect(refusal === null).toBe(ticketsSold === 0 && !ordered && !drawn)
      }),
    )
  })
})

describe("draw as soon as it sells out", () => {
  it("is for automatic draws only", () => {
    expect(validateCompetitionDraft(draft({ drawOnSellOut: true }), NOW)).toEqual({})
    expect(validateCompetitionDraft(draft({ drawOnSellOut: true, drawType: "Live" }), NOW)).toEqual(
      { drawOnSellOut: competitionMessages.drawOnSellOutNeedsAutomatic },
    )
  })

  it("is fixed once the competition is live, as its dates are", () => {
    const live = stored({ visibilityStatus: "Visible", startDateTimeUtc: at(-1) })
    const refusal = changeRefusal(live, draft({ ...live, drawOnSellOut: true }), NOW)
    expect(refusal).toEqual({ reason: "DatesFixedOnceLive", field: "drawOnSellOut" })
    expect(refusal && refusalDetail(refusal)).toBe(
      "The competition is live: its choice to draw as soon as it sells out can no longer change.",
    )
    expect(changeRefusal(stored(), draft({ drawOnSellOut: true }), NOW)).toBeNull()
  })
})
