import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  arbitraryCompetitionSchedule,
  arbitraryInstantMs,
  arbitraryListing,
} from "../testing/arbitraries/index.js"
import {
  betterOdds,
  type CompetitionPhase,
  type CompetitionSchedule,
  clockSkewMs,
  competitionPhase,
  competitionStatus,
  countdownParts,
  ENDING_SOON_MINUTES,
  inTimePeriod,
  isEndingSoon,
  isOnSale,
  MINUTES_PER_WEEK,
  nextDeadline,
  nextLiveDrawSlot,
  odds,
  percentSold,
  serverCorrectedNow,
  tileButtonLabel,
  timePeriodOf,
} from "./competition.js"
import { zonedParts, zonedTimeToUtc } from "./dates.js"

const at = (iso: string): Date => new Date(iso)
const DAY = 86_400_000

const schedule: CompetitionSchedule = {
  start: at("2025-03-01T12:00:00Z"),
  close: at("2025-03-20T20:00:00Z"),
  draw: at("2025-03-20T20:30:00Z"),
}

const instant = arbitraryInstantMs()
const scheduleArb = arbitraryCompetitionSchedule()

describe("competitionPhase", () => {
  it.each([
    ["2025-02-28T00:00:00Z", 0],
    ["2025-03-01T12:00:00Z", 1],
    ["2025-03-20T19:59:59Z", 1],
    ["2025-03-20T20:00:00Z", 2],
    ["2025-03-20T20:30:00Z", 3],
    ["2026-01-01T00:00:00Z", 3],
  ])("at %s is phase %i", (now, phase) => {
    expect(competitionPhase(schedule, at(now))).toBe(phase)
  })

  it("goes straight from open to closed when there is no draw date", () => {
    expect(competitionPhase({ ...schedule, draw: null }, at("2025-03-20T20:00:00Z"))).toBe(3)
  })

  it("never moves backwards as time passes", () => {
    fc.assert(
      fc.property(scheduleArb, instant, fc.nat(100 * DAY), (s, now, later) => {
        expect(competitionPhase(s, new Date(now + later))).toBeGreaterThanOrEqual(
          competitionPhase(s, new Date(now)),
        )
      }),
    )
  })
})

describe("nextDeadline", () => {
  it("counts to the start, then the close, then the draw, then nothing", () => {
    expect(nextDeadline(schedule, at("2025-02-01T00:00:00Z"))).toEqual(schedule.start)
    expect(nextDeadline(schedule, at("2025-03-10T00:00:00Z"))).toEqual(schedule.close)
    expect(nextDeadline(schedule, at("2025-03-20T20:10:00Z"))).toEqual(schedule.draw)
    expect(nextDeadline(schedule, at("2025-03-21T00:00:00Z"))).toBeNull()
  })

  it("is always in the future, and missing only once closed", () => {
    fc.assert(
      fc.property(scheduleArb, instant, (s, t) => {
        const now = new Date(t)
        const deadline = nextDeadline(s, now)
        if (deadline === null) expect(competitionPhase(s, now)).toBe(3)
        else expect(deadline.getTime()).toBeGreaterThan(t)
      }),
    )
  })
})

describe("isEndingSoon", () => {
  it("measures three weeks in 10080-minute weeks", () => {
    expect(MINUTES_PER_WEEK).toBe(10080)
    expect(ENDING_SOON_MINUTES).toBe(30240)
  })

  it("is true just inside three weeks and false at exactly three weeks", () => {
    const longRunning = { ...schedule, start: at("2025-01-01T00:00:00Z") }
    const close = longRunning.close.getTime()
    expect(isEndingSoon(longRunning, new Date(close - 21 * DAY + 1))).toBe(true)
    expect(isEndingSoon(longRunning, new Date(close - 21 * DAY))).toBe(false)
  })

  it("is false once there is nothing left to count to", () => {
    expect(isEndingSoon(schedule, at("2025-04-01T00:00:00Z"))).toBe(false)
  })

  it("agrees with the countdown being under 21 days", () => {
    fc.assert(
      fc.property(scheduleArb, instant, (s, t) => {
        const parts = countdownParts(nextDeadline(s, new Date(t)), new Date(t))
        if (parts !== null && parts.days >= 21) expect(isEndingSoon(s, new Date(t))).toBe(false)
        if (parts !== null && parts.days < 20) expect(isEndingSoon(s, new Date(t))).toBe(true)
        if (parts === null) expect(isEndingSoon(s, new Date(t))).toBe(false)
      }),
    )
  })
})

