import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  competitionPayload,
  competitionPhaseLabel,
  competitionValues,
  deleteBlockedReason,
  formMessages,
  newCompetitionValues,
  offersDrawForward,
  requestWithVisibility,
  withAttributeChanged,
  withCategory,
  withoutAttribute,
} from "./competition-form"

const minute = 60_000
const instant = fc
  .integer({ min: Date.UTC(2025, 0, 1) / minute, max: Date.UTC(2030, 0, 1) / minute })
  .map((m) => new Date(m * minute).toISOString())

const request = fc
  .record({
    name: fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() === s && s !== ""),
    description: fc.string({ maxLength: 200 }),
    ticketPrice: fc.integer({ min: 0, max: 10_000_000 }),
    totalTickets: fc.integer({ min: 0, max: 1_000_000 }),
    maxTicketsPerCustomer: fc.integer({ min: 0, max: 1_000_000 }),
    defaultTicketSaleQuantity: fc.integer({ min: 0, max: 1_000 }),
    cashAlternativeValue: fc.option(fc.integer({ min: 0, max: 100_000_000 })),
    startDateTimeUtc: instant,
    closeDateTimeUtc: instant,
    drawDateTimeUtc: fc.option(instant),
    drawType: fc.constantFrom("Live" as const, "Automatic" as const, "None" as const),
    drawOnSellOut: fc.boolean(),
    visibilityStatus: fc.constantFrom("Visible" as const, "Hidden" as const),
    categoryIds: fc.array(fc.uuid(), { maxLength: 3 }),
    attributes: fc.array(
      fc.record({
        attributeTypeId: fc.uuid(),
        value: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ""),
      }),
      { maxLength: 3 },
    ),
    imageGroupId: fc.option(fc.uuid()),
    // Publishing or hiding must keep the switch (decision 0080).
    pickYourNumbers: fc.boolean(),
  })
  // The form offers "draw as soon as it sells out" for automatic draws only.
  .map((r) => ({ ...r, drawOnSellOut: r.drawType === "Automatic" && r.drawOnSellOut }))

