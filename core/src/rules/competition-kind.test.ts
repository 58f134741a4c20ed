import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { DrawType } from "../competitions/model.js"
import { odds } from "./competition.js"
import {
  type CompetitionMake,
  competitionKind,
  competitionKindTexts,
  drawDateWording,
  oddsSaid,
} from "./competition-kind.js"

/** The demo shop's Lucky Dip: fifty tickets, fifty instant wins, no main draw. */
const luckyDip: CompetitionMake = { drawType: "None", totalTickets: 50, instantWinTickets: 50 }
const bat: CompetitionMake = { drawType: "Live", totalTickets: 2500, instantWinTickets: 15 }

const drawType = fc.constantFrom<DrawType>("Live", "Automatic", "None")
/** Small counts as often as large ones, so "every ticket" and "none" come up often. */
const count = fc.oneof(fc.nat(12), fc.nat(200_000))
const make = fc.record({ drawType, totalTickets: count, instantWinTickets: count })
const quantity = fc.oneof(fc.integer({ min: -2, max: 12 }), fc.integer({ min: 1, max: 20_000 }))

describe("competitionKind", () => {
  it("knows a competition where every ticket wins and there is no main draw", () => {
    expect(competitionKind(luckyDip)).toEqual({ mainDraw: false, instantWins: "EveryTicket" })
    expect(competitionKind(bat)).toEqual({ mainDraw: true, instantWins: "Some" })
    expect(competitionKind({ ...bat, instantWinTickets: 0 })).toEqual({
      mainDraw: true,
      instantWins: "None",
    })
  })

  it("says every ticket wins exactly when there are at least as many instant wins as tickets", () => {
    fc.assert(
      fc.property(make, (m) => {
        const kind = competitionKind(m)
        expect(kind.instantWins === "EveryTicket").toBe(
          m.instantWinTickets > 0 && m.instantWinTickets >= m.totalTickets,
        )
        expect(kind.instantWins === "None").toBe(m.instantWinTickets <= 0)
        expect(kind.mainDraw).toBe(m.drawType !== "None")
      }),
    )
  })
})

describe("oddsSaid", () => {
  it("says every ticket wins instead of odds in the Lucky Dip, with no draw odds at all", () => {
    expect(oddsSaid(luckyDip, 1)).toEqual({
      everyTicketWins: true,
      mainDraw: null,
      instantWinOneIn: null,
    })
  })

  it("gives the main draw's odds, and a ticket's instant-win odds beside them", () => {
    expect(oddsSaid(bat, 3)).toEqual({
      everyTicketWins: false,
      mainDraw: { oneIn: 834, withOneMore: 625 },
      instantWinOneIn: 167,
    })
  })

  it("gives only instant-win odds when there is no main draw", () => {
    expect(oddsSaid({ drawType: "None", totalTickets: 500, instantWinTickets: 40 }, 5)).toEqual({
      everyTicketWins: false,
      mainDraw: null,
      instantWinOneIn: 13,
    })
  })

  it("never shows odds where every ticket wins, nor draw odds without a main draw", () => {
    fc.assert(
      fc.property(make, quantity, (m, q) => {
        const said = oddsSaid(m, q)
        if (m.instantWinTickets > 0 && m.instantWinTickets >= m.totalTickets) {
          expect(said.everyTicketWins).toBe(true)
          expect(said.instantWinOneIn).toBeNull()
        }
        if (m.drawType === "None") expect(said.mainDraw).toBeNull()
        else expect(said.mainDraw).not.toBeNull()
        if (m.instantWinTickets <= 0) {
          expect(said.everyTicketWins).toBe(false)
          expect(said.instantWinOneIn).toBeNull()
        }
      }),
    )
  })

  it("never shows odds better than 1 in 1, and always whole ones", () => {
    fc.assert(
      fc.property(make, quantity, (m, q) => {
        const said = oddsSaid(m, q)
        for (const n of [said.mainDraw?.oneIn, said.mainDraw?.withOneMore, said.instantWinOneIn]) {
          if (n === undefined || n === null) continue
          expect(Number.isInteger(n)).toBe(true)
          expect(n).toBeGreaterThanOrEqual(1)
        }
      }),
    )
  })

  it("never makes one more ticket, or more tickets, worse odds, and keeps the storefront's rule", () => {
    fc.assert(
      fc.property(
        make.filter((m) => m.drawType !== "None" && m.totalTickets > 0),
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 0, max: 100 }),
        (m, q, more) => {
          const now = oddsSaid(m, q).mainDraw
          const later = oddsSaid(m, q + more).mainDraw
          expect(now?.withOneMore).toBeLessThanOrEqual(now?.oneIn ?? 0)
          expect(later?.oneIn).toBeLessThanOrEqual(now?.oneIn ?? 0)
          expect(now?.oneIn).toBe(Math.max(1, odds(m.totalTickets, q)))
        },
      ),
    )
  })
})

describe("drawDateWording", () => {
  const formatDate = (d: Date) => d.toISOString().slice(0, 10)

  it("says there is no main draw rather than promising a date", () => {
    expect(drawDateWording("None", null, formatDate)).toBe(
      "No main draw: every prize is an instant win",
    )
    expect(drawDateWording("Live", new Date("2026-12-03T20:30:00Z"), formatDate)).toBe(
      "Draw date: 2026-12-03",
    )
    expect(drawDateWording("Automatic", null, formatDate)).toBe("Draw date to be announced")
  })

  it("never announces a draw date for a competition with no main draw", () => {
    fc.assert(
      fc.property(fc.option(fc.date({ noInvalidDate: true }), { nil: null }), (date) => {
        expect(drawDateWording("None", date, formatDate)).toBe(competitionKindTexts.noMainDraw)
      }),
    )
  })
})