describe("isOnSale", () => {
  const listing = { ...schedule, ticketsLeft: 10 }

  it("is open with a ticket left: not before opening, not once closed, not sold out", () => {
    expect(isOnSale(listing, at("2025-03-01T11:59:59Z"))).toBe(false)
    expect(isOnSale(listing, at("2025-03-01T12:00:00Z"))).toBe(true)
    expect(isOnSale(listing, at("2025-03-20T19:59:59Z"))).toBe(true)
    // Closed, awaiting the draw; then drawn.
    expect(isOnSale(listing, at("2025-03-20T20:00:00Z"))).toBe(false)
    expect(isOnSale(listing, at("2025-03-21T00:00:00Z"))).toBe(false)
    expect(isOnSale({ ...listing, ticketsLeft: 1 }, at("2025-03-10T00:00:00Z"))).toBe(true)
    expect(isOnSale({ ...listing, ticketsLeft: 0 }, at("2025-03-10T00:00:00Z"))).toBe(false)
    expect(isOnSale({ ...listing, ticketsLeft: -2 }, at("2025-03-10T00:00:00Z"))).toBe(false)
  })
})

describe("timePeriodOf", () => {
  it("is the narrowest list the competition is in: filtering by it lists the competition", () => {
    fc.assert(
      fc.property(arbitraryListing(), instant, (c, t) => {
        const now = new Date(t)
        const own = timePeriodOf(c, now)
        expect(inTimePeriod(c, own, now)).toBe(true)
        expect(own === "Past").toBe(inTimePeriod(c, "Past", now))
        expect(own === "EndingSoon").toBe(inTimePeriod(c, "EndingSoon", now))
        expect(own === "Past").toBe(!inTimePeriod(c, "Current", now))
      }),
    )
  })
})

describe("inTimePeriod", () => {
  const listingArb = arbitraryListing()

  it("puts every competition in exactly one of Current and Past, and in All", () => {
    fc.assert(
      fc.property(listingArb, instant, (c, t) => {
        const now = new Date(t)
        expect(inTimePeriod(c, "All", now)).toBe(true)
        expect(inTimePeriod(c, "Current", now)).toBe(!inTimePeriod(c, "Past", now))
      }),
    )
  })

  it("lists as ending soon exactly what is on sale and closing within three weeks", () => {
    fc.assert(
      fc.property(listingArb, instant, (c, t) => {
        const now = new Date(t)
        expect(inTimePeriod(c, "EndingSoon", now)).toBe(isOnSale(c, now) && isEndingSoon(c, now))
        if (inTimePeriod(c, "EndingSoon", now)) {
          expect(inTimePeriod(c, "Current", now)).toBe(true)
          expect(competitionPhase(c, now)).toBe(1)
        }
      }),
    )
  })

  it("never lists a coming-soon competition as ending soon, however near its opening", () => {
    const comingSoon = { ...schedule, ticketsLeft: 10 }
    expect(isEndingSoon(comingSoon, at("2025-03-01T11:59:00Z"))).toBe(true)
    expect(inTimePeriod(comingSoon, "EndingSoon", at("2025-03-01T11:59:00Z"))).toBe(false)
    expect(inTimePeriod(comingSoon, "EndingSoon", at("2025-03-19T20:00:00Z"))).toBe(true)
    expect(inTimePeriod(comingSoon, "Past", at("2025-03-20T20:30:00Z"))).toBe(true)
  })

  it("leaves out of ending soon a competition awaiting its draw, drawn, or sold out", () => {
    const c = { ...schedule, ticketsLeft: 10 }
    // Closed at 20:00, drawn at 20:30: both deadlines under three weeks away.
    expect(isEndingSoon(c, at("2025-03-20T20:10:00Z"))).toBe(true)
    expect(inTimePeriod(c, "EndingSoon", at("2025-03-20T20:10:00Z"))).toBe(false)
    expect(inTimePeriod(c, "EndingSoon", at("2025-03-20T21:00:00Z"))).toBe(false)
    expect(inTimePeriod({ ...c, ticketsLeft: 0 }, "EndingSoon", at("2025-03-19T20:00:00Z"))).toBe(
      false,
    )
  })
})