describe("the competition form", () => {
  it("sends back exactly what it was shown", () => {
    fc.assert(
      fc.property(request, (sent) => {
        const result = competitionPayload(competitionValues(sent))
        expect(result).toEqual({ ok: true, payload: sent })
      }),
    )
  })

  it("reads pounds as pence and UK times as instants", () => {
    const values = {
      ...newCompetitionValues(new Date("2026-06-01T10:20:00Z")),
      name: "  Cash £500  ",
      ticketPrice: "£2.5",
      totalTickets: "1000",
      maxTicketsPerCustomer: "50",
      cashAlternativeValue: "",
      startDateTimeUtc: "2026-07-01T20:00",
      drawDateTimeUtc: "",
    }
    const result = competitionPayload(values)
    if (!result.ok) throw new Error(JSON.stringify(result.errors))
    expect(result.payload.name).toBe("Cash £500")
    expect(result.payload.ticketPrice).toBe(250)
    expect(result.payload.cashAlternativeValue).toBeNull()
    expect(result.payload.drawDateTimeUtc).toBeNull()
    expect(result.payload.startDateTimeUtc).toBe("2026-07-01T19:00:00.000Z")
  })

  it("names every field it cannot read, in the wire's names", () => {
    const values = {
      ...newCompetitionValues(new Date()),
      ticketPrice: "two pounds",
      totalTickets: "1e3",
      maxTicketsPerCustomer: "-1",
      defaultTicketSaleQuantity: "1.5",
      cashAlternativeValue: "lots",
      closeDateTimeUtc: "",
    }
    expect(competitionPayload(values)).toEqual({
      ok: false,
      errors: {
        ticketPrice: formMessages.money,
        totalTickets: formMessages.count,
        maxTicketsPerCustomer: formMessages.count,
        defaultTicketSaleQuantity: formMessages.count,
        cashAlternativeValue: formMessages.money,
        closeDateTimeUtc: formMessages.dateTime,
      },
    })
  })

  it("sends an untouched stored date exactly, seconds and all", () => {
    const secondsIn = fc
      .integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) })
      .map((ms) => new Date(ms).toISOString())
    fc.assert(
      fc.property(request, secondsIn, secondsIn, (sent, start, close) => {
        const stored = { ...sent, startDateTimeUtc: start, closeDateTimeUtc: close }
        const result = competitionPayload(competitionValues(stored), stored)
        expect(result.ok && result.payload.startDateTimeUtc).toBe(start)
        expect(result.ok && result.payload.closeDateTimeUtc).toBe(close)
      }),
    )
    // A date staff changed is read from the input as typed.
    const stored = {
      startDateTimeUtc: "2026-03-01T10:00:30.000Z",
      closeDateTimeUtc: "2026-03-08T10:00:30.000Z",
      drawDateTimeUtc: null,
    }
    const values = {
      ...competitionValues({ ...fc.sample(request, 1)[0]!, ...stored }),
      closeDateTimeUtc: "2026-03-09T10:00",
    }
    const result = competitionPayload(values, stored)
    expect(result.ok && result.payload.closeDateTimeUtc).toBe("2026-03-09T10:00:00.000Z")
    expect(result.ok && result.payload.startDateTimeUtc).toBe(stored.startDateTimeUtc)
  })

  it("publishes or hides the competition exactly as stored", () => {
    fc.assert(
      fc.property(
        request,
        fc.constantFrom("Visible" as const, "Hidden" as const),
        (sent, visibility) => {
          const stored = {
            ...sent,
            id: "c",
            ticketsSoldToDate: 0,
            currentDateTimeUtc: sent.startDateTimeUtc,
            status: 1 as const,
            type: "Standard" as const,
            timePeriod: "Current" as const,
            attributes: sent.attributes.map((a) => ({
              attributeType: { id: a.attributeTypeId, description: "d" },
              value: a.value,
            })),
            imageGroup: sent.imageGroupId
              ? { id: sent.imageGroupId, name: "g", description: "", images: [] }
              : null,
            instantWinGroups: [],
            drawCommitment: "x",
            instantWinCommitment: null,
            drawResult: null,
            drawBroughtForward: null,
          }
          expect(requestWithVisibility(stored, visibility)).toEqual({
            ...sent,
            visibilityStatus: visibility,
          })
        },
      ),
    )
  })

  it("leaves out attribute rows left blank", () => {
    const values = {
      ...newCompetitionValues(new Date()),
      ticketPrice: "1",
      totalTickets: "10",
      maxTicketsPerCustomer: "5",
      attributes: [
        { attributeTypeId: "", value: "x" },
        { attributeTypeId: "a", value: "  " },
        { attributeTypeId: "b", value: " 3 " },
      ],
    }
    const result = competitionPayload(values)
    expect(result.ok && result.payload.attributes).toEqual([{ attributeTypeId: "b", value: "3" }])
  })

  it("starts a new competition hidden, opening after now, with the draw after the close", () => {
    fc.assert(
      fc.property(instant, (nowIso) => {
        const now = new Date(nowIso)
        const v = newCompetitionValues(now)
        expect(v.visibilityStatus).toBe("Hidden")
        const result = competitionPayload({
          ...v,
          ticketPrice: "1",
          totalTickets: "1",
          maxTicketsPerCustomer: "1",
        })
        if (!result.ok) throw new Error("unreadable")
        const {
          startDateTimeUtc: start,
          closeDateTimeUtc: close,
          drawDateTimeUtc: draw,
        } = result.payload
        expect(Date.parse(start)).toBeGreaterThan(now.getTime())
        expect(Date.parse(close)).toBeGreaterThan(Date.parse(start))
        expect(Date.parse(draw ?? "")).toBeGreaterThan(Date.parse(close))
      }),
    )
  })
})