describe("percentSold", () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [2, 3, 66],
    [999, 1000, 99],
    [1000, 1000, 100],
    [5, 0, 100],
    [0, 0, 0],
    [-3, 10, 0],
  ])("%i of %i sold is %i%%", (sold, total, percent) => {
    expect(percentSold(sold, total)).toBe(percent)
  })

  it("is a whole number from 0 to 100 that never falls as more are sold", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), fc.nat(1_000), (sold, total, more) => {
        const p = percentSold(sold, total)
        expect(Number.isInteger(p)).toBe(true)
        expect(p).toBeGreaterThanOrEqual(0)
        expect(p).toBeLessThanOrEqual(100)
        expect(percentSold(sold + more, total)).toBeGreaterThanOrEqual(p)
      }),
    )
  })
})

describe("countdownParts", () => {
  it("is null without a deadline, so the storefront shows a dash", () => {
    expect(countdownParts(null, at("2025-01-01T00:00:00Z"))).toBeNull()
  })

  it("splits the time left into days, hours, minutes and seconds", () => {
    expect(countdownParts(at("2025-01-02T03:04:05.900Z"), at("2025-01-01T00:00:00Z"))).toEqual({
      days: 1,
      hours: 3,
      minutes: 4,
      seconds: 5,
    })
  })

  it("stays at zero once the deadline has passed", () => {
    expect(countdownParts(at("2025-01-01T00:00:00Z"), at("2025-01-05T00:00:00Z"))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    })
  })

  it("recomposes to the remaining whole seconds", () => {
    fc.assert(
      fc.property(instant, instant, (deadline, now) => {
        const parts = countdownParts(new Date(deadline), new Date(now))
        expect(parts).not.toBeNull()
        if (parts === null) return
        const { days, hours, minutes, seconds } = parts
        expect(hours).toBeLessThan(24)
        expect(minutes).toBeLessThan(60)
        expect(seconds).toBeLessThan(60)
        expect(days * 86_400 + hours * 3_600 + minutes * 60 + seconds).toBe(
          Math.max(0, Math.floor((deadline - now) / 1000)),
        )
      }),
    )
  })
})

describe("server-corrected time", () => {
  it("moves a slow client clock forward to the server's time", () => {
    const skew = clockSkewMs(at("2025-01-01T12:00:30Z"), at("2025-01-01T12:00:00Z"))
    expect(skew).toBe(30_000)
    expect(serverCorrectedNow(at("2025-01-01T13:00:00Z"), skew)).toEqual(at("2025-01-01T13:00:30Z"))
  })

  it("recovers the server's clock from the client's for any skew", () => {
    fc.assert(
      fc.property(instant, instant, (server, client) => {
        const skew = clockSkewMs(new Date(server), new Date(client))
        expect(serverCorrectedNow(new Date(client), skew).getTime()).toBe(server)
      }),
    )
  })
})

describe("odds", () => {
  it.each([
    [1000, 1, 1000],
    [1000, 3, 334],
    [1000, 0, 1000],
    [1000, -2, 1000],
    [999, 10, 100],
  ])("%i tickets bought %i at a time are 1 in %i", (total, quantity, expected) => {
    expect(odds(total, quantity)).toBe(expected)
  })

  it("offers better odds for one more ticket", () => {
    expect(betterOdds(1000, 3)).toBe(250)
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        (total, q) => {
          expect(betterOdds(total, q)).toBe(odds(total, q + 1))
          expect(betterOdds(total, q)).toBeLessThanOrEqual(odds(total, q))
        },
      ),
    )
  })
})

describe("competitionStatus", () => {
  it("folds closed-awaiting-draw into closed", () => {
    expect([0, 1, 2, 3].map((p) => competitionStatus(p as CompetitionPhase))).toEqual([0, 1, 3, 3])
  })
})

describe("tileButtonLabel", () => {
  it("invites more purchases only while open, and only from a customer who holds tickets", () => {
    expect(tileButtonLabel(1, true, 10)).toBe("PURCHASE MORE TICKETS")
    expect(tileButtonLabel(1, false, 10)).toBe("ENTER NOW")
    for (const phase of [0, 2, 3] as const) {
      expect(tileButtonLabel(phase, true, 10)).toBe("DETAILS")
      expect(tileButtonLabel(phase, false, 10)).toBe("DETAILS")
    }
  })

  it("says SOLD OUT for an open competition with no tickets left", () => {
    expect(tileButtonLabel(1, false, 0)).toBe("SOLD OUT")
    expect(tileButtonLabel(1, true, 0)).toBe("SOLD OUT")
    expect(tileButtonLabel(3, false, 0)).toBe("DETAILS")
  })

  it("never invites anyone into a competition that cannot sell them a ticket", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0, 1, 2, 3),
        fc.boolean(),
        fc.integer({ min: -5, max: 5 }),
        (phase, holds, left) => {
          const label = tileButtonLabel(phase, holds, left)
          const invites = label === "ENTER NOW" || label === "PURCHASE MORE TICKETS"
          expect(invites).toBe(phase === 1 && left > 0)
          // "More" only to someone who holds tickets in it already.
          if (label === "PURCHASE MORE TICKETS") expect(holds).toBe(true)
        },
      ),
    )
  })
})

describe("nextLiveDrawSlot", () => {
  it.each([
    // Summer: 8:30pm BST is 19:30Z.
    ["2025-07-10T12:00:00Z", "2025-07-10T19:30:00.000Z"],
    ["2025-07-10T19:30:00Z", "2025-07-17T19:30:00.000Z"],
    ["2025-07-10T19:29:59Z", "2025-07-10T19:30:00.000Z"],
    ["2025-07-11T00:00:00Z", "2025-07-17T19:30:00.000Z"],
    // Winter: 8:30pm GMT is 20:30Z.
    ["2025-01-09T12:00:00Z", "2025-01-09T20:30:00.000Z"],
    ["2025-01-09T20:30:00Z", "2025-01-16T20:30:00.000Z"],
    ["2025-01-06T08:00:00Z", "2025-01-09T20:30:00.000Z"],
    // Across the clocks going forward (30 March 2025) and back (26 October 2025).
    ["2025-03-28T12:00:00Z", "2025-04-03T19:30:00.000Z"],
    ["2025-10-24T12:00:00Z", "2025-10-30T20:30:00.000Z"],
    // Across a year end.
    ["2025-12-26T12:00:00Z", "2026-01-01T20:30:00.000Z"],
  ])("after %s is %s", (now, slot) => {
    expect(nextLiveDrawSlot(at(now)).toISOString()).toBe(slot)
  })

  it("is the first Thursday 8:30pm in London strictly after now", () => {
    fc.assert(
      fc.property(instant, (t) => {
        const slot = nextLiveDrawSlot(new Date(t))
        const p = zonedParts(slot)
        expect([p.weekday, p.hour, p.minute, p.second]).toEqual([4, 20, 30, 0])
        expect(slot.getTime()).toBeGreaterThan(t)
        const weekBefore = new Date(Date.UTC(p.year, p.month - 1, p.day - 7))
        const previousSlot = zonedTimeToUtc(
          weekBefore.getUTCFullYear(),
          weekBefore.getUTCMonth() + 1,
          weekBefore.getUTCDate(),
          20,
          30,
        )
        expect(previousSlot.getTime()).toBeLessThanOrEqual(t)
      }),
    )
  })
})