describe("a competition's phase and delete", () => {
  const c = {
    startDateTimeUtc: "2026-01-01T00:00:00.000Z",
    closeDateTimeUtc: "2026-01-08T00:00:00.000Z",
    drawDateTimeUtc: "2026-01-08T01:00:00.000Z",
  }
  it("follows the dates", () => {
    expect(competitionPhaseLabel(c, new Date("2025-12-31T23:59:00Z"))).toBe("Coming soon")
    expect(competitionPhaseLabel(c, new Date("2026-01-01T00:00:00Z"))).toBe("On sale")
    expect(competitionPhaseLabel(c, new Date("2026-01-08T00:30:00Z"))).toBe("Awaiting draw")
    expect(competitionPhaseLabel(c, new Date("2026-01-08T01:00:00Z"))).toBe("Closed")
    expect(
      competitionPhaseLabel({ ...c, drawDateTimeUtc: null }, new Date("2026-01-08T00:30:00Z")),
    ).toBe("Closed")
  })
  it("offers delete only while nothing is sold", () => {
    expect(deleteBlockedReason({ ticketsSoldToDate: 0 })).toBeNull()
    expect(deleteBlockedReason({ ticketsSoldToDate: 1 })).toContain("1 ticket has been sold")
    expect(deleteBlockedReason({ ticketsSoldToDate: 12 })).toContain("12 tickets have")
  })
})

describe("bringing the draw forward", () => {
  const sold = {
    ticketsSoldToDate: 100,
    totalTickets: 100,
    drawType: "Live" as const,
    drawOnSellOut: false,
    drawResult: null,
  }
  it("is offered for a sold-out competition with a draw still to make", () => {
    expect(offersDrawForward(sold)).toBe(true)
    expect(offersDrawForward({ ...sold, ticketsSoldToDate: 99 })).toBe(false)
    expect(offersDrawForward({ ...sold, drawType: "None" })).toBe(false)
    expect(offersDrawForward({ ...sold, drawType: "Automatic", drawOnSellOut: true })).toBe(false)
    expect(
      offersDrawForward({
        ...sold,
        drawResult: { outcome: "Winner", winningTicketNumber: 1, drawnAt: "2026-06-01T00:00:00Z" },
      }),
    ).toBe(false)
  })

  it("clears the sell-out choice of a draw that is not automatic", () => {
    const values = {
      ...newCompetitionValues(new Date("2026-06-01T10:20:00Z")),
      name: "Bat",
      ticketPrice: "1",
      totalTickets: "10",
      maxTicketsPerCustomer: "5",
      drawOnSellOut: true,
    }
    const live = competitionPayload({ ...values, drawType: "Live" })
    expect(live.ok && live.payload.drawOnSellOut).toBe(false)
    const automatic = competitionPayload({ ...values, drawType: "Automatic" })
    expect(automatic.ok && automatic.payload.drawOnSellOut).toBe(true)
  })
})

describe("the form's lists", () => {
  const ids = fc.array(fc.uuid(), { maxLength: 5 })
  it("tick a category on at the end and off wherever it is", () => {
    fc.assert(
      fc.property(ids, fc.uuid(), (before, id) => {
        expect(withCategory(before, id, true)).toEqual([...before, id])
        const off = withCategory(before, id, false)
        expect(off).not.toContain(id)
        expect(off).toEqual(before.filter((each) => each !== id))
      }),
    )
  })

  const rows = fc.array(
    fc.record({ attributeTypeId: fc.uuid(), value: fc.string({ maxLength: 10 }) }),
    { minLength: 1, maxLength: 5 },
  )
  it("change or remove one attribute row and keep the others as they were", () => {
    fc.assert(
      fc.property(rows, fc.nat(), fc.string({ maxLength: 10 }), (before, n, value) => {
        const index = n % before.length
        const changed = withAttributeChanged(before, index, { value })
        expect(changed[index]).toEqual({ ...before[index], value })
        expect(changed.filter((_, i) => i !== index)).toEqual(before.filter((_, i) => i !== index))
        const removed = withoutAttribute(before, index)
        expect(removed).toEqual([...before.slice(0, index), ...before.slice(index + 1)])
      }),
    )
  })
})
